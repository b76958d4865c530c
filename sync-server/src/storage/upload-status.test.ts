import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyOf, makeAdapterTestApp, type AdapterTestApp } from '../adapters/testing/adapter-app.ts';
import { mp4Bytes } from '../adapters/testing/clips.ts';

describe('POST /api/storage/upload-status', () => {
  let t: AdapterTestApp;
  let kiosk: Record<string, string>;
  let otherKiosk: Record<string, string>;
  beforeEach(async () => {
    t = await makeAdapterTestApp({ env: { PUBLIC_URL: 'https://replay.example' } });
    const venue = await t.seed.venue();
    kiosk = (await t.seed.device({ venueId: venue.id })).headers;
    otherKiosk = (await t.seed.device({ venueId: venue.id })).headers;
  });
  afterEach(() => t.close());

  it("tells the kiosk how much of its own upload arrived, and nothing about another kiosk's", async () => {
    const clip = mp4Bytes(40_000);
    const folder = await bodyOf(t.call('createFolder', { body: { folderName: 'videos_1' } }, { headers: kiosk, raw: true }));
    const { uploadUrl } = await bodyOf(
      t.call(
        'getSignedUrl',
        { body: { filename: 'a.mp4', mimeType: 'video/mp4', size: clip.length, folderId: folder.folderId } },
        { headers: kiosk, raw: true },
      ),
    );
    const ask = (headers: Record<string, string>, body: unknown = { uploadUrl }) =>
      t.json('POST', '/api/storage/upload-status', body, headers);

    expect(await bodyOf(ask(kiosk))).toEqual({ received: 0, complete: false });
    const put = await t.app.request(String(uploadUrl).replace('https://replay.example', ''), {
      method: 'PUT',
      headers: { 'Content-Type': 'video/mp4', 'Content-Range': `bytes 0-9999/${clip.length}` },
      body: clip.subarray(0, 10_000),
    });
    expect(put.status).toBe(308);
    expect(await bodyOf(ask(kiosk))).toEqual({ received: 10_000, complete: false });

    expect((await ask(otherKiosk)).status).toBe(404);
    expect((await ask(kiosk, { uploadUrl: `${uploadUrl}x` })).status).toBe(404);
    expect((await ask(kiosk, { uploadUrl: 'not a url' })).status).toBe(400);
    expect((await ask({})).status).toBe(401);
  });
});
