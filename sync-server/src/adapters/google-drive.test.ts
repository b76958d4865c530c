import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryIntegrationHealth } from '../integrations/health.ts';
import { systemClock } from './ports.ts';
import { GoogleDriveStorage, TEST_UPLOAD_BYTES, type GoogleDriveOptions } from './google-drive.ts';
import { IMITATION_SERVICE_ACCOUNT_TOKEN, startDriveImitation, type DriveImitation } from './testing/drive-imitation.ts';

const FOLDER = 'application/vnd.google-apps.folder';
const noSleep = { sleep: async () => {}, baseDelayMs: 1 };

describe('Google Drive adapter against the Drive v3 imitation', () => {
  let drive: DriveImitation;
  let health: MemoryIntegrationHealth;
  let trashedNotices: number[];

  beforeEach(async () => {
    drive = await startDriveImitation();
    health = new MemoryIntegrationHealth(systemClock);
    trashedNotices = [];
  });
  afterEach(() => drive.close());

  function oauth(over: Partial<GoogleDriveOptions> = {}) {
    return new GoogleDriveStorage({
      auth: {
        mode: 'oauth',
        clientId: 'cid.apps.googleusercontent.com',
        clientSecret: 'secret',
        refreshToken: '1//refresh',
        tokenUrl: drive.tokenUrl,
      },
      parentFolderId: undefined,
      limitBytes: undefined,
      apiUrl: drive.url,
      health,
      tuning: noSleep,
      onTrashedInstead: (n) => trashedNotices.push(n),
      ...over,
    });
  }
  function sharedDrive(over: Partial<GoogleDriveOptions> = {}) {
    return oauth({
      auth: { mode: 'service-account', keyFile: '/nonexistent/key.json', sharedDriveId: '0AsharedDrive' },
      serviceAccountTokens: { accessToken: async () => IMITATION_SERVICE_ACCOUNT_TOKEN },
      ...over,
    });
  }
  const ops = (op: string) => drive.requests.filter((r) => r.op === op);

  async function uploadWhole(uploadUrl: string, bytes: Buffer) {
    return fetch(uploadUrl, { method: 'PUT', headers: { 'Content-Range': `bytes 0-${bytes.length - 1}/${bytes.length}` }, body: bytes });
  }

  it('tags the folder (and its purchase), shares it, and finds it again instead of making a twin', async () => {
    const storage = oauth();
    const first = await storage.createFolder('videos_20261122_0930_3videos', { purchaseId: 'p-123' });
    const again = await storage.createFolder('videos_20261122_0930_3videos', { purchaseId: 'p-123' });
    expect(again).toEqual(first);
    const folders = drive.files.filter((f) => f.mimeType === FOLDER);
    expect(folders).toHaveLength(1);
    expect(folders[0]!.appProperties).toEqual({ courtreplay: '1', purchase: 'p-123' });
    expect(ops('permissions.create')).toHaveLength(2);
    expect(health.status('storage').lastError).toBeUndefined();
  });

  it("opens a tagged resumable session with the kiosk's Origin; the clip arrives whole", async () => {
    const storage = oauth();
    const { folderId } = await storage.createFolder('videos_x');
    const { uploadUrl } = await storage.createUploadUrl({
      folderId,
      filename: 'my clip!.mp4',
      mimeType: 'video/mp4',
      size: 5,
      origin: 'https://kiosk.example',
    });
    expect(ops('upload-session')[0]!.headers.origin).toBe('https://kiosk.example');
    expect((await uploadWhole(uploadUrl, Buffer.from('hello'))).status).toBe(200);
    const clip = drive.files.find((f) => f.name === 'my-clip.mp4')!;
    expect([clip.appProperties, clip.content?.toString()]).toEqual([{ courtreplay: '1' }, 'hello']);
  });

  it('clean-up on a shared drive with a parent folder touches only tagged items, never the parent', async () => {
    const parent = drive.seed({ name: 'CourtReplay', parents: ['0AsharedDrive'] });
    const theirs = drive.seed({
      name: 'accounts.xlsx',
      mimeType: 'application/vnd.ms-excel',
      parents: ['0AsharedDrive'],
      createdTime: '2020-01-01T00:00:00.000Z',
    });
    const storage = sharedDrive({ parentFolderId: parent.id });
    const { folderId } = await storage.createFolder('videos_old');
    const { uploadUrl } = await storage.createUploadUrl({ folderId, filename: 'a.mp4', mimeType: 'video/mp4', size: 3, origin: undefined });
    await uploadWhole(uploadUrl, Buffer.from('abc'));
    // Age every item so the cutoff would catch all of them.
    for (const f of drive.files) f.createdTime = '2021-01-01T00:00:00.000Z';
    expect(await storage.deleteOlderThan(new Date('2026-11-20T00:00:00.000Z'))).toBe(1);
    expect(drive.files.map((f) => f.id).sort()).toEqual([parent.id, theirs.id].sort());
    expect(await storage.empty()).toBe(0);
    expect(drive.files).toHaveLength(2);
  });

  it('trashes what a Content manager may not delete, and says so', async () => {
    drive.options.organizerOnlyDelete = true;
    const storage = sharedDrive();
    const { folderId } = await storage.createFolder('videos_y');
    const { uploadUrl } = await storage.createUploadUrl({ folderId, filename: 'b.mp4', mimeType: 'video/mp4', size: 2, origin: undefined });
    await uploadWhole(uploadUrl, Buffer.from('hi'));
    expect(await storage.empty()).toBe(1);
    expect(drive.files.every((f) => f.trashed)).toBe(true);
    expect(trashedNotices).toEqual([2]);
  });

  it('retries 429 (Retry-After), rate-limit 403 and 5xx answers, POSTs included', async () => {
    const storage = oauth();
    drive.inject('token', '503-html');
    drive.inject('files.create', '429');
    drive.inject('permissions.create', '403-rate-limit');
    drive.inject('upload-session', '429');
    drive.inject('about.get', '500');
    const { folderId } = await storage.createFolder('videos_z');
    await storage.createUploadUrl({ folderId, filename: 'c.mp4', mimeType: 'video/mp4', size: 1, origin: undefined });
    expect((await storage.quota()).usage).toBe(5368709120);
    expect(drive.files.filter((f) => f.mimeType === FOLDER)).toHaveLength(1);
    expect([ops('files.create').length, ops('permissions.create').length, ops('upload-session').length, ops('about.get').length]).toEqual([
      2, 2, 2, 2,
    ]);
  });

  it('gives up on a hung call after the timeout with a 502', async () => {
    const storage = oauth({ tuning: { ...noSleep, timeoutMs: 200 } });
    drive.inject('about.get', 'hang');
    drive.inject('about.get', 'hang');
    drive.inject('about.get', 'hang');
    drive.inject('about.get', 'hang');
    await expect(storage.quota()).rejects.toMatchObject({ code: 'upstream_failed' });
    expect(health.status('storage').lastError?.message).toMatch(/could not be reached/);
  });

  it('a parent folder made in the Drive UI is invisible with drive.file: a clear message, not a bare 404', async () => {
    drive.options.driveFileScope = true;
    const uiFolder = drive.seed({ name: 'Made in Drive' });
    await expect(oauth({ parentFolderId: uiFolder.id }).createFolder('videos_a')).rejects.toThrow(/npm run drive:connect/);
  });

  it("usage on a shared drive is the sum of the product's files there, not the caller's quota", async () => {
    const storage = sharedDrive({ limitBytes: 1000 });
    const { folderId } = await storage.createFolder('videos_q');
    for (const [name, body] of [
      ['a.mp4', 'aaaa'],
      ['b.mp4', 'bbbbbb'],
    ] as const) {
      const { uploadUrl } = await storage.createUploadUrl({
        folderId,
        filename: name,
        mimeType: 'video/mp4',
        size: body.length,
        origin: undefined,
      });
      await uploadWhole(uploadUrl, Buffer.from(body));
    }
    drive.seed({ name: 'theirs.bin', mimeType: 'application/octet-stream', parents: ['0AsharedDrive'], size: 999 });
    expect(await storage.quota()).toEqual({ limit: 1000, usage: 10, usageInDrive: 10, usageInTrash: 0 });
  });

  it('invalid_grant from the token endpoint raises the google_invalid_grant alert with advice', async () => {
    drive.options.invalidGrant = true;
    await expect(oauth().quota()).rejects.toMatchObject({ code: 'upstream_failed' });
    const alert = health.status('storage').lastError?.alert;
    expect(alert?.code).toBe('google_invalid_grant');
    expect(alert?.advice).toMatch(/Production.*drive:connect/s);
  });

  it('answers where a session stands (server-side, where Range is readable) and when it expired', async () => {
    const storage = oauth();
    drive.options.hideRange = true;
    const { folderId } = await storage.createFolder('videos_s');
    const { uploadUrl } = await storage.createUploadUrl({
      folderId,
      filename: 'd.mp4',
      mimeType: 'video/mp4',
      size: 10,
      origin: undefined,
    });
    expect(await storage.uploadStatus(uploadUrl, 10)).toEqual({ received: 0, complete: false });
    await fetch(uploadUrl, { method: 'PUT', headers: { 'Content-Range': 'bytes 0-3/10' }, body: Buffer.from('0123') });
    expect(await storage.uploadStatus(uploadUrl, 10)).toEqual({ received: 4, complete: false });
    await fetch(uploadUrl, { method: 'PUT', headers: { 'Content-Range': 'bytes 4-9/10' }, body: Buffer.from('456789') });
    expect(await storage.uploadStatus(uploadUrl, 10)).toEqual({ received: 10, complete: true });
    drive.sessions.get(new URL(uploadUrl).searchParams.get('upload_id')!)!.expired = true;
    await expect(storage.uploadStatus(uploadUrl, 10)).rejects.toMatchObject({ code: 'gone' });
  });

  it('testConnection: about.get, a tagged folder made and removed, and a one-chunk session for the browser', async () => {
    drive.options.organizerOnlyDelete = true;
    const result = await sharedDrive().testConnection('https://admin.example');
    expect(result).toMatchObject({ ok: true, details: { cleanup: 'trashed', uploadBytes: TEST_UPLOAD_BYTES } });
    expect(ops('upload-session')[0]!.headers.origin).toBe('https://admin.example');
    const answer = await uploadWhole(String(result.details!.uploadUrl), Buffer.alloc(TEST_UPLOAD_BYTES, 1));
    expect(answer.status).toBe(200);
    expect(drive.files.filter((f) => !f.trashed).every((f) => f.appProperties.courtreplay === '1')).toBe(true);
  });
});
