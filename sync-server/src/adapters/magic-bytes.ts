// Uploads are judged by their content, not by their name or declared type.

/** MP4/MOV: an ISO BMFF `ftyp` box at offset 4. WebM/Matroska: the EBML magic 1A 45 DF A3. */
export function isVideo(head: Uint8Array): boolean {
  if (head.length >= 8 && head[4] === 0x66 && head[5] === 0x74 && head[6] === 0x79 && head[7] === 0x70) return true;
  return head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3;
}

export type ImageKind = 'jpeg' | 'png' | 'webp';

export function imageKind(head: Uint8Array): ImageKind | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((b, i) => head[i] === b)) return 'png';
  const ascii = (from: number, to: number) => Buffer.from(head.subarray(from, to)).toString('latin1');
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return undefined;
}

/** Bytes needed to decide either check. */
export const MAGIC_HEAD_BYTES = 12;

export function videoMimeType(head: Uint8Array): string {
  if (head.length >= 4 && head[0] === 0x1a) return 'video/webm';
  const brand = Buffer.from(head.subarray(8, 12)).toString('latin1');
  return brand === 'qt  ' ? 'video/quicktime' : 'video/mp4';
}
