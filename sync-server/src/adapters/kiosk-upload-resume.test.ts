// The kiosk's resumable uploader (pwa/src/lib/resumable-upload.ts) against the Drive imitation,
// from Node. `browserFetch` drops the answer headers CORS does not expose, as Chromium does.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resumableUpload, UploadError } from '../../../pwa/src/lib/resumable-upload.ts';
import { GoogleDriveStorage } from './google-drive.ts';
import { startDriveImitation, type DriveImitation } from './testing/drive-imitation.ts';

const CHUNK = 256 * 1024;
const noSleep = async () => {};

const browserFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  const exposed = (res.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/,\s*/);
  const headers = new Headers();
  res.headers.forEach((v, k) => {
    if (['content-type', 'content-length'].includes(k) || exposed.includes(k)) headers.set(k, v);
  });
  return new Response(res.body, { status: res.status, headers });
};

describe('kiosk uploader against the Drive imitation', () => {
  let drive: DriveImitation;
  let storage: GoogleDriveStorage;
  let folderId: string;
  const clip = new Blob([Buffer.alloc(3 * CHUNK + 1000, 7)]);

  beforeEach(async () => {
    drive = await startDriveImitation();
    storage = new GoogleDriveStorage({
      auth: { mode: 'oauth', clientId: 'cid', clientSecret: 's', refreshToken: 'r', tokenUrl: drive.tokenUrl },
      parentFolderId: undefined,
      limitBytes: undefined,
      apiUrl: drive.url,
      tuning: { sleep: noSleep, baseDelayMs: 1 },
    });
    folderId = (await storage.createFolder('videos_k')).folderId;
  });
  afterEach(() => drive.close());

  const newUrl = async () =>
    (await storage.createUploadUrl({ folderId, filename: 'clip.mp4', mimeType: 'video/mp4', size: clip.size, origin: undefined }))
      .uploadUrl;
  const askServer = (url: string) => storage.uploadStatus(url, clip.size);
  const stored = () => drive.files.filter((f) => f.name === 'clip.mp4');
  // PUTs that carried bytes (the server's status queries send `bytes */total`).
  const chunkPuts = () => drive.requests.filter((r) => r.op === 'upload-chunk' && !String(r.headers['content-range']).includes('*')).length;

  it('resumes after a 503 with an HTML body and after an expired session; the clip arrives whole', async () => {
    drive.inject('upload-chunk', '503-html');
    drive.inject('upload-chunk', '404-session-expired');
    const first = await newUrl();
    let renewed = 0;
    const finished = await resumableUpload(first, clip, 'video/mp4', {
      chunkBytes: CHUNK,
      fetch: browserFetch,
      sleep: noSleep,
      askServer,
      renewUrl: async () => (renewed++, newUrl()),
    });
    expect(finished).not.toBe(first);
    expect(renewed).toBe(1);
    expect(stored()).toHaveLength(1);
    expect(stored()[0]!.content!.equals(Buffer.from(await clip.arrayBuffer()))).toBe(true);
  });

  it('asks the server where to resume when CORS hides Range, instead of resending chunk 0', async () => {
    drive.options.hideRange = true;
    await resumableUpload(await newUrl(), clip, 'video/mp4', { chunkBytes: CHUNK, fetch: browserFetch, sleep: noSleep, askServer });
    expect(stored()[0]!.size).toBe(clip.size);
    expect(chunkPuts()).toBe(4);
  });

  it('retries a 429 and a 500 on a chunk', async () => {
    drive.inject('upload-chunk', '429');
    drive.inject('upload-chunk', '500');
    await resumableUpload(await newUrl(), clip, 'video/mp4', { chunkBytes: CHUNK, fetch: browserFetch, sleep: noSleep, askServer });
    expect(stored()[0]!.size).toBe(clip.size);
  });

  it('stops with a clear reason after no progress in N tries', async () => {
    for (let i = 0; i < 100; i++) drive.inject('upload-chunk', '500');
    const failure = resumableUpload(await newUrl(), clip, 'video/mp4', {
      chunkBytes: CHUNK,
      fetch: browserFetch,
      sleep: noSleep,
      askServer,
      maxStalls: 4,
    });
    await expect(failure).rejects.toThrow(UploadError);
    await expect(failure).rejects.toThrow('no progress after 4 tries (last: the storage answered 500)');
    expect(chunkPuts()).toBe(4);
  });
});
