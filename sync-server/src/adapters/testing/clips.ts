// Small byte strings that pass (or fail) the magic-byte checks: no ffmpeg needed for API tests.
import { randomBytes } from 'node:crypto';

/** An ISO BMFF `ftyp` box (brand isom) followed by `size - 24` random bytes. */
export function mp4Bytes(size: number): Buffer {
  const ftyp = Buffer.from([
    0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x6d, 0x70, 0x34, 0x31,
  ]);
  return Buffer.concat([ftyp, randomBytes(Math.max(0, size - ftyp.length))]).subarray(0, size);
}

export function webmBytes(size: number): Buffer {
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(size - 4)]);
}

export const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);

export function pngBytes(size: number): Buffer {
  return Buffer.concat([PNG_MAGIC, randomBytes(size - PNG_MAGIC.length)]);
}

export function jpegBytes(size: number): Buffer {
  return Buffer.concat([JPEG_MAGIC, randomBytes(size - JPEG_MAGIC.length)]);
}
