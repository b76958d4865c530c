// The S3 adapter against a real S3-compatible server (s3rver, started here): folders, presigned
// PUTs of whole clips, listing, Range reads, upload status, clean-up that stays under S3_PREFIX,
// and the Integrations panel's test.
import { PutObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { INTEGRATION_MESSAGES } from '@courtreplay/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { frozenClock } from '../testing/clock.ts';
import { mp4Bytes } from './testing/clips.ts';
import { corsXml, startS3Server, TEST_BUCKET, type S3Server, TEST_S3_OPTIONS } from './testing/s3-server.ts';
import { S3Storage, type S3StorageOptions } from './s3-storage.ts';
import { bucketOrigin } from './s3-location.ts';

let server: S3Server;
beforeAll(async () => {
  server = await startS3Server();
});
afterAll(() => server.close());

// The presigner signs with this clock; s3rver dates objects by the real one.
const clock = frozenClock(new Date());
let prefix: string;
let n = 0;
beforeEach(() => {
  // Each test its own prefix: they share the bucket, as instances of one install do.
  prefix = `t${++n}/courtreplay/`;
});

function storage(overrides: Partial<S3StorageOptions> = {}): S3Storage {
  return new S3Storage({
    ...TEST_S3_OPTIONS,
    endpoint: server.endpoint,
    prefix,
    uploadUrlTtlMs: 15 * 60_000,
    clock,
    ...overrides,
  });
}

/** What the kiosk does with a single-put URL: one PUT of the whole clip with its type. */
async function put(uploadUrl: string, bytes: Buffer, type = 'video/mp4'): Promise<Response> {
  return fetch(uploadUrl, { method: 'PUT', body: bytes, headers: { 'Content-Type': type } });
}

async function text(body: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describe('S3 storage', () => {
  it('stores a clip through a presigned PUT of the whole object and serves it back whole and by Range', async () => {
    const s3 = storage();
    const { folderId, folderUrl } = await s3.createFolder('videos_20261120_1000_1videos', {
      baseUrl: 'https://replay.example',
      venueName: 'Arena',
    });
    expect(folderUrl).toBe(`https://replay.example/d/${folderId}`);
    const clip = mp4Bytes(50_000);
    const answer = await s3.createUploadUrl({
      folderId,
      filename: 'Rally 1.mp4',
      mimeType: 'video/mp4',
      size: clip.length,
      origin: undefined,
    });
    expect(answer.uploadKind).toBe('single-put');
    // Presigned for exactly this key, type and length, for no longer than UPLOAD_URL_TTL_MINUTES.
    const url = new URL(answer.uploadUrl);
    expect(url.pathname).toBe(`/${TEST_BUCKET}/${prefix}${folderId}/Rally-1.mp4`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(url.searchParams.get('x-amz-checksum-crc32')).toBeNull();
    expect(await s3.uploadStatus(answer.uploadUrl, clip.length)).toEqual({ received: 0, complete: false });

    expect((await put(answer.uploadUrl, clip)).status).toBe(200);
    expect(await s3.uploadStatus(answer.uploadUrl, clip.length)).toEqual({ received: clip.length, complete: true });
    expect(await s3.listFiles(folderId)).toEqual([{ id: 'Rally-1.mp4', name: 'Rally-1.mp4', size: clip.length, mimeType: 'video/mp4' }]);
    expect(await s3.folder(folderId)).toMatchObject({
      name: 'videos_20261120_1000_1videos',
      venueName: 'Arena',
      files: [{ name: 'Rally-1.mp4' }],
    });

    const whole = await s3.readFile(folderId, 'Rally-1.mp4');
    expect({ size: whole.size, start: whole.start, end: whole.end, mimeType: whole.mimeType }).toEqual({
      size: clip.length,
      start: 0,
      end: clip.length - 1,
      mimeType: 'video/mp4',
    });
    expect((await text(whole.body)).equals(clip)).toBe(true);
    const part = await s3.readFile(folderId, 'Rally-1.mp4', { start: 100, end: 199 });
    expect({ start: part.start, end: part.end, size: part.size }).toEqual({ start: 100, end: 199, size: clip.length });
    expect((await text(part.body)).equals(clip.subarray(100, 200))).toBe(true);
    const tail = await s3.readFile(folderId, 'Rally-1.mp4', { start: 49_990 });
    expect((await text(tail.body)).equals(clip.subarray(49_990))).toBe(true);
    await expect(s3.readFile(folderId, 'Rally-1.mp4', { start: clip.length })).rejects.toMatchObject({ code: 'bad_range' });
    await expect(s3.readFile(folderId, 'nope.mp4')).rejects.toMatchObject({ code: 'not_found' });
    await expect(s3.readFile(folderId, '.folder.json')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('gives a second clip of the same title its own name instead of overwriting the first', async () => {
    const s3 = storage();
    const { folderId } = await s3.createFolder('v');
    for (const size of [20_000, 30_000]) {
      const { uploadUrl } = await s3.createUploadUrl({ folderId, filename: 'rally.mp4', mimeType: 'video/mp4', size, origin: undefined });
      expect((await put(uploadUrl, mp4Bytes(size))).status).toBe(200);
    }
    expect((await s3.listFiles(folderId)).map((f) => [f.name, f.size])).toEqual([
      ['rally-2.mp4', 30_000],
      ['rally.mp4', 20_000],
    ]);
  });

  it('refuses an unknown folder, a type that is no video, a clip over 5 GB, and a clip past STORAGE_LIMIT_BYTES', async () => {
    const s3 = storage({ limitBytes: 60_000 });
    const { folderId } = await s3.createFolder('v');
    const ask = (over: Partial<{ folderId: string; mimeType: string; size: number }>) =>
      s3.createUploadUrl({ folderId, filename: 'a.mp4', mimeType: 'video/mp4', size: 1000, origin: undefined, ...over });
    await expect(ask({ folderId: 'AAAAAAAAAAAAAAAAAAAAAA' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(ask({ mimeType: 'text/html' })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(ask({ size: 5 * 1024 ** 3 + 1 })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(ask({ size: 70_000 })).rejects.toMatchObject({ code: 'insufficient_storage' });
    await expect(ask({ size: 50_000 })).resolves.toMatchObject({ uploadKind: 'single-put' });
  });

  it('answers upload status only for URLs of its own bucket and prefix, and gone once an unused URL expired', async () => {
    const s3 = storage();
    const { folderId } = await s3.createFolder('v');
    const { uploadUrl } = await s3.createUploadUrl({ folderId, filename: 'a.mp4', mimeType: 'video/mp4', size: 1000, origin: undefined });
    await expect(s3.uploadStatus(uploadUrl.replace(prefix, 'elsewhere/'), 1000)).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(s3.uploadStatus(`https://evil.example/${TEST_BUCKET}/${prefix}${folderId}/a.mp4`, 1000)).rejects.toMatchObject({
      code: 'invalid_input',
    });
    const later = storage({ clock: frozenClock(new Date(clock.now().getTime() + 15 * 60_000 + 1000)) });
    await expect(later.uploadStatus(uploadUrl, 1000)).rejects.toMatchObject({ code: 'gone' });
  });

  it('erases a folder with its objects; quota, preview and clean-up count and delete only what lies under S3_PREFIX', async () => {
    const s3 = storage();
    // Someone else's object in the same bucket, outside the prefix, and one beside it.
    const foreign = [`t${n}/other-app/keep.mp4`, `t${n}/courtreplay-old.mp4`];
    for (const Key of foreign) await s3.client.send(new PutObjectCommand({ Bucket: TEST_BUCKET, Key, Body: 'not ours' }));
    const folders: string[] = [];
    for (const size of [10_000, 20_000, 30_000]) {
      const { folderId } = await s3.createFolder('v');
      const { uploadUrl } = await s3.createUploadUrl({ folderId, filename: 'a.mp4', mimeType: 'video/mp4', size, origin: undefined });
      await put(uploadUrl, mp4Bytes(size));
      folders.push(folderId);
    }
    expect((await s3.quota()).usage).toBeGreaterThanOrEqual(60_000);
    expect((await s3.quota()).usage).toBeLessThan(61_000);
    expect(await s3.measure()).toEqual({ files: 3, bytes: 60_000 });
    // s3rver dates objects to the second: a cutoff a minute ago keeps them all.
    expect(await s3.measure(new Date(Date.now() - 60_000))).toEqual({ files: 0, bytes: 0 });
    expect(await s3.deleteOlderThan(new Date(Date.now() - 60_000))).toBe(0);

    expect(await s3.deleteFolder(folders[0]!)).toBe(1);
    expect(await s3.listFiles(folders[0]!)).toEqual([]);
    expect(await s3.folder(folders[0]!)).toBeUndefined();
    expect(await s3.deleteFolder(folders[0]!)).toBe(0);

    expect(await s3.deleteOlderThan(new Date(Date.now() + 60_000))).toBe(2);
    expect(await s3.measure()).toEqual({ files: 0, bytes: 0 });
    expect(await s3.empty()).toBe(0);
    for (const Key of foreign) await expect(s3.client.send(new HeadObjectCommand({ Bucket: TEST_BUCKET, Key }))).resolves.toBeTruthy();
  });

  it("the storage test writes, reads and deletes a probe, and reports bucket, region and the CORS rule for the admin's origin; never the secret", async () => {
    const s3 = storage({ secretAccessKey: 'S3RVER' });
    const good = await s3.testConnection('https://replay.example');
    expect(good.ok).toBe(true);
    expect(good.message).toBe(
      `${INTEGRATION_MESSAGES.s3Works(TEST_BUCKET, 'auto')} ${INTEGRATION_MESSAGES.s3CorsOk('https://replay.example')}`,
    );
    expect(good.details).toMatchObject({ bucket: TEST_BUCKET, region: 'auto', cors: 'ok' });
    expect(JSON.stringify(good)).not.toContain('S3RVER');
    expect(await s3.measure()).toEqual({ files: 0, bytes: 0 });

    const otherOrigin = await s3.testConnection('https://kiosk.elsewhere.example');
    expect(otherOrigin.ok).toBe(false);
    expect(otherOrigin.details).toMatchObject({ cors: 'incomplete' });
    expect(otherOrigin.message).toContain('origin https://kiosk.elsewhere.example');
  });

  it('the storage test says when the bucket has no CORS rule, or one that hides the ETag', async () => {
    for (const [cors, state, words] of [
      [null, 'missing', INTEGRATION_MESSAGES.s3CorsMissing],
      [corsXml('https://replay.example', []), 'incomplete', 'exposed ETag'],
    ] as const) {
      const other = await startS3Server({ cors });
      try {
        const s3 = storage({ endpoint: other.endpoint });
        const result = await s3.testConnection('https://replay.example');
        expect(result).toMatchObject({ ok: false, details: { cors: state } });
        expect(result.message).toContain(words);
      } finally {
        await other.close();
      }
    }
  });
});

describe('the bucket origin the Content-Security-Policy allows', () => {
  it('is the origin of the presigned URLs, for path style, a virtual-hosted endpoint and Amazon S3', async () => {
    const cases: Partial<S3StorageOptions>[] = [
      { endpoint: 'http://127.0.0.1:9000', forcePathStyle: true },
      { endpoint: 'https://0123abcd.r2.cloudflarestorage.com', forcePathStyle: false },
      { endpoint: undefined, region: 'ap-southeast-3', forcePathStyle: false },
      { endpoint: undefined, region: 'ap-southeast-3', forcePathStyle: false, bucket: 'clips.example.com' },
    ];
    for (const c of cases) {
      const options = { bucket: TEST_BUCKET, region: 'auto', endpoint: undefined, forcePathStyle: false, ...c };
      const s3 = storage(options);
      const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
      const url = await getSignedUrl(s3.client, new PutObjectCommand({ Bucket: options.bucket, Key: 'k' }), { expiresIn: 60 });
      expect(bucketOrigin(options)).toBe(new URL(url).origin);
    }
  });
});
