import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { webStreamOf } from './web-body.ts';

/** A source whose chunks each own their memory, as a socket's or a file's reads do. */
const owned = (size: number, fill: number) => Buffer.alloc(size, fill);

describe('a Node stream as a Response body', () => {
  it('hands on each chunk that owns its memory as it is, without a copy', async () => {
    const chunks = [owned(65_536, 1), owned(1000, 2)];
    const reader = webStreamOf(Readable.from(chunks, { objectMode: false })).getReader();
    const first = await reader.read();
    const second = await reader.read();
    expect(first.value!.buffer).toBe(chunks[0]!.buffer);
    expect(second.value!.buffer).toBe(chunks[1]!.buffer);
    expect(await reader.read()).toEqual({ done: true, value: undefined });
  });

  it('copies a chunk that is a slice of a larger buffer, so the reader never holds the rest', async () => {
    const pool = Buffer.alloc(100, 7);
    const source = new PassThrough();
    const reader = webStreamOf(source).getReader();
    source.end(pool.subarray(10, 20));
    const { value } = await reader.read();
    expect(value!.buffer).not.toBe(pool.buffer);
    expect(Buffer.from(value!).equals(pool.subarray(10, 20))).toBe(true);
  });

  it('pauses the source while its highWaterMark of bytes waits unread, and resumes when it is read', async () => {
    const source = new Readable({ read() {}, highWaterMark: 1024 });
    const reader = webStreamOf(source).getReader();
    const first = reader.read();
    for (let i = 0; i < 8; i++) source.push(owned(1024, i));
    await first;
    // One chunk read, one queued (the highWaterMark): the rest stays in the source, which is paused.
    await new Promise((done) => setImmediate(done));
    expect(source.isPaused()).toBe(true);
    expect(source.readableLength).toBeGreaterThanOrEqual(5 * 1024);
    let read = 1;
    while (read < 8) {
      await reader.read();
      read++;
    }
    expect(source.readableLength).toBe(0);
    source.push(null);
    expect((await reader.read()).done).toBe(true);
  });

  it('fails the reader when the source fails, and destroys the source when the reader cancels', async () => {
    const broken = new PassThrough();
    const reader = webStreamOf(broken).getReader();
    broken.destroy(new Error('the bucket hung up'));
    await expect(reader.read()).rejects.toThrow('the bucket hung up');

    const cancelled = new PassThrough();
    const stream = webStreamOf(cancelled);
    const closed = once(cancelled, 'close');
    await stream.cancel();
    await closed;
    expect(cancelled.destroyed).toBe(true);
  });
});
