// The one reading of a ByteRange against a file's size, shared by the storage adapters so a range
// means the same bytes on local disk and on Google Drive.
import { SERVER_MESSAGES } from '@courtreplay/shared';
import { Transform } from 'node:stream';
import { DomainError } from '../errors.ts';
import type { ByteRange } from './ports.ts';

/** The inclusive bytes a read returns: the whole file, or the range with its end clamped to size - 1. */
export function clampRange(size: number, range: ByteRange | undefined): { start: number; end: number } {
  if (!range) return { start: 0, end: size - 1 };
  const { start, end } = range;
  const wellFormed = Number.isSafeInteger(start) && start >= 0 && (end === undefined || (Number.isSafeInteger(end) && end >= start));
  if (!wellFormed || start >= size) throw new DomainError('bad_range', SERVER_MESSAGES.storage.rangeNotSatisfiable);
  return { start, end: Math.min(end ?? size - 1, size - 1) };
}

/** Passes on bytes start..end (inclusive) of a stream that begins at byte 0: for a store that ignored Range. */
export function sliceBytes(start: number, end: number): Transform {
  let at = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, callback) {
      const from = Math.max(start - at, 0);
      const to = Math.min(end + 1 - at, chunk.length);
      at += chunk.length;
      callback(null, from < to ? chunk.subarray(from, to) : undefined);
    },
  });
}
