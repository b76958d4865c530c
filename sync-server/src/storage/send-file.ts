// A file answer with byte ranges (a <video> seeks with them; a phone resumes a download with them),
// streamed from disk.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Context } from 'hono';
import type { ByteRange, FileRead } from '../adapters/ports.ts';
import { parseRange } from '../http/range-header.ts';
import { webStreamOf } from '../http/web-body.ts';

export interface SendFileOptions {
  contentType: string;
  cacheControl: string;
  /** e.g. `attachment; filename="clip.mp4"` */
  disposition?: string;
}

export async function sendFile(c: Context, path: string, options: SendFileOptions): Promise<Response> {
  const { size, mtime } = await stat(path);
  const headers: Record<string, string> = {
    'Content-Type': options.contentType,
    'Cache-Control': options.cacheControl,
    'Accept-Ranges': 'bytes',
    'Last-Modified': mtime.toUTCString(),
    ETag: `"${size.toString(16)}-${Math.floor(mtime.getTime()).toString(16)}"`,
  };
  if (options.disposition) headers['Content-Disposition'] = options.disposition;
  if (c.req.header('If-None-Match') === headers.ETag) return new Response(null, { status: 304, headers });

  const range = parseRange(c.req.header('Range'), size);
  if (range === 'unsatisfiable') return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } });
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const length = size === 0 ? 0 : end - start + 1;
  headers['Content-Length'] = String(length);
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
  if (c.req.method === 'HEAD' || length === 0) return new Response(null, { status: range ? 206 : 200, headers });
  return new Response(webStreamOf(createReadStream(path, { start, end })), { status: range ? 206 : 200, headers });
}

/**
 * The same answer for a file that is not on this machine (a bucket's object), read with `read` a
 * range at a time; `size` is the object's as listed. No ETag: the store's own is not exposed here.
 */
export async function sendRead(
  c: Context,
  size: number,
  read: (range: ByteRange | undefined) => Promise<FileRead>,
  options: SendFileOptions,
): Promise<Response> {
  const headers: Record<string, string> = {
    'Content-Type': options.contentType,
    'Cache-Control': options.cacheControl,
    'Accept-Ranges': 'bytes',
  };
  if (options.disposition) headers['Content-Disposition'] = options.disposition;
  const range = parseRange(c.req.header('Range'), size);
  if (range === 'unsatisfiable') return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } });
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const length = size === 0 ? 0 : end - start + 1;
  headers['Content-Length'] = String(length);
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
  if (c.req.method === 'HEAD' || length === 0) return new Response(null, { status: range ? 206 : 200, headers });
  const file = await read(range ? { start, end } : undefined);
  return new Response(webStreamOf(file.body), { status: range ? 206 : 200, headers });
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
