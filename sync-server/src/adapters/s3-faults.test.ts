// The S3 error cases of Amazon's documentation, against s3rver (which checks presigned URLs' expiry
// and signatures itself) and, for what s3rver never answers (SlowDown, 503, AccessDenied on a
// working key, MinIO's NotImplemented), the imitation in front of it. Both sides: the adapter, and
// the kiosk's single-PUT uploader (pwa/src/lib/whole-upload.ts) as it runs in the browser.
import { INTEGRATION_MESSAGES, SERVER_MESSAGES } from '@courtreplay/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UploadError } from '../../../pwa/src/lib/resumable-upload.ts';
import { wholeUpload } from '../../../pwa/src/lib/whole-upload.ts';
import { MemoryIntegrationHealth } from '../integrations/health.ts';
import { frozenClock } from '../testing/clock.ts';
import { bodyOf, makeAdapterTestApp, seedPurchase } from './testing/adapter-app.ts';
import { mp4Bytes } from './testing/clips.ts';
import { FAULTS, startS3FaultProxy, type S3FaultProxy } from './testing/s3-faults.ts';
import { startS3Server, TEST_BUCKET, type S3Server, TEST_S3_OPTIONS } from './testing/s3-server.ts';
import { S3Storage, type S3StorageOptions } from './s3-storage.ts';

let server: S3Server;
let proxy: S3FaultProxy;
beforeAll(async () => {
  server = await startS3Server();
});
afterAll(() => server.close());
beforeEach(async () => {
  proxy = await startS3FaultProxy(server.endpoint, { secret: 'S3RVER' });
});
afterEach(() => proxy.close());

const clock = frozenClock(new Date());
const noSleep = async () => {};
let n = 0;

function storage(overrides: Partial<S3StorageOptions> = {}) {
  const health = new MemoryIntegrationHealth(clock);
  const s3 = new S3Storage({
    ...TEST_S3_OPTIONS,
    endpoint: proxy.endpoint,
    prefix: `faults${++n}/`,
    uploadUrlTtlMs: 60 * 60_000,
    clock,
    health,
    ...overrides,
  });
  return { s3, health };
}

const puts = () => proxy.seen.filter((line) => line.startsWith('PUT '));

describe('the adapter', () => {
  it('retries SlowDown and 503 (as Amazon asks) and then succeeds', async () => {
    const { s3, health } = storage();
    proxy.inject({ fault: FAULTS.slowDown, times: 1, when: (r) => r.method === 'PUT' });
    proxy.inject({ fault: FAULTS.serviceUnavailable, times: 1, when: (r) => r.method === 'PUT' });
    const { folderId } = await s3.createFolder('v');
    expect(puts()).toHaveLength(3);
    expect(await s3.folder(folderId)).toMatchObject({ name: 'v' });
    expect(health.status('storage').lastError).toBeUndefined();
  });

  it('gives up after its tries with a 503 the kiosk retries later, and tells the health board', async () => {
    const { s3, health } = storage({ maxAttempts: 2 });
    proxy.inject({ fault: FAULTS.slowDown, times: 2 });
    await expect(s3.createFolder('v')).rejects.toMatchObject({ code: 'unavailable', message: SERVER_MESSAGES.s3.slowDown('SlowDown') });
    expect(proxy.seen).toHaveLength(2);
    expect(health.status('storage').lastError?.message).toBe(SERVER_MESSAGES.s3.slowDown('SlowDown'));
  });

  it('turns AccessDenied, and keys the store does not know, into a credential alert', async () => {
    const { s3, health } = storage();
    proxy.inject({ fault: FAULTS.accessDenied, times: 1 });
    await expect(s3.createFolder('v')).rejects.toMatchObject({
      code: 'upstream_failed',
      message: SERVER_MESSAGES.s3.accessDenied('AccessDenied'),
    });
    expect(proxy.seen).toHaveLength(1);
    expect(health.status('storage').lastError?.alert).toEqual({
      code: 's3_access_denied',
      advice: INTEGRATION_MESSAGES.s3AccessDeniedAdvice,
    });

    // s3rver itself refuses a key it does not know.
    const wrong = storage({ accessKeyId: 'AKIAUNKNOWN' });
    await expect(wrong.s3.listFiles('AAAAAAAAAAAAAAAAAAAAAA')).rejects.toMatchObject({
      message: SERVER_MESSAGES.s3.accessDenied('InvalidAccessKeyId'),
    });
    expect(wrong.health.status('storage').lastError?.alert?.code).toBe('s3_access_denied');
  });

  it("reports the CORS state as unknown where the store has no CORS API (MinIO's NotImplemented), and the test still passes", async () => {
    const { s3 } = storage();
    proxy.inject({ fault: FAULTS.notImplemented, times: 1, when: (r) => r.method === 'GET' && /[?&]cors/.test(r.url) });
    const result = await s3.testConnection('https://replay.example');
    expect(result).toMatchObject({ ok: true, details: { cors: 'unknown' } });
    expect(result.message).toContain(INTEGRATION_MESSAGES.s3CorsUnknown('NotImplemented'));
  });

  it('serves the asked bytes from a store that ignores Range and answers the whole object', async () => {
    const { s3 } = storage({ prefix: 'faults-range/' });
    const { folderId } = await s3.createFolder('v');
    const clip = mp4Bytes(30_000);
    const { uploadUrl } = await s3.createUploadUrl({
      folderId,
      filename: 'a.mp4',
      mimeType: 'video/mp4',
      size: clip.length,
      origin: undefined,
    });
    expect((await fetch(uploadUrl, { method: 'PUT', body: clip, headers: { 'Content-Type': 'video/mp4' } })).status).toBe(200);
    const deaf = await startS3FaultProxy(server.endpoint, { ignoreRange: true });
    try {
      const read = await storage({ endpoint: deaf.endpoint, prefix: 'faults-range/' }).s3.readFile(folderId, 'a.mp4', {
        start: 1000,
        end: 1999,
      });
      expect({ start: read.start, end: read.end, size: read.size }).toEqual({ start: 1000, end: 1999, size: clip.length });
      const parts: Buffer[] = [];
      for await (const part of read.body) parts.push(part as Buffer);
      expect(Buffer.concat(parts).equals(clip.subarray(1000, 2000))).toBe(true);
    } finally {
      await deaf.close();
    }
  });

  it('says why the storage test failed, and names no secret', async () => {
    const { s3 } = storage({ secretAccessKey: 'very-secret-value' });
    proxy.inject({ fault: FAULTS.accessDenied, times: 1 });
    const result = await s3.testConnection('https://replay.example');
    expect(result).toMatchObject({ ok: false, details: { bucket: TEST_BUCKET, region: 'auto' } });
    expect(result.message).toBe(INTEGRATION_MESSAGES.s3ProbeFailed(TEST_BUCKET, SERVER_MESSAGES.s3.accessDenied('AccessDenied')));
    expect(JSON.stringify(result)).not.toContain('very-secret-value');
  });
});

describe("the kiosk's single PUT", () => {
  const clip = mp4Bytes(40_000);
  const blob = () => new Blob([clip]);

  async function target(s3: S3Storage) {
    const { folderId } = await s3.createFolder('v');
    const url = () => s3.createUploadUrl({ folderId, filename: 'rally.mp4', mimeType: 'video/mp4', size: clip.length, origin: undefined });
    return { folderId, url };
  }

  it('sends the clip again after a SlowDown or a 503, and it arrives whole', async () => {
    const { s3 } = storage();
    const { folderId, url } = await target(s3);
    proxy.inject({ fault: FAULTS.slowDown, times: 1, when: (r) => r.method === 'PUT' });
    proxy.inject({ fault: FAULTS.serviceUnavailable, times: 1, when: (r) => r.method === 'PUT' });
    const before = puts().length;
    await wholeUpload((await url()).uploadUrl, blob(), 'video/mp4', { sleep: noSleep });
    expect(puts().length - before).toBe(3);
    const read = await s3.readFile(folderId, 'rally.mp4');
    expect(read.size).toBe(clip.length);
    read.body.destroy();
  });

  it('asks for a new URL when the presigned one has expired (403 AccessDenied, "Request has expired"), then stores the clip', async () => {
    const { s3 } = storage({ prefix: 'faults-expired/' });
    const { s3: stale } = storage({ clock: frozenClock(new Date(Date.now() - 2 * 3600_000)), prefix: 'faults-expired/' });
    const { folderId } = await target(stale);
    const expired = await stale.createUploadUrl({
      folderId,
      filename: 'rally.mp4',
      mimeType: 'video/mp4',
      size: clip.length,
      origin: undefined,
    });
    const refused = await fetch(expired.uploadUrl, { method: 'PUT', body: clip, headers: { 'Content-Type': 'video/mp4' } });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Request has expired');

    let renewed = 0;
    const renewUrl = async () => {
      renewed++;
      return (await s3.createUploadUrl({ folderId, filename: 'rally.mp4', mimeType: 'video/mp4', size: clip.length, origin: undefined }))
        .uploadUrl;
    };
    await wholeUpload(expired.uploadUrl, blob(), 'video/mp4', { renewUrl, sleep: noSleep });
    expect(renewed).toBe(1);
    expect((await s3.listFiles(folderId)).map((f) => [f.name, f.size])).toEqual([['rally.mp4', clip.length]]);
  });

  it('stores nothing through a tampered URL (403 SignatureDoesNotMatch), and gives up once a fresh URL is refused too', async () => {
    const { s3 } = storage();
    const { folderId, url } = await target(s3);
    const genuine = (await url()).uploadUrl;
    for (const tampered of [genuine.replace('X-Amz-Expires=3600', 'X-Amz-Expires=604800'), genuine.replace('/rally.mp4?', '/other.mp4?')]) {
      const res = await fetch(tampered, { method: 'PUT', body: clip, headers: { 'Content-Type': 'video/mp4' } });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('SignatureDoesNotMatch');
    }
    // Signed for a video: the same URL refuses another type, and another length.
    expect((await fetch(genuine, { method: 'PUT', body: clip, headers: { 'Content-Type': 'text/html' } })).status).toBe(403);
    expect((await fetch(genuine, { method: 'PUT', body: clip.subarray(1), headers: { 'Content-Type': 'video/mp4' } })).status).toBe(403);

    let renewed = 0;
    const renewUrl = async () => {
      renewed++;
      return genuine.replace('X-Amz-Expires=3600', 'X-Amz-Expires=7200');
    };
    await expect(
      wholeUpload(genuine.replace('/rally.mp4?', '/other.mp4?'), blob(), 'video/mp4', { renewUrl, sleep: noSleep }),
    ).rejects.toThrow(UploadError);
    expect(renewed).toBe(1);
    expect(await s3.listFiles(folderId)).toEqual([]);
  });
});

describe('through the API', () => {
  it('AccessDenied answers the kiosk 502 and raises the alert the Integrations panel and Errors show', async () => {
    const t = await makeAdapterTestApp({
      env: { PUBLIC_URL: 'https://replay.example', ...server.env, S3_ENDPOINT: proxy.endpoint, S3_PREFIX: 'api-faults/' },
    });
    try {
      t.clock.set(new Date());
      const { purchase, device } = await seedPurchase(t);
      proxy.inject({ fault: FAULTS.accessDenied, times: 1 });
      const res = await t.call(
        'createFolder',
        { body: { folderName: 'v', purchaseId: purchase.id } },
        { headers: device.headers, raw: true },
      );
      expect(res.status).toBe(502);
      expect(await bodyOf(res)).toEqual({ message: SERVER_MESSAGES.s3.accessDenied('AccessDenied') });
      await t.deps.health!.flush();
      const owner = await t.seed.admin({ role: 'super_admin' });
      const status = await bodyOf(t.call('integrationHealth', {}, { headers: owner.headers, raw: true }));
      expect(status.alerts).toEqual([expect.objectContaining({ code: 's3_access_denied', integration: 'storage' })]);
      const errors = await bodyOf(t.call('listErrors', {}, { headers: owner.headers, raw: true }));
      expect(JSON.stringify(errors)).toContain(SERVER_MESSAGES.s3.accessDenied('AccessDenied'));
    } finally {
      await t.close();
    }
  });
});
