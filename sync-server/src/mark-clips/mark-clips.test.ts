// The recorder's contract for a marked clip, over HTTP with real files made by ffmpeg: the clip and
// its preview into the venue's storage through the server (local disk here; S3 with one PUT and
// with parts below), resumed after a break, never stored twice, the bytes sent reported with its
// mark states, touching only its own venue's marks. The browser journey and the phone store's
// tests build on it.
import { MARK_CLIP_MESSAGES } from '@courtreplay/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3FaultProxy, type S3FaultProxy } from '../adapters/testing/s3-faults.ts';
import { startS3Server, type S3Server } from '../adapters/testing/s3-server.ts';
import { storeWorld, type StoreWorld } from '../phone-store/test-support.ts';
import { countRows } from '../testing/index.ts';
import { markedClipFiles, type MarkedClipFiles } from '../testing/marked-clip-files.ts';
import { RecorderCallError, testRecorder } from '../testing/test-recorder.ts';

const CHUNK = 256 * 1024;
let files: MarkedClipFiles;
beforeAll(() => {
  files = markedClipFiles();
});

/** What the server keeps of the mark's clip, and what its folder holds. */
async function stored(w: StoreWorld, markId: number) {
  const clip = await w.db.selectFrom('mark_clips').selectAll().where('markId', '=', markId).executeTakeFirstOrThrow();
  const inFolder = clip.folderId ? await w.storage.listFiles(clip.folderId) : [];
  return { clip, inFolder: inFolder.map((f) => ({ name: f.name, size: f.size })) };
}

async function bytesOf(w: StoreWorld, folderId: string, name: string): Promise<Buffer> {
  const file = (await w.storage.listFiles(folderId)).find((f) => f.name === name)!;
  const read = await w.storage.readFile(folderId, file.id);
  const chunks: Buffer[] = [];
  for await (const chunk of read.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const refusal = async (call: Promise<unknown>) => {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof RecorderCallError)) throw new Error('the call was not refused');
  return { status: err.status, message: err.message };
};

describe('on the local disk', () => {
  let w: StoreWorld;
  beforeEach(async () => {
    w = await storeWorld();
  });
  afterEach(() => w.close());

  it('takes the preview and the clip, resumes a broken upload where it stopped, and a repeat stores nothing twice', async () => {
    const markId = await w.phone().mark(await w.codeOf(w.court1.id));
    expect((await w.recorder.marks('0')).marks.map((m) => m.id)).toEqual([markId]);
    await w.recorder.report(markId, { state: 'cutting' });
    expect(await w.recorder.send(markId, 'preview', files.preview)).toBe('sent');

    // The line breaks after the first chunk of the clip; the recorder comes back and asks where it stands.
    let putBytes = 0;
    const counting: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      // What the storage took: a PUT it answered (one cut off by the break never was).
      if (init?.method === 'PUT' && init.body instanceof Blob && [200, 201, 308].includes(res.status)) putBytes += init.body.size;
      return res;
    };
    const recorder = testRecorder({ baseUrl: w.base, token: w.recorderToken, fetch: counting, chunkBytes: CHUNK });
    expect(await recorder.send(markId, 'clip', files.clip, { breakAfterBytes: CHUNK, durationMs: files.durationMs })).toBe('broken');
    const resumed = await recorder.begin(markId, 'clip', { size: files.clip.length, mimeType: 'video/mp4' });
    expect(resumed).toMatchObject({ complete: false, received: CHUNK, uploadKind: 'resumable' });
    // The recorder reports the bytes sent with its mark states.
    await recorder.report(markId, {
      state: 'uploading',
      bytesSent: CHUNK + files.preview.length,
      bytesTotal: files.clip.length + files.preview.length,
    });
    expect((await stored(w, markId)).clip).toMatchObject({ bytesSent: CHUNK + files.preview.length, readyAt: null });
    const done = await recorder.sendFile(markId, 'clip', files.clip);
    expect(done.outcome).toBe('sent');
    // Each byte crossed the line once: the resumed upload began where the storage stood.
    expect(putBytes).toBe(files.clip.length);

    expect(done.answer).toEqual({
      markId,
      stored: true,
      files: { clip: { size: files.clip.length, complete: true }, preview: { size: files.preview.length, complete: true } },
    });
    await w.recorder.report(markId, { state: 'ready' });
    const { clip, inFolder } = await stored(w, markId);
    expect(clip).toMatchObject({
      durationMs: files.durationMs,
      fieldId: w.court1.id,
      venueId: w.venue.id,
      bytesSent: files.clip.length + files.preview.length,
      bytesTotal: files.clip.length + files.preview.length,
    });
    expect(inFolder).toEqual([
      { name: 'clip.mp4', size: files.clip.length },
      { name: 'preview.mp4', size: files.preview.length },
    ]);
    expect((await bytesOf(w, clip.folderId!, 'clip.mp4')).equals(files.clip)).toBe(true);

    // A recorder that lost its own state does it all again: nothing moves, nothing is sent.
    putBytes = 0;
    expect(await recorder.begin(markId, 'clip', { size: files.clip.length, mimeType: 'video/mp4' })).toEqual({
      complete: true,
      received: files.clip.length,
      uploadUrl: null,
      uploadKind: null,
    });
    expect((await recorder.deliver(markId, files)).stored).toBe(true);
    expect(putBytes).toBe(0);
    expect((await stored(w, markId)).inFolder).toEqual(inFolder);
    expect(await countRows(w.db, 'mark_files')).toBe(2);
    // Once stored, another size is another file: refused, the stored one kept.
    expect(await refusal(recorder.begin(markId, 'clip', { size: files.clip.length + 1, mimeType: 'video/mp4' }))).toEqual({
      status: 409,
      message: MARK_CLIP_MESSAGES.alreadyStored('clip'),
    });
  });

  it('answers a recorder only about its own venue’s marks, and refuses bad input with nothing stored', async () => {
    const markId = await w.phone().mark(await w.codeOf(w.court1.id));
    const mp4 = { size: 1000, mimeType: 'video/mp4' };
    for (const call of [
      () => w.otherRecorder.begin(markId, 'clip', mp4),
      () => w.otherRecorder.complete(markId, 'clip'),
      () => w.recorder.begin(987654, 'clip', mp4),
    ])
      expect(await refusal(call())).toEqual({ status: 404, message: MARK_CLIP_MESSAGES.notFound });
    expect((await refusal(w.recorder.begin(markId, 'preview', { size: 30 * 1024 * 1024, mimeType: 'video/mp4' }))).status).toBe(400);
    expect(await refusal(w.recorder.begin(markId, 'clip', { size: 1000, mimeType: 'image/png' }))).toEqual({
      status: 400,
      message: MARK_CLIP_MESSAGES.fileTypeInvalid,
    });
    expect((await refusal(w.recorder.report(markId, { state: 'uploading', bytesSent: 10, bytesTotal: 5 }))).status).toBe(400);
    // Another venue's recorder reporting bytes of this mark changes nothing.
    await w.otherRecorder.report(markId, { state: 'uploading', bytesSent: 5, bytesTotal: 10 });
    const unknownKind = await fetch(`${w.base}/api/recorder/marks/${markId}/files/thumbnail`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${w.recorderToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(mp4),
    });
    expect(unknownKind.status).toBe(404);
    expect(await countRows(w.db, 'mark_clips')).toBe(0);
    expect(await countRows(w.db, 'mark_files')).toBe(0);
  });

  it('stores the clip only once the storage holds it whole, asked of the storage, not taken from the recorder', async () => {
    const markId = await w.phone().mark(await w.codeOf(w.court2.id));
    expect(await refusal(w.recorder.complete(markId, 'clip'))).toEqual({ status: 409, message: MARK_CLIP_MESSAGES.noUpload('clip') });
    expect(await w.recorder.send(markId, 'clip', files.clip, { breakAfterBytes: CHUNK })).toBe('broken');
    expect(await refusal(w.recorder.complete(markId, 'clip'))).toEqual({ status: 409, message: MARK_CLIP_MESSAGES.notComplete('clip') });
    // Its word that the mark is done does not store a clip the storage does not hold.
    await w.recorder.report(markId, { state: 'ready' });
    expect((await stored(w, markId)).clip.readyAt).toBeNull();
    expect((await w.recorder.deliver(markId, files)).stored).toBe(true);
  });
});

describe('on S3: the preview in one presigned PUT, a large clip in presigned parts', () => {
  let s3: S3Server;
  // s3rver stores the parts; the imitation in front answers the multipart calls it lacks (ListParts...).
  let proxy: S3FaultProxy;
  beforeAll(async () => {
    s3 = await startS3Server();
    proxy = await startS3FaultProxy(s3.endpoint);
  });
  afterAll(async () => {
    await proxy.close();
    await s3.close();
  });

  it('stores both, resumes the parts after a break, and a repeat sends nothing', async () => {
    const MIB = 1024 * 1024;
    const w = await storeWorld({
      env: { ...s3.env, S3_ENDPOINT: proxy.endpoint, S3_PREFIX: 'marks/' },
      s3Multipart: { thresholdBytes: 5 * MIB + 1, partBytes: 5 * MIB },
    });
    try {
      // s3rver checks a presigned URL's date against the real clock.
      w.clock.set(new Date());
      await w.heartbeat();
      const large = markedClipFiles({ seconds: 4, width: 1920, height: 1080, bitrate: '16M' });
      expect(large.clip.length).toBeGreaterThan(5 * MIB + 1);
      const markId = await w.phone().mark(await w.codeOf(w.court1.id));
      expect((await w.recorder.begin(markId, 'preview', { size: large.preview.length, mimeType: 'video/mp4' })).uploadKind).toBe(
        'single-put',
      );
      expect(await w.recorder.send(markId, 'preview', large.preview)).toBe('sent');
      expect((await w.recorder.begin(markId, 'clip', { size: large.clip.length, mimeType: 'video/mp4' })).uploadKind).toBe('multipart');
      // The first part goes up, then the recorder stops; back, it asks the bucket what it holds.
      const [first] = (await w.recorder.parts(markId, 'clip')).parts;
      const put = await fetch(first!.uploadUrl, { method: 'PUT', body: large.clip.subarray(first!.start, first!.start + first!.size) });
      expect(put.status).toBe(200);
      expect((await w.recorder.parts(markId, 'clip')).received).toEqual([{ partNumber: 1, size: 5 * MIB }]);
      let putBytes = 0;
      const counting: typeof fetch = async (input, init) => {
        if (init?.method === 'PUT' && init.body instanceof Blob) putBytes += init.body.size;
        return fetch(input, init);
      };
      const back = testRecorder({ baseUrl: w.base, token: w.recorderToken, fetch: counting });
      expect(await back.send(markId, 'clip', large.clip)).toBe('sent');
      expect(putBytes).toBe(large.clip.length - 5 * MIB);
      const { clip, inFolder } = await stored(w, markId);
      expect(clip.readyAt).not.toBeNull();
      expect(inFolder).toEqual([
        { name: 'clip.mp4', size: large.clip.length },
        { name: 'preview.mp4', size: large.preview.length },
      ]);
      expect((await bytesOf(w, clip.folderId!, 'clip.mp4')).equals(large.clip)).toBe(true);
      expect((await w.recorder.begin(markId, 'preview', { size: large.preview.length, mimeType: 'video/mp4' })).complete).toBe(true);
    } finally {
      await w.close();
    }
  });
});
