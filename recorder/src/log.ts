// The recorder's log: one line per event on stdout. A camera URL carries its password, and the
// password must never reach a log (an operator pastes logs into chats), so every line goes
// through maskSecrets, ffmpeg's own messages included.

/**
 * `rtsp://user:secret@host` -> `rtsp://user:****@host`, wherever it appears in the text; also a
 * password some cameras take in the query (`?password=`, `&pwd=`).
 */
export function maskSecrets(text: string): string {
  return text
    .replace(/\b(rtsps?:\/\/[^\s:/@]*):[^\s@/]*@/gi, '$1:****@')
    .replace(/\b(rtsps?:\/\/\S*?[?&](?:password|pwd|pass|passwd)=)[^&\s]*/gi, '$1****');
}

export type Level = 'info' | 'warn' | 'error';
export type LogSink = (line: string) => void;

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export function createLogger(sink: LogSink = (line) => process.stdout.write(`${line}\n`)): Logger {
  const write = (level: Level, message: string) => sink(`${new Date().toISOString()} ${level.padEnd(5)} ${maskSecrets(message)}`);
  return {
    info: (m) => write('info', m),
    warn: (m) => write('warn', m),
    error: (m) => write('error', m),
  };
}
