import type { Readable } from 'node:stream';
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
    // What the back-office is told before asking: our one clip, not their spreadsheet or the folders.
    expect(await storage.measure(new Date('2026-11-20T00:00:00.000Z'))).toEqual({ files: 1, bytes: 3 });
    expect(await storage.measure(new Date('2020-06-01T00:00:00.000Z'))).toEqual({ files: 0, bytes: 0 });
    expect(await storage.measure()).toEqual({ files: 1, bytes: 3 });
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

  describe('reading and deleting through the port', () => {
    const read = async (body: Readable) => Buffer.concat(await body.toArray());

    async function folderWith(storage: GoogleDriveStorage, clips: Record<string, Buffer>) {
      const { folderId } = await storage.createFolder('videos_read');
      for (const [filename, bytes] of Object.entries(clips)) {
        const { uploadUrl } = await storage.createUploadUrl({
          folderId,
          filename,
          mimeType: 'video/mp4',
          size: bytes.length,
          origin: undefined,
        });
        expect((await uploadWhole(uploadUrl, bytes)).status).toBe(200);
      }
      return folderId;
    }

    it('lists every page of a folder in name order, never an unfinished upload or another folder', async () => {
      drive.options.maxPageSize = 2;
      const storage = oauth();
      const folderId = await folderWith(storage, { 'c.mp4': Buffer.from('ccc'), 'a.mp4': Buffer.from('a'), 'b.mp4': Buffer.from('bb') });
      const other = await folderWith(storage, { 'z.mp4': Buffer.from('zz') });
      const { uploadUrl } = await storage.createUploadUrl({
        folderId,
        filename: 'd.mp4',
        mimeType: 'video/mp4',
        size: 10,
        origin: undefined,
      });
      await fetch(uploadUrl, { method: 'PUT', headers: { 'Content-Range': 'bytes 0-3/10' }, body: Buffer.from('0123') });
      const listed = await storage.listFiles(folderId);
      expect(listed.map((f) => [f.name, f.size, f.mimeType])).toEqual([
        ['a.mp4', 1, 'video/mp4'],
        ['b.mp4', 2, 'video/mp4'],
        ['c.mp4', 3, 'video/mp4'],
      ]);
      expect(listed.map((f) => f.id)).not.toContain(drive.files.find((f) => f.name === 'z.mp4')!.id);
      expect(ops('files.list').length).toBeGreaterThanOrEqual(2);
      expect(await storage.listFiles(other)).toHaveLength(1);
      expect(await storage.listFiles('unknownFolder123')).toEqual([]);
      expect(await storage.listFiles("x' or trashed = true or 'y")).toEqual([]);
    });

    it('streams exactly the bytes of a range (a Range header, 206), the end clamped, and past the end is bad_range', async () => {
      const storage = oauth();
      const clip = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
      const folderId = await folderWith(storage, { 'rally.mp4': clip });
      const [file] = await storage.listFiles(folderId);
      const whole = await storage.readFile(folderId, file!.id);
      expect([whole.size, whole.start, whole.end, whole.mimeType]).toEqual([1000, 0, 999, 'video/mp4']);
      expect((await read(whole.body)).equals(clip)).toBe(true);
      const part = await storage.readFile(folderId, file!.id, { start: 100, end: 199 });
      expect([part.start, part.end]).toEqual([100, 199]);
      expect((await read(part.body)).equals(clip.subarray(100, 200))).toBe(true);
      expect(ops('files.download').at(-1)!.headers.range).toBe('bytes=100-199');
      const tail = await storage.readFile(folderId, file!.id, { start: 990, end: 5000 });
      expect((await read(tail.body)).equals(clip.subarray(990))).toBe(true);
      await expect(storage.readFile(folderId, file!.id, { start: 1000 })).rejects.toMatchObject({ code: 'bad_range' });
      // A server may answer a Range with 200 and the whole file: the adapter cuts the range out itself.
      drive.options.ignoreRange = true;
      const cut = await storage.readFile(folderId, file!.id, { start: 300, end: 301 });
      expect((await read(cut.body)).equals(clip.subarray(300, 302))).toBe(true);
    });

    it('answers not_found for an unknown file, a file of another folder and a folder', async () => {
      const storage = oauth();
      const folderId = await folderWith(storage, { 'a.mp4': Buffer.from('aaa') });
      const other = await folderWith(storage, { 'b.mp4': Buffer.from('bbb') });
      const [theirs] = await storage.listFiles(other);
      for (const [folder, file] of [
        [folderId, 'unknownFile123'],
        [folderId, theirs!.id],
        [folderId, folderId],
        [folderId, '../about'],
      ] as const) {
        await expect(storage.readFile(folder, file)).rejects.toMatchObject({ code: 'not_found' });
      }
      expect(health.status('storage').lastError).toBeUndefined();
    });

    it('retries a download that meets 429 or a 5xx, and a slow body outlives the header timeout', async () => {
      const clip = Buffer.alloc(4000, 7);
      const folderId = await folderWith(oauth(), { 'a.mp4': clip });
      const [file] = await oauth().listFiles(folderId);
      // The answer's head must come within the limit, also on a starved machine; its body then
      // takes longer than the limit: four pieces 800 ms apart.
      const storage = oauth({ tuning: { ...noSleep, timeoutMs: 2_000 } });
      drive.inject('files.download', '429');
      drive.inject('files.download', '503-html');
      drive.options.mediaTrickleMs = 800;
      const got = await storage.readFile(folderId, file!.id, { start: 10 });
      expect((await read(got.body)).equals(clip.subarray(10))).toBe(true);
      expect(ops('files.download')).toHaveLength(3);
    });

    it('deletes a folder it made with its files and leaves everything else; again it answers 0', async () => {
      const storage = oauth();
      const theirs = drive.seed({ name: 'accounts.xlsx', mimeType: 'application/vnd.ms-excel' });
      const doomed = await folderWith(storage, { 'a.mp4': Buffer.from('a'), 'b.mp4': Buffer.from('b') });
      const kept = await folderWith(storage, { 'c.mp4': Buffer.from('c') });
      drive.inject('files.delete', '500');
      expect(await storage.deleteFolder(doomed)).toBe(2);
      expect(drive.files.some((f) => f.id === doomed || f.parents.includes(doomed))).toBe(false);
      expect(drive.files.map((f) => f.id)).toContain(theirs.id);
      expect(await storage.listFiles(kept)).toHaveLength(1);
      expect(await storage.deleteFolder(doomed)).toBe(0);
      expect(await storage.listFiles(doomed)).toEqual([]);
    });

    it('refuses to delete a folder the product did not make', async () => {
      const storage = oauth();
      const foreign = drive.seed({ name: 'Holiday photos' });
      drive.seed({ name: 'beach.jpg', mimeType: 'image/jpeg', parents: [foreign.id] });
      await expect(storage.deleteFolder(foreign.id)).rejects.toMatchObject({ code: 'forbidden' });
      expect(drive.files).toHaveLength(2);
      expect(ops('files.delete')).toHaveLength(0);
    });

    it('a delete that keeps failing rejects, and the files stay for the next try', async () => {
      const storage = oauth();
      const folderId = await folderWith(storage, { 'a.mp4': Buffer.from('a') });
      for (let i = 0; i < 4; i++) drive.inject('files.delete', '500');
      await expect(storage.deleteFolder(folderId)).rejects.toMatchObject({ code: 'upstream_failed' });
      expect(await storage.listFiles(folderId)).toHaveLength(1);
      expect(await storage.deleteFolder(folderId)).toBe(1);
    });
  });
});
