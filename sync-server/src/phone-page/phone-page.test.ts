// The phone page /p/{token} against the real local storage adapter: what it shows in each payment
// state, each clip byte for byte (whole, by Range, as a download), and all of them as one ZIP.
import { MESSAGES, MESSAGES_ID } from '@courtreplay/shared';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import type { LocalStorage } from '../adapters/local-storage.ts';
import { UPLOAD_PATH } from '../adapters/local-storage.ts';
import { mp4Bytes } from '../adapters/testing/clips.ts';
import { makeAdapterTestApp, seedPurchase, type AdapterTestApp } from '../adapters/testing/adapter-app.ts';
import { setFolder } from '../purchases/queries.ts';

let t: AdapterTestApp;
let seeded: Awaited<ReturnType<typeof seedPurchase>>;
let page: string;
const clips = [mp4Bytes(70_000), mp4Bytes(3_000), mp4Bytes(150_000)];

beforeEach(async () => {
  t = await makeAdapterTestApp();
  seeded = await seedPurchase(t, { videos: 3 });
  const row = await t.db.selectFrom('purchases').select('phoneToken').where('id', '=', seeded.purchase.id).executeTakeFirstOrThrow();
  page = `/p/${row.phoneToken}`;
});
afterEach(() => t.close());

const storage = () => t.storage as LocalStorage;
const pay = () => t.call('simulatePayment', { params: { token: seeded.token, outcome: 'success' } }, { raw: true });
const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers });

/** The purchase's folder with the first `count` clips uploaded, as the kiosk does. */
async function upload(count: number, folderId?: string): Promise<string> {
  const folder =
    folderId ?? (await storage().createFolder('videos', { baseUrl: t.config.publicUrl, purchaseId: seeded.purchase.id })).folderId;
  if (!folderId)
    await setFolder(t.db, seeded.purchase.id, { folderId: folder, folderUrl: `${t.config.publicUrl}/d/${folder}` }, t.clock.now());
  const have = (await storage().listFiles(folder)).length;
  for (let i = have; i < count; i++) {
    const { uploadUrl } = await storage().createUploadUrl({
      folderId: folder,
      filename: `rally-${i + 1}.mp4`,
      mimeType: 'video/mp4',
      size: clips[i]!.length,
      origin: undefined,
    });
    const url = new URL(uploadUrl, 'http://x');
    const ticket = storage().openUpload(
      url.pathname.slice(UPLOAD_PATH.length),
      url.searchParams.get('exp') ?? undefined,
      url.searchParams.get('sig') ?? undefined,
    );
    expect((await storage().receive(ticket, undefined, 'video/mp4', Readable.from([clips[i]!]))).status).toBe(201);
  }
  return folder;
}

function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no entry'));
          const parts: Buffer[] = [];
          stream.on('data', (part: Buffer) => parts.push(part));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(parts));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

describe('GET /p/{token}', () => {
  it('answers one and the same 404 for an unknown token and one not well formed, revealing nothing', async () => {
    const unknown = await get('/p/AAAAAAAAAAAAAAAAAAAAAA');
    const malformed = await get('/p/<script>');
    expect(unknown.status).toBe(404);
    expect(malformed.status).toBe(404);
    expect(await unknown.text()).toBe(await malformed.text());
    for (const path of ['', '/state', '/clip/1', '/all.zip']) {
      const res = await get(`/p/AAAAAAAAAAAAAAAAAAAAAA${path}`);
      expect(res.status).toBe(404);
      // Never cached or indexed, not even the answer that a link is unknown.
      expect([res.headers.get('cache-control'), res.headers.get('x-robots-tag')]).toEqual(['no-store', 'noindex, nofollow']);
    }
  });

  it('while unpaid says it waits for payment and serves no clip, even with the clips uploaded', async () => {
    await upload(3);
    const res = await get(page);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('X-Robots-Tag')).toContain('noindex');
    const html = await res.text();
    expect(html).toContain(MESSAGES.phone.waitingForPayment);
    expect(html).not.toContain('/clip/1');
    expect((await get(`${page}/clip/1`)).status).toBe(404);
    expect((await get(`${page}/all.zip`)).status).toBe(404);
    expect(await (await get(`${page}/state`)).json()).toMatchObject({ status: 'waiting', clips: [] });
  });

  it('once paid lists every clip with its player and download, in the kiosk language', async () => {
    await t.db.updateTable('purchases').set({ language: 'id' }).where('id', '=', seeded.purchase.id).execute();
    await upload(3);
    await pay();
    const html = await (await get(page)).text();
    expect(html).toContain('<html lang="id">');
    expect(html).toContain(MESSAGES_ID.phone.downloadAll);
    for (const n of [1, 2, 3]) expect(html).toContain(`${page}/clip/${n}?download=1`);
    expect(html).toContain('Rally 1');
    expect(html).toContain('https://wa.me/?text=');
    expect(await (await get(`${page}/state`)).json()).toMatchObject({ status: 'ready', expected: 3 });
  });

  it('while uploads run says how many are ready, and the state fills in as each arrives', async () => {
    const folder = await upload(1);
    await pay();
    expect(await (await get(page)).text()).toContain(MESSAGES.phone.uploading(1, 3));
    expect(((await (await get(`${page}/state`)).json()) as { clips: unknown[] }).clips).toHaveLength(1);
    await upload(3, folder);
    expect(await (await get(`${page}/state`)).json()).toMatchObject({ status: 'ready', clips: [{ n: 1 }, { n: 2 }, { n: 3 }] });
  });

  it('after the retention job or an erase says the clips were removed and serves none', async () => {
    await upload(3);
    await pay();
    await t.db.updateTable('purchases').set({ clipsExpiredAt: '2026-12-09T00:00:00.000Z' }).where('id', '=', seeded.purchase.id).execute();
    expect(await (await get(page)).text()).toContain(MESSAGES.phone.removed('09/12/2026'));
    expect((await get(`${page}/clip/1`)).status).toBe(404);
    await t.db.updateTable('purchases').set({ erasedAt: '2026-12-10T00:00:00.000Z' }).where('id', '=', seeded.purchase.id).execute();
    expect(await (await get(page)).text()).toContain(MESSAGES.phone.erased);
  });
});

describe('the clips', () => {
  beforeEach(async () => {
    await upload(3);
    await pay();
  });

  it('serves each clip whole, byte for byte, and as a download with a safe file name', async () => {
    for (const [i, clip] of clips.entries()) {
      const res = await get(`${page}/clip/${i + 1}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('video/mp4');
      expect(res.headers.get('Accept-Ranges')).toBe('bytes');
      expect(Buffer.from(await res.arrayBuffer()).equals(clip)).toBe(true);
    }
    const download = await get(`${page}/clip/2?download=1`);
    expect(download.headers.get('Content-Disposition')).toBe('attachment; filename="02-Rally-2.mp4"');
    expect(Buffer.from(await download.arrayBuffer()).equals(clips[1]!)).toBe(true);
    expect((await get(`${page}/clip/4`)).status).toBe(404);
  });

  it('answers byte ranges (206), suffix ranges, and 416 past the end', async () => {
    const part = await get(`${page}/clip/1`, { Range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('Content-Range')).toBe(`bytes 100-199/${clips[0]!.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(clips[0]!.subarray(100, 200))).toBe(true);
    const tail = await get(`${page}/clip/1`, { Range: 'bytes=-50' });
    expect(Buffer.from(await tail.arrayBuffer()).equals(clips[0]!.subarray(-50))).toBe(true);
    const past = await get(`${page}/clip/1`, { Range: `bytes=${clips[0]!.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('Content-Range')).toBe(`bytes */${clips[0]!.length}`);
  });

  it('streams all clips as one ZIP whose entries are the uploads', async () => {
    const res = await get(`${page}/all.zip`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/zip');
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    expect([...entries.keys()]).toEqual(['01-Rally-1.mp4', '02-Rally-2.mp4', '03-Rally-3.mp4']);
    expect([...entries.values()].map((bytes, i) => bytes.equals(clips[i]!))).toEqual([true, true, true]);
  });
});

describe('the page script', () => {
  it('is served from the server (the CSP allows no inline script), small, and the page loads it', async () => {
    const res = await get('/p/phone.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('javascript');
    // What a phone on mobile data downloads: the script gzipped, as any proxy in front sends it.
    expect(gzipSync(await res.text()).length).toBeLessThan(2048);
    expect(await (await get(page)).text()).toContain('<script src="/p/phone.js" defer></script>');
  });
});
