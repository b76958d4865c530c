// Where the server's log lines go: stdout, written synchronously, so that a stdout nobody reads any
// more can never hold the process. With npm in front, a process manager that stops the group
// (docker stop) makes npm exit at once and the server's stdout loses its reader. pino's default
// sink writes asynchronously and, on exit, flushes what is left with SonicBoom's flushSync, which
// retries every failed write forever (EPIPE included, sleeping in Atomics.wait between tries): the
// main thread never returns, and no timer, signal or process.exit can end the process. Written
// synchronously, a broken pipe is an error at the write itself (pino then stops logging), and a
// reader that has stopped reading (EAGAIN) is waited for at most stallLimitMs before the sink is
// given up.
import pino from 'pino';

export interface LogSinkOptions {
  fd?: number;
  /** How long writes may keep answering EAGAIN before the sink is given up. */
  stallLimitMs?: number;
  now?: () => number;
}

export const DEFAULT_LOG_STALL_LIMIT_MS = 3_000;

export function stdoutLogSink(options: LogSinkOptions = {}): pino.DestinationStream {
  const now = options.now ?? Date.now;
  const limit = options.stallLimitMs ?? DEFAULT_LOG_STALL_LIMIT_MS;
  let stalledSince: number | undefined;
  let gone = false;
  const stream = pino.destination({
    fd: options.fd ?? 1,
    sync: true,
    retryEAGAIN: () => {
      stalledSince ??= now();
      gone ||= now() - stalledSince >= limit;
      return !gone;
    },
  });
  stream.on('write', () => (stalledSince = undefined));
  // A given-up write is reported as an error; without a listener it would crash the server.
  // Logging stops instead: nothing is left to write to.
  stream.on('error', () => (gone = true));
  const write = stream.write.bind(stream);
  return Object.assign(stream, { write: (line: string) => (gone ? true : write(line)) });
}
