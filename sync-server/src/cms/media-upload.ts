// Streams one file of a multipart request to DATA_DIR/media: parsed with busboy as it arrives (a
// 100 MB promo video is never held in memory), judged by its first bytes, capped by size. A refused
// upload leaves nothing behind.
import busboy from 'busboy';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../http/errors.ts';
import { MAGIC_HEAD_BYTES } from '../adapters/magic-bytes.ts';

export interface MediaRule {
  /** Multipart field name ('video' or 'image'). */
  field: string;
  /** File name prefix, e.g. 'promo-video'. */
  prefix: string;
  maxBytes: number;
  /** The stored file's extension for these first bytes, or undefined to refuse them. */
  detect(head: Buffer): string | undefined;
  messages: { invalid: string; tooLarge: string; missing: string };
}

/** Multipart framing around the file: boundaries, part headers, small fields. */
const MULTIPART_SLACK = 64 * 1024;

export async function receiveMedia(mediaDir: string, rule: MediaRule, contentType: string | undefined, contentLength: string | undefined, body: Readable | null): Promise<string> {
  if (!contentType?.toLowerCase().startsWith('multipart/form-data') || !body) {
    body?.resume();
    throw new HttpError(400, rule.messages.missing);
  }
  if (contentLength && Number(contentLength) > rule.maxBytes + MULTIPART_SLACK) {
    body.resume();
    throw new HttpError(413, rule.messages.tooLarge);
  }
  await mkdir(mediaDir, { recursive: true });
  const temp = join(mediaDir, `.upload-${randomBytes(8).toString('hex')}`);
  let extension: string | undefined;
  let sawFile = false;
  let refusal: HttpError | undefined;

  const parser = busboy({ headers: { 'content-type': contentType }, limits: { files: 1, fileSize: rule.maxBytes, fields: 20, fieldSize: 64 * 1024 } });
  const writes: Promise<void>[] = [];
  parser.on('file', (name, file) => {
    if (name !== rule.field || sawFile) {
      file.resume();
      return;
    }
    sawFile = true;
    let head = Buffer.alloc(0);
    let checked = false;
    const guard = new Transform({
      transform(chunk: Buffer, _enc, callback) {
        if (checked) return callback(null, chunk);
        head = Buffer.concat([head, chunk]);
        if (head.length < MAGIC_HEAD_BYTES) return callback();
        return release(callback);
      },
      flush(callback) {
        if (!checked) return release(callback);
        callback();
      },
    });
    function release(callback: (err?: Error | null, data?: Buffer) => void) {
      extension = rule.detect(head);
      if (!extension) {
        refusal ??= new HttpError(head.length === 0 ? 400 : 415, head.length === 0 ? rule.messages.missing : rule.messages.invalid);
        return callback(refusal);
      }
      checked = true;
      callback(null, head);
    }
    file.on('limit', () => {
      refusal ??= new HttpError(413, rule.messages.tooLarge);
      guard.destroy(refusal);
    });
    writes.push(pipeline(file, guard, createWriteStream(temp)).catch((err: unknown) => {
      file.resume();
      if (!refusal) throw err;
    }));
  });

  try {
    await pipeline(body, parser);
    await Promise.all(writes);
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    if (refusal) throw refusal;
    if (err instanceof HttpError) throw err;
    throw new HttpError(400, rule.messages.missing);
  }
  if (refusal || !sawFile || !extension) {
    await unlink(temp).catch(() => undefined);
    throw refusal ?? new HttpError(400, rule.messages.missing);
  }
  const name = `${rule.prefix}-${Date.now().toString(36)}-${randomBytes(6).toString('hex')}.${extension}`;
  await rename(temp, join(mediaDir, name));
  return name;
}
