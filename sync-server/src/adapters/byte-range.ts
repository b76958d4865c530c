// The one reading of a ByteRange against a file's size, shared by the storage adapters so a range
// means the same bytes on local disk and on Google Drive.
import { SERVER_MESSAGES } from '@courtreplay/shared';
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
