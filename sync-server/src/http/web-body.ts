// A Node stream as the web ReadableStream a Response takes, without Readable.toWeb's copy of every
// chunk. Node copies each Buffer "to detach it from the pool"; but a socket's or a file's reads
// each own their memory, so the copy only doubled the bytes the server touches and left a
// 64 KiB garbage ArrayBuffer per chunk: streaming a 200 MB clip from the bucket to a phone spent
// most of the server's CPU in garbage collection (the download figure). A chunk that is a
// slice of a larger buffer (a pool) is still copied, as Node would. Backpressure is Node's: the
// source pauses once the web queue holds its highWaterMark of bytes, and resumes when it is read.
import { finished, type Readable } from 'node:stream';

export function webStreamOf(source: Readable): ReadableStream<Uint8Array> {
  let onData: (chunk: Buffer) => void = () => {};
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        onData = (chunk) => {
          controller.enqueue(chunk.byteLength === chunk.buffer.byteLength ? chunk : new Uint8Array(chunk));
          if ((controller.desiredSize ?? 0) <= 0) source.pause();
        };
        source.pause();
        source.on('data', onData);
        const cleanup = finished(source, (err) => {
          cleanup();
          source.off('data', onData);
          // A stream may emit 'error' again after finishing; with no listener that would throw.
          source.on('error', () => {});
          try {
            if (err) controller.error(err);
            else controller.close();
          } catch {
            // The reader cancelled first: nothing is waiting for the end any more.
          }
        });
      },
      pull() {
        source.resume();
      },
      cancel(reason) {
        source.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: source.readableHighWaterMark }),
  );
}
