// A whole purchase with STORAGE=s3 against a real S3-compatible server (s3rver, started here): the
// kiosk's calls make the folder and a presigned URL, the clip goes straight to the bucket in one PUT,
// the link is saved, the phone page, its ZIP and the share page stream the clip from the bucket with
// Range, and the erase deletes the objects.
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import type { S3Storage } from '../adapters/s3-storage.ts';
import { bodyOf, makeAdapterTestApp, seedPurchase, type AdapterTestApp } from '../adapters/testing/adapter-app.ts';
import { mp4Bytes } from '../adapters/testing/clips.ts';
import { startS3Server, TEST_BUCKET, type S3Server } from '../adapters/testing/s3-server.ts';

let server: S3Server;
beforeAll(async () => {
  server = await startS3Server();
});
afterAll(() => server.close());

let t: AdapterTestApp;
let n = 0;
let prefix: string;
beforeEach(async () => {
  prefix = `api${++n}/`;
  t = await makeAdapterTestApp({ env: { PUBLIC_URL: 'https://replay.example', ...server.env, S3_PREFIX: prefix } });
  // s3rver checks a presigned URL's date and expiry against the real clock.
  t.clock.set(new Date());
});
afterEach(() => t.close());

const bucketKeys = async () =>
  ((await (t.storage as S3Storage).client.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET, Prefix: prefix }))).Contents ?? []).map(
    (o) => o.Key!.slice(prefix.length),
  );
const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers });

function unzipNames(bytes: Buffer): Promise<Map<string, number>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const sizes = new Map<string, number>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no entry'));
          let size = 0;
          stream.on('data', (part: Buffer) => (size += part.length));
          stream.on('end', () => {
            sizes.set(entry.fileName, size);
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(sizes));
      zip.readEntry();
    });
  });
}

describe('a purchase with STORAGE=s3', () => {
  it('uploads straight to the bucket, is delivered from it with Range, and its erase deletes the objects', async () => {
    const { purchase, device, token } = await seedPurchase(t, { videos: 2 });
    const kiosk = device.headers;
    const folder = await bodyOf(
      t.call(
        'createFolder',
        { body: { folderName: 'videos_20261120_1000_2videos', purchaseId: purchase.id } },
        { headers: kiosk, raw: true },
      ),
    );
    expect(folder.folderUrl).toBe(`https://replay.example/d/${folder.folderId}`);

    const clips = [mp4Bytes(80_000), mp4Bytes(5_000)];
    for (const [i, clip] of clips.entries()) {
      const signed = await bodyOf(
        t.call(
          'getSignedUrl',
          {
            body: {
              folderId: folder.folderId,
              filename: `Rally ${i + 1}.mp4`,
              mimeType: 'video/mp4',
              size: clip.length,
              videoId: `video-${i + 1}`,
            },
          },
          { headers: { ...kiosk, Origin: 'https://replay.example' }, raw: true },
        ),
      );
      expect(signed.uploadKind).toBe('single-put');
      expect(new URL(signed.uploadUrl).origin).toBe(server.endpoint);
      const put = await fetch(signed.uploadUrl, { method: 'PUT', body: clip, headers: { 'Content-Type': 'video/mp4' } });
      expect(put.status).toBe(200);
      // The kiosk asks where its upload stands after a reload: the server reads the bucket.
      const status = await bodyOf(t.call('uploadStatus', { body: { uploadUrl: signed.uploadUrl } }, { headers: kiosk, raw: true }));
      expect(status).toEqual({ received: clip.length, complete: true });
    }
    expect((await bucketKeys()).sort()).toEqual([
      `${folder.folderId}/.folder.json`,
      `${folder.folderId}/Rally-1.mp4`,
      `${folder.folderId}/Rally-2.mp4`,
    ]);

    await t.call(
      'updateZipUrl',
      { params: { id: purchase.id }, body: { zipUrl: folder.folderUrl, error: false } },
      { headers: kiosk, status: 200 },
    );
    expect((await t.call('simulatePayment', { params: { token: token, outcome: 'success' } }, { raw: true })).status).toBe(200);

    const row = await t.db.selectFrom('purchases').select('phoneToken').where('id', '=', purchase.id).executeTakeFirstOrThrow();
    const page = `/p/${row.phoneToken}`;
    const part = await get(`${page}/clip/1`, { Range: 'bytes=1000-1999' });
    expect(part.status).toBe(206);
    expect(part.headers.get('Content-Range')).toBe(`bytes 1000-1999/${clips[0]!.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(clips[0]!.subarray(1000, 2000))).toBe(true);
    const whole = await get(`${page}/clip/2`);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(clips[1]!)).toBe(true);
    const zip = await get(`${page}/all.zip`);
    expect(zip.status).toBe(200);
    expect([...(await unzipNames(Buffer.from(await zip.arrayBuffer()))).entries()]).toEqual([
      ['01-Rally-1.mp4', clips[0]!.length],
      ['02-Rally-2.mp4', clips[1]!.length],
    ]);

    // The share page the e-mail links to lists the clips and streams them with Range too.
    const share = await get(`/d/${folder.folderId}`);
    expect(share.status).toBe(200);
    expect(await share.text()).toContain('Rally-1.mp4');
    const shared = await get(`/d/${folder.folderId}/Rally-1.mp4`, { Range: 'bytes=-100' });
    expect(shared.status).toBe(206);
    expect(shared.headers.get('Content-Range')).toBe(`bytes ${clips[0]!.length - 100}-${clips[0]!.length - 1}/${clips[0]!.length}`);
    expect(Buffer.from(await shared.arrayBuffer()).equals(clips[0]!.subarray(-100))).toBe(true);
    expect((await get(`/d/${folder.folderId}/Rally-1.mp4`, { Range: `bytes=${clips[0]!.length}-` })).status).toBe(416);
    expect((await get(`/d/${folder.folderId}/.folder.json`)).status).toBe(404);

    const admin = await t.seed.admin({ role: 'super_admin' });
    await t.call('erasePurchase', { params: { id: purchase.id } }, { headers: admin.headers, status: 200 });
    expect(await bucketKeys()).toEqual([]);
    expect((await get(`${page}/clip/1`)).status).toBe(404);
    expect((await get(`/d/${folder.folderId}`)).status).toBe(404);
  });

  it("allows the bucket's origin in the Content-Security-Policy, so the kiosk may PUT to it", async () => {
    const csp = (await get('/api/health')).headers.get('Content-Security-Policy') ?? '';
    expect(/connect-src ([^;]*)/.exec(csp)?.[1]?.split(' ')).toContain(server.endpoint);
  });

  it('Empty Drive deletes only what lies under S3_PREFIX', async () => {
    const { purchase, device } = await seedPurchase(t, { videos: 1 });
    const folder = await bodyOf(
      t.call('createFolder', { body: { folderName: 'v', purchaseId: purchase.id } }, { headers: device.headers, raw: true }),
    );
    const clip = mp4Bytes(4_000);
    const signed = await bodyOf(
      t.call(
        'getSignedUrl',
        { body: { folderId: folder.folderId, filename: 'a.mp4', mimeType: 'video/mp4', size: clip.length } },
        { headers: device.headers, raw: true },
      ),
    );
    await fetch(signed.uploadUrl, { method: 'PUT', body: clip, headers: { 'Content-Type': 'video/mp4' } });
    const owner = await t.seed.admin({ role: 'super_admin' });
    const preview = await bodyOf(t.call('storageCleanupPreview', {}, { headers: owner.headers, raw: true }));
    expect(preview).toEqual({ files: 1, bytes: clip.length });
    const emptied = await bodyOf(t.call('emptyDrive', {}, { headers: owner.headers, raw: true }));
    expect(emptied).toMatchObject({ success: true, filesDeleted: 1 });
    expect(await bucketKeys()).toEqual([]);
  });
});
