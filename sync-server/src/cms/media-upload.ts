// Streams one file of a multipart request to DATA_DIR/media: parsed with busboy as it arrives (a
// 100 MB promo video is never held in memory), judged by its first bytes, capped by size. A refused
// upload leaves nothing behind.
import busboy from 'busboy';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { DomainError } from '../errors.ts';
import { MAGIC_HEAD_BYTES } from '../adapters/magic-bytes.ts';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../private-files.ts';

export interface MediaRule {
  /** Multipart field name ('video' or 'image'). */
  field: string;
  /** File name prefix, e.g. 'promo-video'. */
  prefix: string;
  maxBytes: number;
  /** The stored file's extension for these first bytes, or undefined to refuse them. */
  detect(head: Buffer): string | undefined;
  messages: { invalid: string; tooLarge: string; missing: string; malformed: string };
}

/** Multipart framing around the file: boundaries, part headers, small fields. */
const MULTIPART_SLACK = 64 * 1024;

export async function receiveMedia(
  mediaDir: string,
  rule: MediaRule,
  contentType: string | undefined,
  contentLength: string | undefined,
  body: Readable | null,
): Promise<string> {
  if (!contentType?.toLowerCase().startsWith('multipart/form-data') || !body) {
    body?.resume();
    throw new DomainError('invalid_input', rule.messages.missing);
  }
  // busboy throws on a missing or malformed boundary before any route code could answer (a 500).
  if (!hasBoundary(contentType)) {
    body.resume();
    throw new DomainError('invalid_input', rule.messages.malformed);
  }
  if (contentLength && Number(contentLength) > rule.maxBytes + MULTIPART_SLACK) {
    body.resume();
    throw new DomainError('payload_too_large', rule.messages.tooLarge);
  }
  await ensurePrivateDir(mediaDir);
  const temp = join(mediaDir, `.upload-${randomBytes(8).toString('hex')}`);
  const source = body;
  const extension = await new Promise<string>((resolveUpload, rejectUpload) => {
    let settled = false;
    let sawFile = false;
    let detected: string | undefined;
    let written: Promise<void> = Promise.resolve();
    let stopWriting = () => {};
    const parser = busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fileSize: rule.maxBytes, fields: 20, fieldSize: 64 * 1024 },
    });

    // A refusal answers at once; the rest of the request is read and dropped, never stored.
    const fail = (error: DomainError) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      source.resume();
      stopWriting();
      void written
        .catch(() => undefined)
        .then(() => unlink(temp).catch(() => undefined))
        .then(() => rejectUpload(error));
    };

    parser.on('file', (name, file) => {
      if (name !== rule.field || sawFile || settled) {
        // A body cut short inside this part errors the part too; unheard, that error ends the process.
        file.on('error', () => undefined);
        file.resume();
        return;
      }
      sawFile = true;
      let head = Buffer.alloc(0);
      let refusal: DomainError | undefined;
      // The guard refuses by erroring, which ends the pipeline below; fail() then answers.
      const check = (): DomainError | undefined => {
        detected = rule.detect(head);
        if (detected) return undefined;
        refusal =
          head.length === 0
            ? new DomainError('invalid_input', rule.messages.missing)
            : new DomainError('unsupported_media_type', rule.messages.invalid);
        return refusal;
      };
      const guard = new Transform({
        transform(chunk: Buffer, _enc, callback) {
          if (detected) return callback(null, chunk);
          head = Buffer.concat([head, chunk]);
          if (head.length < MAGIC_HEAD_BYTES) return callback();
          const refused = check();
          return refused ? callback(refused) : callback(null, head);
        },
        flush(callback) {
          if (detected) return callback();
          const refused = check();
          return refused ? callback(refused) : callback(null, head);
        },
      });
      stopWriting = () => guard.destroy();
      file.on('limit', () => fail(new DomainError('payload_too_large', rule.messages.tooLarge)));
      const out = createWriteStream(temp, { mode: PRIVATE_FILE_MODE });
      // The temp file may still be opening when the pipeline fails: the clean-up waits for it to
      // close, or the open would recreate the file after it was removed.
      written = pipeline(file, guard, out).catch(async (err: unknown) => {
        if (!out.closed) await once(out, 'close').catch(() => undefined);
        throw err;
      });
      written.catch(() => fail(refusal ?? new DomainError('invalid_input', rule.messages.missing)));
    });
    // busboy errors on broken framing, e.g. a body that ends before its closing boundary.
    parser.on('error', () => fail(new DomainError('invalid_input', rule.messages.malformed)));
    parser.on('close', () => {
      void written.then(
        () => {
          if (settled) return;
          if (!sawFile || !detected) return fail(new DomainError('invalid_input', rule.messages.missing));
          settled = true;
          resolveUpload(detected);
        },
        () => fail(new DomainError('invalid_input', rule.messages.missing)),
      );
    });
    source.on('error', () => fail(new DomainError('invalid_input', rule.messages.missing)));
    source.pipe(parser);
  });
  const name = `${rule.prefix}-${Date.now().toString(36)}-${randomBytes(6).toString('hex')}.${extension}`;
  await rename(temp, join(mediaDir, name));
  return name;
}

/** A boundary as RFC 2046 allows it: 1 to 70 characters, quoted or not. */
function hasBoundary(contentType: string): boolean {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(;|$)/i.exec(contentType);
  return Boolean(match);
}
