// Download all streams: a 500 MB purchase goes out as one ZIP while the server's memory
// stays flat, because each clip is read from storage as the ZIP is written, never gathered first.
// Real local storage on disk; the ZIP is read the way a phone reads it, chunk by chunk.
// And it cannot be used to exhaust the server: at most 3 ZIPs of one purchase at
// once, a reader that goes away releases its file at once, and stalled readers over real sockets
// (the real server as a child process) hold little.
import { MESSAGES } from '@courtreplay/shared';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocalStorage } from '../adapters/local-storage.ts';
import { UPLOAD_PATH } from '../adapters/local-storage.ts';
import { makeAdapterTestApp, seedPurchase, type AdapterTestApp } from '../adapters/testing/adapter-app.ts';
import { setFolder } from '../purchases/queries.ts';
import { startServerProcess } from '../testing/server-process.ts';
import { clipOf, openFilesUnder, residentBytes, seedPaidPurchases, stalledReader, ZIP_ADMIN } from '../testing/stalled-zips.ts';

const MB = 1024 * 1024;
const CLIP_MB = 170;
const CLIPS = 3;
/** Far below the 510 MB a gathered ZIP would add, far above the garbage a stream leaves. */
const MAX_GROWTH_MB = 200;

let t: AdapterTestApp;
beforeEach(async () => {
  t = await makeAdapterTestApp();
});
afterEach(() => t.close());

/** A clip of `mb` MB streamed to storage 1 MB at a time (an MP4 ftyp box, then filler). */
function clipStream(mb: number): Readable {
  const block = Buffer.alloc(MB, 7);
  Buffer.from([
    0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x6d, 0x70, 0x34, 0x31,
  ]).copy(block);
  return Readable.from(
    (function* () {
      for (let i = 0; i < mb; i++) yield block;
    })(),
  );
}

/** A paid purchase of `CLIPS` clips of `mb` MB in local storage; answers its phone page's token. */
async function paidPurchase(mb: number): Promise<string> {
  const seeded = await seedPurchase(t, { videos: CLIPS });
  const storage = t.storage as LocalStorage;
  const { folderId } = await storage.createFolder('videos', { baseUrl: t.config.publicUrl, purchaseId: seeded.purchase.id });
  await setFolder(t.db, seeded.purchase.id, { folderId, folderUrl: `${t.config.publicUrl}/d/${folderId}` }, t.clock.now());
  for (let i = 0; i < CLIPS; i++) {
    const { uploadUrl } = await storage.createUploadUrl({
      folderId,
      filename: `rally-${i + 1}.mp4`,
      mimeType: 'video/mp4',
      size: mb * MB,
      origin: undefined,
    });
    const url = new URL(uploadUrl, 'http://x');
    const ticket = storage.openUpload(
      url.pathname.slice(UPLOAD_PATH.length),
      url.searchParams.get('exp') ?? undefined,
      url.searchParams.get('sig') ?? undefined,
    );
    expect((await storage.receive(ticket, undefined, 'video/mp4', clipStream(mb))).status).toBe(201);
  }
  expect((await t.call('simulatePayment', { params: { token: seeded.token, outcome: 'success' } }, { raw: true })).status).toBe(200);
  const { phoneToken } = await t.db
    .selectFrom('purchases')
    .select('phoneToken')
    .where('id', '=', seeded.purchase.id)
    .executeTakeFirstOrThrow();
  return phoneToken!;
}

it(`streams a ${CLIPS * CLIP_MB} MB purchase as one ZIP with the server's memory flat`, async () => {
  const phoneToken = await paidPurchase(CLIP_MB);

  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  let bytes = 0;
  const res = await t.app.request(`/p/${phoneToken}/all.zip`);
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  expect(bytes).toBeGreaterThan(CLIPS * CLIP_MB * MB);
  expect((peak - before) / MB).toBeLessThan(MAX_GROWTH_MB);
});

describe('a ZIP cannot be used to exhaust the server', () => {
  it('takes at most 3 ZIPs of one purchase at once (a fourth: 429 with a message); a reader that goes away frees its place and its file at once', async () => {
    const zip = `/p/${await paidPurchase(8)}/all.zip`;
    const drive = join(t.config.dataDir, 'drive');
    const readers = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.app.request(zip);
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      expect((await reader.read()).done).toBe(false);
      readers.push(reader);
    }
    // Each stalled reader holds the one clip it is in, no more.
    await vi.waitFor(() => expect(openFilesUnder(process.pid, drive)).toBe(3));
    const fourth = await t.app.request(zip);
    expect(fourth.status).toBe(429);
    expect(((await fourth.json()) as { message: string }).message).toBe(MESSAGES.phone.tooManyDownloads);

    await readers.shift()!.cancel();
    await vi.waitFor(() => expect(openFilesUnder(process.pid, drive)).toBe(2));
    const next = await t.app.request(zip);
    expect(next.status).toBe(200);
    readers.push(next.body!.getReader());
    for (const reader of readers) await reader.cancel();
    await vi.waitFor(() => expect(openFilesUnder(process.pid, drive)).toBe(0));
    const again = await t.app.request(zip);
    expect(again.status).toBe(200);
    await again.body!.cancel();
  });

  it(
    '60 stalled readers over 20 purchases add under 100 MB to the server, and release every file when they go',
    { timeout: 300_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'courtreplay-zip-readers-'));
      const server = await startServerProcess({ DATA_DIR: dataDir, ADMIN_EMAIL: ZIP_ADMIN.email, ADMIN_PASSWORD: ZIP_ADMIN.password });
      try {
        // A first clip larger than a stalled socket's buffers can take (a few MB each way), so every
        // stalled reader is held inside it: one file open per reader, none between two clips.
        const pages = await seedPaidPurchases(server.url, 20, [clipOf(12 * MB), clipOf(64 * 1024), clipOf(64 * 1024)]);
        // One whole download first, so what is measured is the readers, not the first use of the code.
        await (await fetch(`${server.url}${pages[0]}/all.zip`)).arrayBuffer();
        const pid = server.child.pid!;
        const before = residentBytes(pid);
        const readers = [];
        for (const page of pages) for (let i = 0; i < 3; i++) readers.push(await stalledReader(server.url, `${page}/all.zip`));
        expect(readers.map((r) => r.status)).toEqual(readers.map(() => 200));
        // Every pipe between the disk and the socket filled as far as it will: each reader holds its
        // first clip and no other. A bound on files and memory, not a speed check: on a busy 2-core
        // machine at the lowest CPU priority, 60 streams take a while to fill.
        await vi.waitFor(() => expect(openFilesUnder(pid, join(dataDir, 'drive'))).toBe(60), { timeout: 150_000, interval: 200 });
        // Measured once the server's memory stops moving (two readings 250 ms apart within 1 MB):
        // a reader that kept adding memory would never get there and fail the wait.
        let last: number | undefined;
        await vi.waitFor(
          () => {
            const now = residentBytes(pid);
            const steady = last !== undefined && Math.abs(now - last) < MB;
            last = now;
            expect(steady).toBe(true);
          },
          { timeout: 30_000, interval: 250 },
        );
        const growth = (last! - before) / MB;
        expect(growth).toBeLessThan(100);
        for (const { socket } of readers) socket.destroy();
        await vi.waitFor(() => expect(openFilesUnder(pid, join(dataDir, 'drive'))).toBe(0), { timeout: 60_000, interval: 200 });
      } finally {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
