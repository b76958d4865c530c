// The phone page's "Download all": one ZIP (yazl, clips stored as they are)
// streamed at the pace its reader reads. Nothing is read ahead of the socket: the answer's stream is
// pulled (high-water mark 0), each pull takes one chunk of yazl's output, and yazl pulls its input
// through Node's pipes, which stop when their small buffers are full; files are opened one at a time,
// when the ZIP reaches them, and read in small chunks. A reader that stalls therefore holds a few
// chunks, and one that goes away (the socket closes, the stream is cancelled) releases everything at
// once: the open file is destroyed, no further file is opened, and nothing more is read.
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { StorageProvider, StoredClip } from '../adapters/ports.ts';

/** How many ZIPs of one purchase may stream at once (per instance); a fourth is answered 429. */
export const MAX_ZIPS_PER_PURCHASE = 3;

/** What a ZIP reads from storage at a time: small, so a stalled reader holds little. */
export const ZIP_CHUNK_BYTES = 16 * 1024;

export interface ZipEntry {
  name: string;
  file: StoredClip;
}

/** The ZIP of `entries` as a pulled stream; `done` is called once, when it ends, fails or is cancelled. */
export function zipStream(
  storage: Pick<StorageProvider, 'readFile'>,
  folderId: string,
  entries: ZipEntry[],
  done: () => void,
): ReadableStream<Uint8Array> {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const open = new Set<Readable>();
  let finished = false;
  const gone = new Error('the ZIP was cancelled');
  const none = undefined as unknown as Readable;

  const finish = () => {
    if (finished) return;
    finished = true;
    for (const body of open) body.destroy();
    open.clear();
    output.destroy();
    done();
  };

  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { compress: false, size: entry.file.size }, (callback) => {
      if (finished) return callback(gone, none);
      storage.readFile(folderId, entry.file.id, undefined, { chunkBytes: ZIP_CHUNK_BYTES }).then(
        (read) => {
          if (finished) {
            read.body.destroy();
            return callback(gone, none);
          }
          open.add(read.body);
          read.body.once('close', () => open.delete(read.body));
          callback(null, read.body);
        },
        (err: Error) => callback(err, none),
      );
    });
  }
  zip.end();
  // A file that cannot be read (or was cut short) ends the download as failed, never the process.
  zip.on('error', (err: Error) => {
    output.destroy(err);
  });
  // The error reaches the reader through the next pull; until one comes, nothing else listens.
  output.on('error', () => undefined);

  const chunks = output[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) {
            controller.close();
            finish();
          } else {
            controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
          }
        } catch (err) {
          finish();
          controller.error(err);
        }
      },
      cancel() {
        finish();
      },
    },
    { highWaterMark: 0 },
  );
}
