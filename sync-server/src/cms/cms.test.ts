import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyOf, makeAdapterTestApp, type AdapterTestApp } from '../adapters/testing/adapter-app.ts';
import { MESSAGES } from '@courtreplay/shared';
import { jpegBytes, mp4Bytes, pngBytes } from '../adapters/testing/clips.ts';
import type { SeededAdmin } from '../testing/index.ts';

function form(field: string, bytes: Buffer, name: string, type: string): FormData {
  const data = new FormData();
  data.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return data;
}

/** A multipart body produced as it is read: `size` bytes of a file that opens with an ftyp box. */
function streamingVideoForm(size: number) {
  const boundary = '----courtreplay-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="huge.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  let sent = 0;
  const chunk = Buffer.alloc(1024 * 1024);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(Buffer.concat([head, mp4Bytes(1024)]));
      if (sent >= size) {
        controller.enqueue(tail);
        controller.close();
        return;
      }
      controller.enqueue(chunk);
      sent += chunk.length;
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('CMS uploads', () => {
  let t: AdapterTestApp;
  let superAdmin: SeededAdmin;
  beforeEach(async () => {
    t = await makeAdapterTestApp();
    superAdmin = await t.seed.admin({ role: 'super_admin' });
  });
  afterEach(() => t.close());

  const upload = (kind: string, body: FormData, headers = superAdmin.headers, query = '') =>
    t.app.request(`/api/admin/cms/${kind}${query}`, { method: 'POST', headers, body });
  const configValue = async (key: string) =>
    (await t.db.selectFrom('config_entries').select('value').where('key', '=', key).executeTakeFirst())?.value;
  const mediaFiles = () => (existsSync(join(t.dir, 'media')) ? readdirSync(join(t.dir, 'media')) : []);

  it('stores a promo video judged by its content, points the key at it and serves it with type, cache and ranges', async () => {
    const video = mp4Bytes(200_000);
    const res = await upload('upload-promo-video', form('video', video, 'promo.bin', 'application/octet-stream'));
    expect(res.status).toBe(200);
    const { url } = await bodyOf(res);
    expect(url).toMatch(/^\/media\/promo-video-[a-z0-9]+-[a-f0-9]{12}\.mp4$/);
    expect(await configValue('CMS_PROMO_VIDEO')).toBe(url);
    const served = await t.app.request(url);
    expect(served.headers.get('Content-Type')).toBe('video/mp4');
    expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(video)).toBe(true);
    const part = await t.app.request(url, { headers: { Range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
  });

  it('writes the _STAGING key when asked, and removes the file it replaces', async () => {
    const first = await bodyOf(
      upload('upload-bg-image', form('image', jpegBytes(5000), 'bg.jpg', 'image/jpeg'), superAdmin.headers, '?staging=true'),
    );
    expect(await configValue('CMS_BG_IMAGE_STAGING')).toBe(first.url);
    expect(await configValue('CMS_BG_IMAGE')).toBeUndefined();
    const second = await bodyOf(
      upload('upload-bg-image', form('image', pngBytes(5000), 'bg.png', 'image/png'), superAdmin.headers, '?staging=true'),
    );
    expect(second.url).toMatch(/\.png$/);
    expect(await configValue('CMS_BG_IMAGE_STAGING')).toBe(second.url);
    expect(mediaFiles()).toEqual([second.url.slice('/media/'.length)]);
    expect((await t.app.request(first.url)).status).toBe(404);
  });

  it('keeps a watermark PNG byte for byte', async () => {
    const png = pngBytes(3000);
    const { url } = await bodyOf(upload('upload-watermark', form('image', png, 'wm.png', 'image/png')));
    expect(readFileSync(join(t.dir, url)).equals(png)).toBe(true);
  });

  it.each([
    [
      'upload-promo-video',
      form('video', Buffer.from('GIF89a not a video at all'), 'x.mp4', 'video/mp4'),
      415,
      'Please select a valid video file',
    ],
    ['upload-promo-video', form('image', mp4Bytes(1000), 'x.mp4', 'video/mp4'), 400, 'Please select a video file to upload'],
    ['upload-bg-image', form('image', mp4Bytes(1000), 'x.jpg', 'image/jpeg'), 415, 'Please select a valid image file (JPEG, PNG, or WebP)'],
    ['upload-bg-image', new FormData(), 400, 'Please select an image file to upload'],
    [
      'upload-bg-image',
      form('image', jpegBytes(10 * 1024 * 1024 + 1), 'big.jpg', 'image/jpeg'),
      413,
      'Image file size must be less than 10MB',
    ],
    [
      'upload-watermark',
      form('image', jpegBytes(2000), 'wm.png', 'image/png'),
      415,
      'Please select a valid PNG image for the watermark to support transparency',
    ],
    [
      'upload-watermark',
      form('image', pngBytes(5 * 1024 * 1024 + 1), 'wm.png', 'image/png'),
      413,
      'Watermark file size must be less than 5MB',
    ],
    ['upload-watermark', form('image', Buffer.alloc(0), 'wm.png', 'image/png'), 400, 'Please select a PNG image to upload as watermark'],
  ] as const)('%s refuses bad input in the spec words (%#) and stores nothing', async (kind, body, status, message) => {
    const res = await upload(kind, body);
    expect(res.status).toBe(status);
    expect((await bodyOf(res)).message).toBe(message);
    expect(mediaFiles()).toEqual([]);
    expect(await t.db.selectFrom('config_entries').selectAll().where('key', 'like', 'CMS_%').execute()).toEqual([]);
  });

  it('stops reading a promo video past 100 MB (413) and keeps nothing', async () => {
    const { body, contentType } = streamingVideoForm(101 * 1024 * 1024);
    const res = await t.app.request('/api/admin/cms/upload-promo-video', {
      method: 'POST',
      headers: { ...superAdmin.headers, 'Content-Type': contentType },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await bodyOf(res)).message).toBe('Video file size must be less than 100MB');
    expect(mediaFiles()).toEqual([]);
  });

  it('refuses a declared Content-Length over the limit before reading, and anyone but a super admin', async () => {
    const tooBig = await t.app.request('/api/admin/cms/upload-watermark', {
      method: 'POST',
      headers: { ...superAdmin.headers, 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(50 * 1024 * 1024) },
      body: '--x--',
    });
    expect(tooBig.status).toBe(413);
    const admin = await t.seed.admin();
    expect((await upload('upload-watermark', form('image', pngBytes(100), 'wm.png', 'image/png'), admin.headers)).status).toBe(403);
    expect((await upload('upload-watermark', form('image', pngBytes(100), 'wm.png', 'image/png'), {})).status).toBe(401);
    expect(mediaFiles()).toEqual([]);
    expect((await t.app.request('/media/..%2Fsecrets%2Finstall-secret')).status).toBe(404);
  });

  it('answers 400 with a message, and keeps nothing, for a multipart body without a boundary, a malformed one or cut short', async () => {
    const raw = (contentType: string, body: string) =>
      t.app.request('/api/admin/cms/upload-promo-video', {
        method: 'POST',
        headers: { ...superAdmin.headers, 'Content-Type': contentType },
        body,
      });
    const head = '--b1\r\nContent-Disposition: form-data; name="video"; filename="a.mp4"\r\nContent-Type: video/mp4\r\n\r\n';
    const truncated = head + mp4Bytes(2048).toString('latin1');
    for (const [contentType, body] of [
      ['multipart/form-data', truncated],
      ['multipart/form-data; boundary=', truncated],
      ['multipart/form-data; charset=utf-8', truncated],
      ['multipart/form-data; boundary=b1', truncated],
    ] as const) {
      const res = await raw(contentType, body);
      expect(res.status, contentType).toBe(400);
      expect((await bodyOf(res)).message, contentType).toBe(MESSAGES.cms.malformedUpload);
    }
    expect(mediaFiles()).toEqual([]);
    expect(await configValue('CMS_PROMO_VIDEO')).toBeUndefined();
  });

  describe('the portrait promo video', () => {
    const remove = (headers = superAdmin.headers, query = '') =>
      t.app.request(`/api/admin/cms/portrait-promo-video${query}`, { method: 'DELETE', headers });

    it('is stored beside the landscape one, replaced (old file removed) and deleted, leaving the landscape one alone', async () => {
      const landscape = await bodyOf(upload('upload-promo-video', form('video', mp4Bytes(3000), 'land.mp4', 'video/mp4')));
      const first = await upload('upload-portrait-promo-video', form('video', mp4Bytes(4000), 'tall.mp4', 'video/mp4'));
      expect(first.status).toBe(200);
      const stored = await bodyOf(first);
      expect(stored).toMatchObject({ key: 'CMS_PROMO_VIDEO_PORTRAIT', message: MESSAGES.cms.portraitUploaded });
      expect(stored.url).toMatch(/^\/media\/promo-portrait-[a-z0-9]+-[a-f0-9]{12}\.mp4$/);
      expect(await configValue('CMS_PROMO_VIDEO_PORTRAIT')).toBe(stored.url);
      expect((await t.app.request(stored.url)).headers.get('Content-Type')).toBe('video/mp4');

      const replaced = await bodyOf(upload('upload-portrait-promo-video', form('video', mp4Bytes(5000), 'tall2.mp4', 'video/mp4')));
      expect(await configValue('CMS_PROMO_VIDEO_PORTRAIT')).toBe(replaced.url);
      expect((await t.app.request(stored.url)).status).toBe(404);

      const removed = await remove();
      expect(removed.status).toBe(200);
      expect(await bodyOf(removed)).toEqual({ message: MESSAGES.cms.portraitRemoved, key: 'CMS_PROMO_VIDEO_PORTRAIT' });
      expect(await configValue('CMS_PROMO_VIDEO_PORTRAIT')).toBeUndefined();
      expect((await t.app.request(replaced.url)).status).toBe(404);
      expect(await configValue('CMS_PROMO_VIDEO')).toBe(landscape.url);
      expect(mediaFiles()).toEqual([landscape.url.slice('/media/'.length)]);
    });

    it('has a _STAGING twin: staging upload and delete leave the live slot alone', async () => {
      const live = await bodyOf(upload('upload-portrait-promo-video', form('video', mp4Bytes(3000), 'a.mp4', 'video/mp4')));
      const staged = await bodyOf(
        upload('upload-portrait-promo-video', form('video', mp4Bytes(3000), 'b.mp4', 'video/mp4'), superAdmin.headers, '?staging=true'),
      );
      expect(staged.key).toBe('CMS_PROMO_VIDEO_PORTRAIT_STAGING');
      expect((await bodyOf(remove(superAdmin.headers, '?staging=true'))).key).toBe('CMS_PROMO_VIDEO_PORTRAIT_STAGING');
      expect(await configValue('CMS_PROMO_VIDEO_PORTRAIT_STAGING')).toBeUndefined();
      expect(await configValue('CMS_PROMO_VIDEO_PORTRAIT')).toBe(live.url);
    });

    it('is shown to a kiosk not yet authorised, like the other home screen media', async () => {
      const { url } = await bodyOf(upload('upload-portrait-promo-video', form('video', mp4Bytes(3000), 'a.mp4', 'video/mp4')));
      const res = await t.app.request('/api/admin/config');
      expect(res.status).toBe(200);
      expect(await bodyOf(res)).toContainEqual({ key: 'CMS_PROMO_VIDEO_PORTRAIT', value: url, venueId: null });
    });

    it('refuses anyone but a super admin, uploading or deleting, and changes nothing', async () => {
      const { url } = await bodyOf(upload('upload-portrait-promo-video', form('video', mp4Bytes(3000), 'a.mp4', 'video/mp4')));
      const admin = await t.seed.admin();
      for (const headers of [admin.headers, {}]) {
        const status = headers === admin.headers ? 403 : 401;
        expect((await upload('upload-portrait-promo-video', form('video', mp4Bytes(3000), 'b.mp4', 'video/mp4'), headers)).status).toBe(
          status,
        );
        const refused = await remove(headers);
        expect(refused.status).toBe(status);
        expect(typeof (await bodyOf(refused)).message).toBe('string');
      }
      expect(await configValue('CMS_PROMO_VIDEO_PORTRAIT')).toBe(url);
      expect(mediaFiles()).toEqual([url.slice('/media/'.length)]);
    });

    it.each([
      [
        'not a video',
        form('video', Buffer.from('GIF89a not a video at all'), 'x.mp4', 'video/mp4'),
        415,
        'Please select a valid video file',
      ],
      ['the wrong field', form('image', mp4Bytes(1000), 'x.mp4', 'video/mp4'), 400, 'Please select a video file to upload'],
      ['no file', new FormData(), 400, 'Please select a video file to upload'],
    ] as const)('refuses %s in the spec words and keeps the stored one', async (_name, body, status, message) => {
      const { url } = await bodyOf(upload('upload-portrait-promo-video', form('video', mp4Bytes(3000), 'a.mp4', 'video/mp4')));
      const res = await upload('upload-portrait-promo-video', body);
      expect(res.status).toBe(status);
      expect((await bodyOf(res)).message).toBe(message);
      expect(await configValue('CMS_PROMO_VIDEO_PORTRAIT')).toBe(url);
      expect(mediaFiles()).toEqual([url.slice('/media/'.length)]);
    });

    it('answers 404 with a message when there is none to delete, and keeps a file another key still shows', async () => {
      const none = await remove();
      expect(none.status).toBe(404);
      expect((await bodyOf(none)).message).toBe(MESSAGES.cms.noPortraitVideo);
      const { url } = await bodyOf(upload('upload-promo-video', form('video', mp4Bytes(3000), 'a.mp4', 'video/mp4')));
      const put = await t.app.request('/api/admin/config', {
        method: 'PUT',
        headers: { ...superAdmin.headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ key: 'CMS_PROMO_VIDEO_PORTRAIT', value: url }),
      });
      expect(put.status).toBe(200);
      expect((await remove()).status).toBe(200);
      expect((await t.app.request(url)).status).toBe(200);
    });
  });

  it('survives a body cut short inside a file part it does not want (another field, or a second file)', async () => {
    const part = (field: string) =>
      `--b1\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const cutShort = [part('other') + 'abc', part('image') + pngBytes(200).toString('latin1') + '\r\n' + part('image') + 'abc'];
    for (const body of cutShort) {
      const res = await t.app.request('/api/admin/cms/upload-bg-image', {
        method: 'POST',
        headers: { ...superAdmin.headers, 'Content-Type': 'multipart/form-data; boundary=b1' },
        body,
      });
      expect(res.status).toBe(400);
      expect((await bodyOf(res)).message).toBe(MESSAGES.cms.malformedUpload);
    }
    // The server is still answering: an unhandled stream error would have ended the process.
    expect((await t.app.request('/api/health')).status).toBe(200);
    expect(mediaFiles()).toEqual([]);
  });
});
