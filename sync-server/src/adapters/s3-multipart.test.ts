// Large clips as presigned multipart uploads, the real adapter and the kiosk's part
// loop (pwa/src/lib/multipart-upload.ts, as it runs in the browser) against s3rver, which stores the
// parts and joins them. s3rver has no ListParts, AbortMultipartUpload or ListMultipartUploads and never
// answers NoSuchUpload or EntityTooSmall, so the imitation written from Amazon's documentation
// (testing/s3-multipart-imitation.ts, in the fault proxy) stands in front of it and answers those.
import { SERVER_MESSAGES } from '@courtreplay/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { multipartUpload, type MultipartPlan } from '../../../pwa/src/lib/multipart-upload.ts';
import { DomainError } from '../errors.ts';
import { MemoryIntegrationHealth } from '../integrations/health.ts';
import { frozenClock } from '../testing/clock.ts';
import { mp4Bytes } from './testing/clips.ts';
import { FAULTS, startS3FaultProxy, type S3FaultProxy } from './testing/s3-faults.ts';
import { startS3Server, type S3Server, TEST_S3_OPTIONS } from './testing/s3-server.ts';
import { MIN_PART_BYTES, partsOf } from './s3-multipart.ts';
import { S3Storage, type S3StorageOptions } from './s3-storage.ts';

const MIB = 1024 ** 2;
/** S3's least part: the tests' parts, so an 11 MiB clip is three parts (5, 5 and 1 MiB). */
const PART = MIN_PART_BYTES;

let server: S3Server;
let proxy: S3FaultProxy;
beforeAll(async () => {
  server = await startS3Server();
});
afterAll(() => server.close());
beforeEach(async () => {
  proxy = await startS3FaultProxy(server.endpoint);
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
    prefix: `multipart${++n}/`,
    uploadUrlTtlMs: 30 * 60_000,
    clock,
    health,
    multipartThresholdBytes: 8 * MIB,
    partBytes: PART,
    ...overrides,
  });
  return { s3, health };
}

/** A clip whose every byte says where it is, so a part out of place shows. */
function clipOf(size: number): Buffer {
  const bytes = mp4Bytes(size);
  for (let i = 64; i < size; i++) bytes[i] = (i * 7 + (i >> 16)) & 0xff;
  return bytes;
}

async function begin(s3: S3Storage, clip: Buffer, filename = 'Rally-1.mp4') {
  const { folderId } = await s3.createFolder('videos');
  const target = await s3.createUploadUrl({ folderId, filename, mimeType: 'video/mp4', size: clip.length, origin: undefined });
  return { folderId, ...target };
}

async function read(s3: S3Storage, folderId: string, name: string): Promise<Buffer> {
  const { body } = await s3.readFile(folderId, name);
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The kiosk's loop, asking this adapter where our server would. */
function kiosk(s3: S3Storage, size: number, extra: Partial<Parameters<typeof multipartUpload>[2]> = {}) {
  const asked = (fn: () => Promise<unknown>) =>
    fn().catch((err: unknown) => {
      // What the kiosk's API client throws: the status our server would answer.
      const status = { gone: 410, conflict: 409, invalid_input: 400, unavailable: 503 }[(err as DomainError).code as string] ?? 500;
      throw Object.assign(new Error((err as Error).message), { status });
    });
  return {
    askParts: (url: string) => asked(() => s3.multipartParts(url, size)) as Promise<MultipartPlan>,
    complete: (url: string) => asked(() => s3.completeMultipart(url, size)),
    sleep: noSleep,
    ...extra,
  };
}

const partPuts = () => proxy.seen.filter((line) => line.startsWith('PUT ') && line.includes('partNumber='));

describe('multipart uploads of large clips', () => {
  it('sends a clip above the threshold in presigned parts, completed by the server, and stores it whole', async () => {
    const { s3, health } = storage();
    const clip = clipOf(11 * MIB);
    const target = await begin(s3, clip);
    expect(target).toMatchObject({ uploadKind: 'multipart', partSize: PART });
    // The handle names the upload and grants nothing: no signature in it.
    expect(target.uploadUrl).toMatch(/\/Rally-1\.mp4\?uploadId=/);
    expect(target.uploadUrl).not.toContain('X-Amz-Signature');

    const plan = await s3.multipartParts(target.uploadUrl, clip.length);
    expect(plan.received).toEqual([]);
    expect(plan.parts.map(({ partNumber, start, size }) => ({ partNumber, start, size }))).toEqual(partsOf(clip.length, PART));
    expect(plan.parts.map((p) => p.size)).toEqual([PART, PART, MIB]);
    for (const part of plan.parts) {
      const url = new URL(part.uploadUrl);
      expect(url.searchParams.get('partNumber')).toBe(String(part.partNumber));
      // A part URL lives no longer than UPLOAD_URL_TTL_MINUTES (30 here).
      expect(Number(url.searchParams.get('X-Amz-Expires'))).toBe(30 * 60);
    }

    const confirmed: number[] = [];
    await multipartUpload(target.uploadUrl, new Blob([clip]), kiosk(s3, clip.length, { onConfirmed: (o) => confirmed.push(o) }));
    expect(confirmed.at(-1)).toBe(clip.length);
    expect(partPuts()).toHaveLength(3);
    expect(await s3.listFiles(target.folderId)).toMatchObject([{ name: 'Rally-1.mp4', size: clip.length }]);
    expect((await read(s3, target.folderId, 'Rally-1.mp4')).equals(clip)).toBe(true);
    expect(await s3.uploadStatus(target.uploadUrl, clip.length)).toEqual({ received: clip.length, complete: true });
    // Asking again (the answer lost on the way) finds every part in and completes nothing twice.
    expect(await s3.multipartParts(target.uploadUrl, clip.length)).toMatchObject({ received: [{}, {}, {}], parts: [] });
    expect(await s3.completeMultipart(target.uploadUrl, clip.length)).toEqual({ received: clip.length, complete: true });
    expect(proxy.multipart.uploads.size).toBe(0);
    expect(health.status('storage').lastError).toBeUndefined();
  });

  it('keeps a clip at or below the threshold a single presigned PUT, its answer unchanged', async () => {
    const { s3 } = storage({ multipartThresholdBytes: 8 * MIB });
    const target = await begin(s3, clipOf(8 * MIB));
    expect(Object.keys(target).sort()).toEqual(['folderId', 'uploadKind', 'uploadUrl']);
    expect(target.uploadKind).toBe('single-put');
    await expect(s3.multipartParts(target.uploadUrl, 8 * MIB)).rejects.toMatchObject({
      code: 'invalid_input',
      message: SERVER_MESSAGES.s3.notMultipart,
    });
  });

  it('resumes after a reboot from the parts the bucket holds (ListParts), sending only the others', async () => {
    const { s3 } = storage();
    const clip = clipOf(11 * MIB);
    const target = await begin(s3, clip);
    // Before the reboot the kiosk got part 2 in, then the power went.
    const first = await s3.multipartParts(target.uploadUrl, clip.length);
    const part2 = first.parts[1]!;
    const res = await fetch(part2.uploadUrl, { method: 'PUT', body: clip.subarray(part2.start, part2.start + part2.size) });
    expect(res.status).toBe(200);

    expect(await s3.uploadStatus(target.uploadUrl, clip.length)).toEqual({ received: PART, complete: false });
    const again = await s3.multipartParts(target.uploadUrl, clip.length);
    expect(again.received).toEqual([{ partNumber: 2, size: PART }]);
    expect(again.parts.map((p) => p.partNumber)).toEqual([1, 3]);

    await multipartUpload(target.uploadUrl, new Blob([clip]), kiosk(s3, clip.length));
    expect(partPuts().filter((line) => line.includes('partNumber=2&') || line.endsWith('partNumber=2'))).toHaveLength(1);
    expect(partPuts()).toHaveLength(3);
    expect((await read(s3, target.folderId, 'Rally-1.mp4')).equals(clip)).toBe(true);
  });

  it('answers NoSuchUpload for an aborted upload as gone (the kiosk starts over), never as a failure of the bucket', async () => {
    const { s3, health } = storage();
    const clip = clipOf(11 * MIB);
    const target = await begin(s3, clip);
    expect(await s3.abortAbandonedUploads(new Date(Date.now() + 60_000))).toBe(1);

    const gone = { code: 'gone', message: SERVER_MESSAGES.s3.uploadGone };
    await expect(s3.multipartParts(target.uploadUrl, clip.length)).rejects.toMatchObject(gone);
    await expect(s3.completeMultipart(target.uploadUrl, clip.length)).rejects.toMatchObject(gone);
    await expect(s3.uploadStatus(target.uploadUrl, clip.length)).rejects.toMatchObject(gone);
    expect(health.status('storage').lastError).toBeUndefined();

    // The kiosk's loop asks for a new upload URL once and sends the clip over.
    const renewed: string[] = [];
    const renewUrl = async () => {
      const fresh = await s3.createUploadUrl({
        folderId: target.folderId,
        filename: 'Rally-1.mp4',
        mimeType: 'video/mp4',
        size: clip.length,
        origin: undefined,
      });
      renewed.push(fresh.uploadUrl);
      return fresh.uploadUrl;
    };
    const finished = await multipartUpload(target.uploadUrl, new Blob([clip]), kiosk(s3, clip.length, { renewUrl }));
    expect(finished).toBe(renewed[0]);
    expect(renewed).toHaveLength(1);
    expect((await read(s3, target.folderId, 'Rally-1.mp4')).equals(clip)).toBe(true);
  });

  it("waits out the bucket's SlowDown on listing the parts and on completing (our 503), and stores the clip whole", async () => {
    // One try per call, so the bucket's SlowDown reaches the kiosk as our server's 503 at once.
    const { s3 } = storage({ maxAttempts: 1 });
    const clip = clipOf(11 * MIB);
    const target = await begin(s3, clip);
    const uploadCall = (method: string) => (req: { method: string; url: string }) =>
      req.method === method && req.url.includes('uploadId=') && !req.url.includes('partNumber=');
    proxy.inject({ fault: FAULTS.slowDown, times: 1, when: uploadCall('GET') });
    proxy.inject({ fault: FAULTS.slowDown, times: 1, when: uploadCall('POST') });

    const waits: number[] = [];
    await multipartUpload(target.uploadUrl, new Blob([clip]), kiosk(s3, clip.length, { sleep: async (ms) => void waits.push(ms) }));
    expect(waits).toHaveLength(2);
    expect(partPuts()).toHaveLength(3);
    expect((await read(s3, target.folderId, 'Rally-1.mp4')).equals(clip)).toBe(true);
  });

  it('answers a part PUT to an aborted upload NoSuchUpload (404); the kiosk asks the server, which starts the clip again', async () => {
    const { s3 } = storage();
    const clip = clipOf(11 * MIB);
    const target = await begin(s3, clip);
    const answers: number[] = [];
    const renewed: string[] = [];
    const finished = await multipartUpload(
      target.uploadUrl,
      new Blob([clip]),
      kiosk(s3, clip.length, {
        concurrency: 1,
        fetch: (async (input: string | URL | Request, init?: RequestInit) => {
          // The upload is aborted (the retention job, another tool) while its first part travels.
          if (answers.length === 0) await s3.abortAbandonedUploads(new Date(Date.now() + 60_000));
          const res = await fetch(input, init);
          answers.push(res.status);
          return res;
        }) as typeof fetch,
        renewUrl: async () => {
          const fresh = await s3.createUploadUrl({
            folderId: target.folderId,
            filename: 'Rally-1.mp4',
            mimeType: 'video/mp4',
            size: clip.length,
            origin: undefined,
          });
          renewed.push(fresh.uploadUrl);
          return fresh.uploadUrl;
        },
      }),
    );
    expect(answers).toEqual([404, 200, 200, 200]);
    expect(finished).toBe(renewed[0]);
    expect(renewed).toHaveLength(1);
    expect((await read(s3, target.folderId, 'Rally-1.mp4')).equals(clip)).toBe(true);
  });

  it("refuses a part under 5 MiB that is not the last (the bucket's EntityTooSmall) with a clear message, then takes it sent again", async () => {
    const { s3, health } = storage();
    const clip = clipOf(11 * MIB);
    const target = await begin(s3, clip);
    const plan = await s3.multipartParts(target.uploadUrl, clip.length);
    // A browser that sent part 1 short (s3rver checks no signed length; S3 would refuse the PUT itself).
    for (const part of plan.parts) {
      const bytes = part.partNumber === 1 ? clip.subarray(0, MIB) : clip.subarray(part.start, part.start + part.size);
      expect((await fetch(part.uploadUrl, { method: 'PUT', body: bytes })).status).toBe(200);
    }
    await expect(s3.completeMultipart(target.uploadUrl, clip.length)).rejects.toMatchObject({
      code: 'invalid_input',
      message: SERVER_MESSAGES.s3.partTooSmall,
    });
    expect(health.status('storage').lastError).toBeUndefined();

    // Listed again, part 1 (not the length its number calls for) is offered again, and the kiosk's
    // loop finishes the clip.
    const again = await s3.multipartParts(target.uploadUrl, clip.length);
    expect(again.parts.map((p) => p.partNumber)).toEqual([1]);
    await multipartUpload(target.uploadUrl, new Blob([clip]), kiosk(s3, clip.length));
    expect((await read(s3, target.folderId, 'Rally-1.mp4')).equals(clip)).toBe(true);
  });

  it('says which parts are missing when completion is asked too early (409), and stores nothing', async () => {
    const { s3 } = storage();
    const clip = clipOf(11 * MIB);
    const target = await begin(s3, clip);
    await expect(s3.completeMultipart(target.uploadUrl, clip.length)).rejects.toMatchObject({
      code: 'conflict',
      message: SERVER_MESSAGES.s3.partsMissing('1-3'),
    });
    expect(await s3.listFiles(target.folderId)).toEqual([]);
  });

  it('takes no handle outside its prefix, and no presigned PUT, as a multipart upload', async () => {
    const { s3 } = storage();
    const clip = clipOf(11 * MIB);
    const target = await begin(s3, clip);
    const other = target.uploadUrl.replace(/multipart\d+\//, 'someone-else/');
    await expect(s3.multipartParts(other, clip.length)).rejects.toMatchObject({
      code: 'invalid_input',
      message: SERVER_MESSAGES.s3.notOurUrl,
    });
  });

  it('aborts, for the retention job, only uploads begun before the cutoff and only under its prefix', async () => {
    const { s3 } = storage();
    const neighbour = storage();
    const clip = clipOf(11 * MIB);
    const old = await begin(s3, clip, 'old.mp4');
    const theirs = await begin(neighbour.s3, clip, 'theirs.mp4');
    const cutoff = new Date(Date.now() + 60_000);
    // Begun after the cutoff: kept.
    proxy.multipart.uploads.forEach((u) => (u.initiated = new Date(cutoff.getTime() - 1)));
    const recent = await begin(s3, clip, 'recent.mp4');
    for (const u of proxy.multipart.uploads.values()) if (u.key.endsWith('recent.mp4')) u.initiated = new Date(cutoff.getTime() + 1);

    expect(await s3.abortAbandonedUploads(cutoff)).toBe(1);
    await expect(s3.multipartParts(old.uploadUrl, clip.length)).rejects.toBeInstanceOf(DomainError);
    expect((await s3.multipartParts(recent.uploadUrl, clip.length)).parts).toHaveLength(3);
    expect((await neighbour.s3.multipartParts(theirs.uploadUrl, clip.length)).parts).toHaveLength(3);
    expect(proxy.seen.filter((line) => line.startsWith('DELETE '))).toHaveLength(1);
  });
});
