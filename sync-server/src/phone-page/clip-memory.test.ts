// A single clip of the phone page cannot be used to exhaust the server either, as its ZIP cannot
// (zip-memory.test.ts): a reader that asks for a clip and stops reading holds a few small chunks,
// each purchase streams at most MAX_CLIP_STREAMS_PER_PURCHASE clips at once (more: 429 with a
// message), and a reader that goes away releases its file at once. The real server as a child
// process, over real sockets, with real local storage.
import { MESSAGES } from '@courtreplay/shared';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { startServerProcess, type ServerProcess } from '../testing/server-process.ts';
import { clipOf, openFilesUnder, residentBytes, seedPaidPurchases, stalledReader, ZIP_ADMIN } from '../testing/stalled-zips.ts';
import { MAX_CLIP_STREAMS_PER_PURCHASE } from './clip-stream.ts';

const MB = 1024 * 1024;
const READERS = 200;
const PURCHASES = 10;
const PER_PURCHASE = READERS / PURCHASES;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it(
  `${READERS} stalled single-clip readers add under 50 MB to the server; beyond ${MAX_CLIP_STREAMS_PER_PURCHASE} per purchase they are answered 429; closing frees every file`,
  { timeout: 300_000 },
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'courtreplay-clip-readers-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const server: ServerProcess = await startServerProcess({
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ZIP_ADMIN.email,
      ADMIN_PASSWORD: ZIP_ADMIN.password,
    });
    cleanups.push(() => server.stop());
    const drive = join(dataDir, 'drive');
    const pages = await seedPaidPurchases(server.url, PURCHASES, clipOf(16 * MB));
    // One whole clip first, so what is measured is the readers, not the first use of the code.
    await (await fetch(`${server.url}${pages[0]}/clip/1`)).arrayBuffer();
    const pid = server.child.pid!;
    const before = residentBytes(pid);

    const readers: Awaited<ReturnType<typeof stalledReader>>[] = [];
    for (const page of pages)
      for (let i = 0; i < PER_PURCHASE; i++) readers.push(await stalledReader(server.url, `${page}/clip/${(i % 3) + 1}`));
    cleanups.push(() => readers.forEach(({ socket }) => socket.destroy()));
    const streaming = readers.filter((r) => r.status === 200);
    const refused = readers.filter((r) => r.status === 429);
    expect(streaming).toHaveLength(PURCHASES * MAX_CLIP_STREAMS_PER_PURCHASE);
    expect(refused).toHaveLength(READERS - PURCHASES * MAX_CLIP_STREAMS_PER_PURCHASE);
    expect(refused[0]!.first).toContain(MESSAGES.phone.tooManyClipStreams);

    // Every stream that is let through holds its one file open while its reader stalls.
    await vi.waitFor(() => expect(openFilesUnder(pid, drive)).toBe(streaming.length), { timeout: 60_000, interval: 200 });
    // And its pipes fill as far as they will: measured once the server's memory stops growing.
    let last = 0;
    await vi.waitFor(
      () => {
        const now = residentBytes(pid);
        const settled = Math.abs(now - last) < MB;
        last = now;
        expect(settled).toBe(true);
      },
      { timeout: 60_000, interval: 500 },
    );
    const growth = (last - before) / MB;
    expect(growth).toBeLessThan(50);

    for (const { socket } of readers) socket.destroy();
    await vi.waitFor(() => expect(openFilesUnder(pid, drive)).toBe(0), { timeout: 60_000, interval: 200 });
    // Their places are free again.
    const again = await fetch(`${server.url}${pages[1]}/clip/2`);
    expect(again.status).toBe(200);
    await again.body!.cancel();
  },
);
