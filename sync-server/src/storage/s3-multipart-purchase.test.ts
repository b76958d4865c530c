// A whole purchase whose clip goes to the bucket in presigned parts, on the
// in-process app with STORAGE=s3: s3rver stores the parts, with the imitation of the calls it lacks
// (ListParts, AbortMultipartUpload, ListMultipartUploads: testing/s3-multipart-imitation.ts) in front.
// The kiosk's calls: get-signed-url, multipart/parts, the parts PUT to the bucket, upload-status,
// multipart/complete; then the link, the payment, and the phone page streaming the clip back. Every
// new call answers only the kiosk the upload was issued to; the retention job aborts what was left.
import { SERVER_MESSAGES } from '@courtreplay/shared';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bodyOf, makeAdapterTestApp, seedPurchase, type AdapterTestApp } from '../adapters/testing/adapter-app.ts';
import { mp4Bytes } from '../adapters/testing/clips.ts';
import { startS3FaultProxy, type S3FaultProxy } from '../adapters/testing/s3-faults.ts';
import { startS3Server, type S3Server } from '../adapters/testing/s3-server.ts';
import { expireOldClips } from '../purchases/retention.ts';
import { countRows } from '../testing/index.ts';

const MIB = 1024 ** 2;
const PART = 5 * MIB;

let server: S3Server;
let proxy: S3FaultProxy;
beforeAll(async () => {
  server = await startS3Server();
  proxy = await startS3FaultProxy(server.endpoint);
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});

let t: AdapterTestApp;
let n = 0;
let logged: string;
beforeEach(async () => {
  logged = '';
  const logger = pino(
    { level: 'debug' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    }),
  );
  t = await makeAdapterTestApp({
    deps: { logger },
    env: { PUBLIC_URL: 'https://replay.example', ...server.env, S3_ENDPOINT: proxy.endpoint, S3_PREFIX: `mp${++n}/` },
    s3Multipart: { thresholdBytes: 8 * MIB, partBytes: PART },
  });
  // s3rver checks a presigned URL's date and expiry against the real clock.
  t.clock.set(new Date());
});
afterEach(() => t.close());

const clip = mp4Bytes(11 * MIB);
for (let i = 64; i < clip.length; i++) clip[i] = (i * 13) & 0xff;

async function startUpload() {
  const seeded = await seedPurchase(t, { videos: 1 });
  const kiosk = seeded.device.headers;
  const folder = await bodyOf(
    t.json(
      'POST',
      '/api/google-drive/create-folder',
      { folderName: 'videos_20261126_1000_1videos', purchaseId: seeded.purchase.id },
      kiosk,
    ),
  );
  const signed = await bodyOf(
    t.json(
      'POST',
      '/api/google-drive/get-signed-url',
      { folderId: folder.folderId, filename: 'Rally 1.mp4', mimeType: 'video/mp4', size: clip.length, videoId: 'video-1' },
      kiosk,
    ),
  );
  return { ...seeded, kiosk, folder, signed };
}

/** This test's uploads the bucket still has begun (the proxy serves every test). */
const openUploads = () => [...proxy.multipart.uploads.values()].filter((u) => u.key.startsWith(`mp${n}/`)).length;

type Part = { partNumber: number; start: number; size: number; uploadUrl: string };
const putPart = (part: Part) => fetch(part.uploadUrl, { method: 'PUT', body: clip.subarray(part.start, part.start + part.size) });

describe('a large clip through presigned parts (STORAGE=s3)', () => {
  it('is sent in parts, resumed from what the bucket holds, completed by the server and delivered', async () => {
    const { purchase, token, kiosk, folder, signed } = await startUpload();
    expect(signed).toMatchObject({ uploadKind: 'multipart', partSize: PART });

    const plan = await bodyOf(t.json('POST', '/api/storage/multipart/parts', { uploadUrl: signed.uploadUrl }, kiosk));
    expect(plan).toMatchObject({ size: clip.length, partSize: PART, received: [] });
    expect(plan.parts.map((p: Part) => p.partNumber)).toEqual([1, 2, 3]);
    // Two parts in, then the kiosk rebooted.
    for (const part of plan.parts.slice(0, 2)) expect((await putPart(part)).status).toBe(200);

    const status = await bodyOf(t.json('POST', '/api/storage/upload-status', { uploadUrl: signed.uploadUrl }, kiosk));
    expect(status).toEqual({ received: 2 * PART, complete: false });
    const early = await t.json('POST', '/api/storage/multipart/complete', { uploadUrl: signed.uploadUrl }, kiosk);
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ message: SERVER_MESSAGES.s3.partsMissing('3') });

    const resumed = await bodyOf(t.json('POST', '/api/storage/multipart/parts', { uploadUrl: signed.uploadUrl }, kiosk));
    expect(resumed.received).toEqual([
      { partNumber: 1, size: PART },
      { partNumber: 2, size: PART },
    ]);
    expect(resumed.parts.map((p: Part) => p.partNumber)).toEqual([3]);
    expect((await putPart(resumed.parts[0])).status).toBe(200);
    const done = await bodyOf(t.json('POST', '/api/storage/multipart/complete', { uploadUrl: signed.uploadUrl }, kiosk));
    expect(done).toEqual({ received: clip.length, complete: true });

    expect((await t.json('PUT', `/api/transaction/${purchase.id}/zipUrl`, { zipUrl: folder.folderUrl, error: false }, kiosk)).status).toBe(
      200,
    );
    expect((await t.app.request(`/api/payment/simulator/${token}/success`, { method: 'POST' })).status).toBe(200);
    const row = await t.db.selectFrom('purchases').select('phoneToken').where('id', '=', purchase.id).executeTakeFirstOrThrow();
    const served = await t.app.request(`/p/${row.phoneToken}/clip/1`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(clip)).toBe(true);
    const tail = await t.app.request(`/p/${row.phoneToken}/clip/1`, { headers: { Range: `bytes=${PART - 10}-${PART + 9}` } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(clip.subarray(PART - 10, PART + 10))).toBe(true);

    // The calls were logged; no presigned URL was.
    expect(logged).toContain('/api/storage/multipart/parts');
    expect(logged).not.toContain('X-Amz-Signature');
    expect(logged).not.toContain(new URL(plan.parts[0].uploadUrl).searchParams.get('X-Amz-Signature'));
  });

  it("answers only the kiosk the upload was issued to: another kiosk or venue's admin gets 404, and nothing changes", async () => {
    const { venue, kiosk, signed } = await startUpload();
    const other = await t.seed.device({ venueId: venue.id, fieldId: (await t.seed.field({ venueId: venue.id, name: 'Court 2' })).id });
    const elsewhere = await t.seed.venue({ name: 'Elsewhere' });
    const stranger = await t.seed.admin({ role: 'admin', venueId: elsewhere.id });
    for (const headers of [other.headers, stranger.headers]) {
      for (const path of ['/api/storage/multipart/parts', '/api/storage/multipart/complete']) {
        const res = await t.json('POST', path, { uploadUrl: signed.uploadUrl }, headers);
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject({ message: SERVER_MESSAGES.storage.notYourUpload });
      }
    }
    // A handle the browser made up (another key, or another upload id) was never issued: 404.
    for (const forged of [
      signed.uploadUrl.replace('Rally-1.mp4', 'Other.mp4'),
      signed.uploadUrl.replace(/uploadId=\w+/, 'uploadId=forged'),
    ]) {
      expect((await t.json('POST', '/api/storage/multipart/parts', { uploadUrl: forged }, kiosk)).status).toBe(404);
    }
    expect(await bodyOf(t.json('POST', '/api/storage/multipart/parts', { uploadUrl: signed.uploadUrl }, kiosk))).toMatchObject({
      received: [],
    });
    const bad = await t.json('POST', '/api/storage/multipart/complete', { uploadUrl: 'not a url' }, kiosk);
    expect(bad.status).toBe(400);
    expect((await t.json('POST', '/api/storage/multipart/parts', {}, undefined)).status).toBe(401);
  });

  it('keeps a small clip a single PUT ({ uploadUrl, uploadKind }), which multipart/parts refuses with 400', async () => {
    const { kiosk, folder } = await startUpload();
    const small = mp4Bytes(4_000);
    const signed = await bodyOf(
      t.json(
        'POST',
        '/api/google-drive/get-signed-url',
        { folderId: folder.folderId, filename: 'short.mp4', mimeType: 'video/mp4', size: small.length },
        kiosk,
      ),
    );
    expect(Object.keys(signed).sort()).toEqual(['uploadKind', 'uploadUrl']);
    expect(signed.uploadKind).toBe('single-put');
    const res = await t.json('POST', '/api/storage/multipart/parts', { uploadUrl: signed.uploadUrl }, kiosk);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: SERVER_MESSAGES.s3.notMultipart });
  });

  it('has the retention job abort an upload left a day; the kiosk is then told to start over (410), never a 500', async () => {
    const { kiosk, signed } = await startUpload();
    const plan = await bodyOf(t.json('POST', '/api/storage/multipart/parts', { uploadUrl: signed.uploadUrl }, kiosk));
    expect((await putPart(plan.parts[0])).status).toBe(200);
    const sessions = await countRows(t.db, 'upload_sessions');

    await expireOldClips(t);
    expect(openUploads()).toBe(1);
    t.clock.advance(25 * 3_600_000);
    await expireOldClips(t);
    expect(openUploads()).toBe(0);

    t.clock.set(new Date());
    for (const path of ['/api/storage/multipart/parts', '/api/storage/multipart/complete', '/api/storage/upload-status']) {
      const res = await t.json('POST', path, { uploadUrl: signed.uploadUrl }, kiosk);
      expect(res.status).toBe(410);
      expect(await res.json()).toMatchObject({ message: SERVER_MESSAGES.s3.uploadGone });
    }
    expect(await countRows(t.db, 'upload_sessions')).toBe(sessions);
  });
});
