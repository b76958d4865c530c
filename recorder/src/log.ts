// The recorder's log: one line per event on stdout. A camera URL carries its password, and the
// password must never reach a log (an operator pastes logs into chats), so every line goes
// through shared's maskCameraUrl, the rule the server's log and answers use, ffmpeg's own messages
// included.
import { maskCameraUrl } from '@courtreplay/shared';

export type Level = 'info' | 'warn' | 'error';
export type LogSink = (line: string) => void;

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export function createLogger(sink: LogSink = (line) => process.stdout.write(`${line}\n`), now: () => number = Date.now): Logger {
  const write = (level: Level, message: string) => sink(`${new Date(now()).toISOString()} ${level.padEnd(5)} ${maskCameraUrl(message)}`);
  return {
    info: (m) => write('info', m),
    warn: (m) => write('warn', m),
    error: (m) => write('error', m),
  };
}
