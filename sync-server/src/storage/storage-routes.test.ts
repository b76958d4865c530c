import { SERVER_MESSAGES } from '@courtreplay/shared';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyOf, makeAdapterTestApp, seedPurchase, type AdapterTestApp } from '../adapters/testing/adapter-app.ts';
import { mp4Bytes, webmBytes } from '../adapters/testing/clips.ts';

describe('storage routes with the local adapter', () => {
  let t: AdapterTestApp;
  let kiosk: Record<string, string>;
  beforeEach(async () => {
    t = await makeAdapterTestApp({ env: { PUBLIC_URL: 'https://replay.example' } });
    const venue = await t.seed.venue({ name: 'Arena <Senayan>' });
    kiosk = (await t.seed.device({ venueId: venue.id })).headers;
  });
  afterEach(() => t.close());

  const driveFiles = () => (existsSync(join(t.dir, 'drive')) ? readdirSync(join(t.dir, 'drive'), { recursive: true }).map(String) : []);
  const path = (url: string) => url.replace('https://replay.example', '');

  async function folderAndUrl(file: { filename: string; mimeType: string; size: number }) {
    const folder = await bodyOf(
      t.call('createFolder', { body: { folderName: 'videos_20261120_1000_1videos' } }, { headers: kiosk, raw: true }),
    );
    const { uploadUrl } = await bodyOf(
      t.call('getSignedUrl', { body: { ...file, folderId: folder.folderId } }, { headers: kiosk, raw: true }),
    );
    return { folder, uploadUrl: uploadUrl as string };
  }

  it('lets only authorised kiosks and admins make folders and upload URLs', async () => {
    const venue = await t.seed.venue();
    const blocked = await t.seed.device({ venueId: venue.id, authorized: false });
    await t.call('createFolder', { body: { folderName: 'x' } }, { status: 401 });
    await t.call('createFolder', { body: { folderName: 'x' } }, { headers: blocked.headers, status: 403 });
    const admin = await t.seed.admin({ venueId: venue.id });
    await t.call('createFolder', { body: { folderName: 'x' } }, { headers: admin.headers, status: 200 });
    // A folder this server never made (an old or foreign id) takes no upload from a kiosk.
    await t.call(
      'getSignedUrl',
      { body: { filename: 'a.mp4', mimeType: 'video/mp4', size: 100, folderId: 'nope' } },
      { headers: kiosk, status: 403 },
    );
    const { folderId } = await bodyOf(t.call('createFolder', { body: { folderName: 'x' } }, { headers: kiosk, raw: true }));
    const html = await t.call(
      'getSignedUrl',
      { body: { filename: 'a.html', mimeType: 'text/html', size: 100, folderId } },
      { headers: kiosk, raw: true },
    );
    expect(html.status).toBe(400);
    expect((await bodyOf(html)).message).toBe('Please select a valid video file');
  });

  it("a folder made without naming its purchase (as the spec calls it) takes uploads only from its maker, its venue's admins and super admins", async () => {
    const venueA = await t.seed.venue();
    const makerKiosk = await t.seed.device({ venueId: venueA.id });
    const { folderId } = await bodyOf(
      t.call('createFolder', { body: { folderName: 'videos_1' } }, { headers: makerKiosk.headers, raw: true }),
    );
    const venueB = await t.seed.venue();
    const strangers = [
      (await t.seed.device({ venueId: venueB.id })).headers,
      (await t.seed.admin({ venueId: venueB.id })).headers,
      (await t.seed.device({ venueId: venueA.id })).headers,
    ];
    const allowed = [
      makerKiosk.headers,
      (await t.seed.admin({ venueId: venueA.id })).headers,
      (await t.seed.admin({ role: 'super_admin' })).headers,
    ];
    const ask = (headers: Record<string, string>) =>
      t.call('getSignedUrl', { body: { filename: 'a.mp4', mimeType: 'video/mp4', size: 100, folderId } }, { headers, raw: true });
    for (const headers of strangers) {
      const refused = await ask(headers);
      expect(refused.status).toBe(403);
      expect([SERVER_MESSAGES.storage.notYourFolder, 'You can only manage your own venue.']).toContain((await bodyOf(refused)).message);
    }
    for (const headers of allowed) expect((await ask(headers)).status).toBe(200);
  });

  it('records the folder against a purchase only for its own kiosk or an admin of its venue', async () => {
    const { purchase, device, venue, token } = await seedPurchase(t);
    const other = await t.seed.admin({ venueId: (await t.seed.venue()).id });
    const own = await t.seed.admin({ venueId: venue.id });
    const body = { folderName: 'videos_20261120_1000_3videos', purchaseId: purchase.id };
    await t.call('createFolder', { body }, { headers: kiosk, status: 403 });
    await t.call('createFolder', { body }, { headers: other.headers, status: 403 });
    await t.call('createFolder', { body: { ...body, purchaseId: 'CR-nope' } }, { headers: device.headers, status: 404 });
    const folderOf = () =>
      t.db.selectFrom('purchases').select(['folderId', 'folderUrl']).where('id', '=', purchase.id).executeTakeFirstOrThrow();
    expect(await folderOf()).toEqual({ folderId: null, folderUrl: null });
    const made = await bodyOf(t.call('createFolder', { body }, { headers: own.headers, raw: true }));
    // The share link is recorded too: it is the only link the kiosk may then save for the purchase.
    expect(await folderOf()).toEqual({ folderId: made.folderId, folderUrl: made.folderUrl });
    // Shared only once paid: before, the same 404 as an unknown folder.
    expect((await t.app.request(`/d/${made.folderId}`)).status).toBe(404);
    expect((await t.call('simulatePayment', { params: { token: token, outcome: 'success' } }, { raw: true })).status).toBe(200);
    const page = await (await t.app.request(`/d/${made.folderId}`)).text();
    expect(page).toContain('Arena Senayan');
  });

  it('answers a multipart body without a boundary on the upload URL with a 4xx and keeps nothing', async () => {
    const { uploadUrl } = await folderAndUrl({ filename: 'a.mp4', mimeType: 'video/mp4', size: 2048 });
    const put = await t.app.request(path(uploadUrl), {
      method: 'PUT',
      headers: { 'Content-Type': 'multipart/form-data' },
      body: mp4Bytes(2048),
    });
    expect(put.status).toBeGreaterThanOrEqual(400);
    expect(put.status).toBeLessThan(500);
    expect((await bodyOf(put)).message).toBeTruthy();
    expect(driveFiles().filter((f) => f.endsWith('.mp4'))).toEqual([]);
  });

  it("refuses an upload URL into another venue's purchase folder to its kiosks and admins, not to its own or a super admin", async () => {
    const { purchase, device, venue } = await seedPurchase(t);
    const own = await t.seed.admin({ venueId: venue.id });
    const { folderId } = await bodyOf(
      t.call('createFolder', { body: { folderName: 'videos_1', purchaseId: purchase.id } }, { headers: device.headers, raw: true }),
    );
    const otherVenue = await t.seed.venue();
    const otherKiosk = await t.seed.device({ venueId: otherVenue.id });
    const otherAdmin = await t.seed.admin({ venueId: otherVenue.id });
    const superAdmin = await t.seed.admin({ role: 'super_admin' });
    const ask = (headers: Record<string, string>) =>
      t.call('getSignedUrl', { body: { filename: 'a.mp4', mimeType: 'video/mp4', size: 100, folderId } }, { headers, raw: true });
    const refused = await ask(otherKiosk.headers);
    expect(refused.status).toBe(403);
    expect((await bodyOf(refused)).message).toBe(SERVER_MESSAGES.storage.notYourPurchase);
    expect((await ask(otherAdmin.headers)).status).toBe(403);
    // The same venue's other kiosk did not make the purchase either.
    expect((await ask(kiosk)).status).toBe(403);
    for (const allowed of [device.headers, own.headers, superAdmin.headers]) expect((await ask(allowed)).status).toBe(200);
  });

  it('uploads through the signed URL and shows the clip on a share page with play and download', async () => {
    const clip = mp4Bytes(40_000);
    const { folder, uploadUrl } = await folderAndUrl({ filename: 'Match point!.mp4', mimeType: 'video/mp4', size: clip.length });
    expect(folder.folderUrl).toBe(`https://replay.example/d/${folder.folderId}`);
    const pre = await t.app.request(path(uploadUrl), { method: 'OPTIONS', headers: { Origin: 'http://kiosk.local' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('Access-Control-Allow-Methods')).toContain('PUT');
    const put = await t.app.request(path(uploadUrl), {
      method: 'PUT',
      headers: { 'Content-Type': 'video/mp4', Origin: 'http://kiosk.local' },
      body: clip,
    });
    expect(put.status).toBe(201);
    expect(put.headers.get('Access-Control-Allow-Origin')).toBe('http://kiosk.local');
    expect(await bodyOf(put)).toMatchObject({ name: 'Match-point.mp4', size: 40_000 });

    const page = await t.app.request(`/d/${folder.folderId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Your CourtReplay videos');
    expect(html).toContain('Arena &lt;Senayan&gt;');
    expect(html).toContain(`<video controls preload="metadata" playsinline src="/d/${folder.folderId}/Match-point.mp4"`);
    expect(html).toContain('download="Match-point.mp4"');

    const whole = await t.app.request(`/d/${folder.folderId}/Match-point.mp4`);
    expect(whole.headers.get('Content-Disposition')).toContain('attachment; filename="Match-point.mp4"');
    expect(whole.headers.get('Content-Type')).toBe('video/mp4');
    expect(Buffer.from(await whole.arrayBuffer()).equals(clip)).toBe(true);
    const part = await t.app.request(`/d/${folder.folderId}/Match-point.mp4`, { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('Content-Range')).toBe('bytes 100-199/40000');
    expect(Buffer.from(await part.arrayBuffer()).equals(clip.subarray(100, 200))).toBe(true);
    expect((await t.app.request(`/d/${folder.folderId}/..%2F..%2Fsecrets%2Finstall-secret`)).status).toBe(404);
    expect((await t.app.request(`/d/${folder.folderId}/.folder.json`)).status).toBe(404);
    expect((await t.app.request('/d/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });

  it('speaks the resumable protocol over HTTP: 308 with Range, the status query, then 201', async () => {
    const clip = webmBytes(300_000);
    const { uploadUrl } = await folderAndUrl({ filename: 'rally.webm', mimeType: 'video/webm', size: clip.length });
    const put = (range: string, body?: Buffer) =>
      t.app.request(path(uploadUrl), { method: 'PUT', headers: { 'Content-Range': range }, body });
    const first = await put('bytes 0-262143/300000', clip.subarray(0, 262_144));
    expect(first.status).toBe(308);
    expect(first.headers.get('Range')).toBe('bytes=0-262143');
    const query = await put('bytes */300000');
    expect(query.status).toBe(308);
    expect(query.headers.get('Range')).toBe('bytes=0-262143');
    expect((await put('bytes 262144-299999/300000', clip.subarray(262_144))).status).toBe(201);
    expect((await put('bytes */300000')).status).toBe(200);
  });

  it('refuses a tampered URL, an expired one, a wrong size and bytes that are not a video, keeping nothing', async () => {
    const clip = mp4Bytes(5000);
    const { uploadUrl } = await folderAndUrl({ filename: 'a.mp4', mimeType: 'video/mp4', size: clip.length });
    const url = new URL(uploadUrl);
    const tampered = `${url.pathname}?exp=${url.searchParams.get('exp')}&sig=${url.searchParams.get('sig')!.slice(0, -2)}xx`;
    expect((await t.app.request(tampered, { method: 'PUT', body: clip })).status).toBe(403);
    const unsigned = `${url.pathname}?exp=${url.searchParams.get('exp')}`;
    expect((await t.app.request(unsigned, { method: 'PUT', body: clip })).status).toBe(403);
    expect((await t.app.request(path(uploadUrl), { method: 'PUT', body: mp4Bytes(6000) })).status).toBe(400);
    expect(
      (await t.app.request(path(uploadUrl), { method: 'PUT', headers: { 'Content-Range': 'bytes 0-5999/6000' }, body: mp4Bytes(6000) }))
        .status,
    ).toBe(400);
    const html = Buffer.alloc(5000, '<html><script>alert(1)</script>');
    const refused = await t.app.request(path(uploadUrl), { method: 'PUT', body: html });
    expect(refused.status).toBe(415);
    expect((await bodyOf(refused)).message).toBe('Please select a valid video file');
    t.clock.advance(8 * 24 * 60 * 60_000);
    const expired = await t.app.request(path(uploadUrl), { method: 'PUT', body: clip });
    expect(expired.status).toBe(403);
    expect((await bodyOf(expired)).message).toBe('This upload link has expired.');
    expect(driveFiles().filter((f) => /\.(mp4|part)$/.test(f))).toEqual([]);
  });

  it('cleanup-preview tells a super admin how many files and bytes each clean-up would remove, exactly what it then removes', async () => {
    const old = [mp4Bytes(1000), mp4Bytes(3000)];
    for (const [i, clip] of old.entries()) {
      const { uploadUrl } = await folderAndUrl({ filename: `old-${i}.mp4`, mimeType: 'video/mp4', size: clip.length });
      await t.app.request(path(uploadUrl), { method: 'PUT', body: clip });
    }
    t.clock.advance(3 * 86_400_000);
    const fresh = mp4Bytes(500);
    const { uploadUrl } = await folderAndUrl({ filename: 'fresh.mp4', mimeType: 'video/mp4', size: fresh.length });
    await t.app.request(path(uploadUrl), { method: 'PUT', body: fresh });
    const later = await t.seed.admin({ role: 'super_admin' });
    const admin = await t.seed.admin();
    const preview = (query = '') => bodyOf(t.app.request(`/api/google-drive/cleanup-preview${query}`, { headers: later.headers }));

    const twoDaysAgo = new Date(t.clock.now().getTime() - 2 * 86_400_000).toISOString();
    expect(await preview(`?olderThan=${encodeURIComponent(twoDaysAgo)}`)).toEqual({ files: 2, bytes: 4000 });
    expect(await preview()).toEqual({ files: 3, bytes: 4500 });
    expect((await t.app.request('/api/google-drive/cleanup-preview', { headers: admin.headers })).status).toBe(403);
    expect((await t.app.request('/api/google-drive/cleanup-preview?olderThan=soon', { headers: later.headers })).status).toBe(400);

    const deleted = await bodyOf(t.call('deleteOldFiles', { body: { olderThan: twoDaysAgo } }, { headers: later.headers, raw: true }));
    expect(deleted.filesDeleted).toBe(2);
    expect(await preview()).toEqual({ files: 1, bytes: 500 });
  });

  it('quota, delete-old-files and empty-drive are for super admins', async () => {
    const admin = await t.seed.admin();
    const superAdmin = await t.seed.admin({ role: 'super_admin' });
    const clip = mp4Bytes(1000);
    const { uploadUrl } = await folderAndUrl({ filename: 'a.mp4', mimeType: 'video/mp4', size: clip.length });
    await t.app.request(path(uploadUrl), { method: 'PUT', body: clip });
    expect((await t.app.request('/api/google-drive/storage-quota', { headers: admin.headers })).status).toBe(403);
    await t.call('emptyDrive', { body: {} }, { headers: admin.headers, status: 403 });
    const quota = await bodyOf(t.app.request('/api/google-drive/storage-quota', { headers: superAdmin.headers }));
    expect(quota.success).toBe(true);
    expect(quota.quota.usage).toBeGreaterThanOrEqual(1000);
    expect(quota.quota.limit).toBeGreaterThan(quota.quota.usage);
    await t.call('deleteOldFiles', { body: { olderThan: 'yesterday' } }, { headers: superAdmin.headers, status: 400 });
    const twoDaysAgo = new Date(t.clock.now().getTime() - 2 * 86_400_000).toISOString();
    expect(await bodyOf(t.call('deleteOldFiles', { body: { olderThan: twoDaysAgo } }, { headers: superAdmin.headers, raw: true }))).toEqual(
      {
        success: true,
        filesDeleted: 0,
      },
    );
    t.clock.advance(3 * 86_400_000);
    const superAdminLater = await t.seed.admin({ role: 'super_admin' });
    const later = new Date(t.clock.now().getTime() - 2 * 86_400_000).toISOString();
    // A date to come is refused and deletes nothing: the clip is still there for the next call.
    const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const future = await t.call('deleteOldFiles', { body: { olderThan: tomorrow } }, { headers: superAdminLater.headers, status: 400 });
    expect(future.message).toBe(SERVER_MESSAGES.storage.olderThanInFuture);
    expect(await bodyOf(t.call('deleteOldFiles', { body: { olderThan: later } }, { headers: superAdminLater.headers, raw: true }))).toEqual(
      {
        success: true,
        filesDeleted: 1,
      },
    );
    await folderAndUrl({ filename: 'b.mp4', mimeType: 'video/mp4', size: 100 });
    expect(await bodyOf(t.call('emptyDrive', { body: {} }, { headers: superAdminLater.headers, raw: true }))).toEqual({
      success: true,
      filesDeleted: 0,
    });
    expect(readdirSync(join(t.dir, 'drive'))).toEqual([]);
    // The last two deletions are in the audit log with who and how many files.
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'adminEmail', 'after'])
      .where('entity', '=', 'storage')
      .orderBy('id')
      .execute();
    expect(audit.slice(-2).map((a) => [a.action, a.adminEmail, JSON.parse(a.after!).filesDeleted])).toEqual([
      ['storage.delete_old', superAdminLater.email, 1],
      ['storage.empty', superAdminLater.email, 0],
    ]);
  });
});

describe('player links never come from the Host header', () => {
  let t: AdapterTestApp | undefined;
  afterEach(() => t?.close());

  async function linksWith(env: Record<string, string>) {
    t = await makeAdapterTestApp({ env });
    const { purchase, device } = await seedPurchase(t);
    const headers = { ...device.headers, Host: 'evil.example' };
    const folder = await bodyOf(
      t.app.request('http://evil.example/api/google-drive/create-folder', {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ folderName: 'v', purchaseId: purchase.id }),
      }),
    );
    const upload = await bodyOf(
      t.app.request('http://evil.example/api/google-drive/get-signed-url', {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ filename: 'a.mp4', mimeType: 'video/mp4', size: 100, folderId: folder.folderId }),
      }),
    );
    return [folder.folderUrl as string, upload.uploadUrl as string];
  }

  it('uses PUBLIC_URL when set', async () => {
    for (const link of await linksWith({ PUBLIC_URL: 'https://replay.example/' }))
      expect(link).toMatch(/^https:\/\/replay\.example\/(d|api)\//);
  });

  it('uses the configured host and port in development when PUBLIC_URL is not set', async () => {
    for (const link of await linksWith({ PORT: '8123' })) expect(link).toMatch(/^http:\/\/localhost:8123\/(d|api)\//);
  });
});
