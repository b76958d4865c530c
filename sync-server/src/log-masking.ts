// Log lines never carry a camera's password: every string a log call is given (the message, any
// field, an error's message and stack, however deep) passes through maskCameraUrl before pino
// writes it, at every level. Whatever names an address (a failed query, an answer that did not
// match its definition) is masked without each caller remembering to.
import { maskCameraUrl } from '@courtreplay/shared';
import type { DestinationStream, LoggerOptions } from 'pino';

const MAX_DEPTH = 6;

function masked(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskCameraUrl(value);
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => masked(item, depth + 1));
  if (value instanceof Error) {
    const copy = masked({ ...value }, depth + 1) as Record<string, unknown>;
    const error = new Error(maskCameraUrl(value.message));
    error.name = value.name;
    error.stack = value.stack === undefined ? undefined : maskCameraUrl(value.stack);
    return Object.assign(error, copy);
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, masked(item, depth + 1)]));
}

/** pino's options for every server logger: the masking above on every log call. */
export const maskedLogOptions: Pick<LoggerOptions, 'hooks'> = {
  hooks: {
    logMethod(args, method) {
      method.apply(this, args.map((arg) => masked(arg)) as Parameters<typeof method>);
    },
  },
};

const JSON_STRING = /"(?:[^"\\]|\\.)*"/g;
const MAY_HOLD_PASSWORD = /rtsps?:|pass|pwd/i;

/** A written line, masked string by string: a password's run never reaches past its own JSON string. */
export function maskedLine(line: string): string {
  if (!MAY_HOLD_PASSWORD.test(line)) return line;
  if (!line.startsWith('{')) return maskCameraUrl(line);
  return line.replace(JSON_STRING, (literal) => {
    let text: string;
    try {
      text = JSON.parse(literal) as string;
    } catch {
      return maskCameraUrl(literal);
    }
    const masked = maskCameraUrl(text);
    return masked === text ? literal : JSON.stringify(masked);
  });
}

/**
 * The destination's last line of defence: a child logger's fields (logger.child({ url })) are
 * written from its bindings, which no log call passes, so each written line is masked too.
 */
export function maskedDestination<D extends DestinationStream>(destination: D): D {
  const write = destination.write.bind(destination);
  return Object.assign(destination, { write: (line: string) => write(maskedLine(line)) });
}
