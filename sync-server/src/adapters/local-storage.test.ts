import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { frozenClock, type FrozenClock } from '../testing/clock.ts';
import { LocalStorage, UPLOAD_PATH, type UploadTicket } from './local-storage.ts';
import { mp4Bytes, webmBytes } from './testing/clips.ts';

function ticketOf(storage: LocalStorage, uploadUrl: string): UploadTicket {
  const url = new URL(uploadUrl, 'http://x');
  return storage.openUpload(
    url.pathname.slice(UPLOAD_PATH.length),
    url.searchParams.get('exp') ?? undefined,
    url.searchParams.get('sig') ?? undefined,
  );
}

describe('local storage adapter', () => {
  let dir: string;
  let clock: FrozenClock;
  let storage: LocalStorage;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'courtreplay-local-'));
    clock = frozenClock();
    storage = new LocalStorage({ dataDir: dir, secret: 'test-secret', limitBytes: undefined, uploadUrlTtlMs: 60 * 60_000, clock });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const folderFiles = (folderId: string) => readdirSync(join(dir, 'drive', folderId)).filter((n) => !n.startsWith('.'));

  async function newUpload(size: number, filename = 'match point.mp4', mimeType = 'video/mp4') {
    const { folderId, folderUrl } = await storage.createFolder('videos_20261122_0930_1videos', {
      baseUrl: 'https://replay.example',
      venueName: 'Arena',
    });
    const { uploadUrl } = await storage.createUploadUrl({
      folderId,
      filename,
      mimeType,
      size,
      origin: undefined,
      baseUrl: 'https://replay.example',
    });
    return { folderId, folderUrl, uploadUrl, ticket: ticketOf(storage, uploadUrl) };
  }

  it('makes a URL-safe folder with a share link and stores a whole PUT under the sanitised name', async () => {
    const clip = mp4Bytes(5000);
    const { folderId, folderUrl, uploadUrl, ticket } = await newUpload(clip.length);
    expect(folderId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(folderUrl).toBe(`https://replay.example/d/${folderId}`);
    expect(uploadUrl.startsWith(`https://replay.example${UPLOAD_PATH}`)).toBe(true);
    const answer = await storage.receive(ticket, undefined, 'video/mp4', Readable.from([clip]));
    expect(answer).toEqual({
      status: 201,
      file: { id: `${folderId}/match-point.mp4`, name: 'match-point.mp4', size: 5000, mimeType: 'video/mp4' },
    });
    expect(readFileSync(join(dir, 'drive', folderId, 'match-point.mp4')).equals(clip)).toBe(true);
    const info = await storage.folder(folderId);
    expect(info).toMatchObject({
      name: 'videos_20261122_0930_1videos',
      venueName: 'Arena',
      files: [{ name: 'match-point.mp4', size: 5000 }],
    });
  });

  it('speaks the resumable protocol: chunks, 308 + Range, a break, the status query, the rest', async () => {
    const clip = webmBytes(3 * 1024);
    const { folderId, ticket } = await newUpload(clip.length, 'rally.webm', 'video/webm');
    expect(await storage.receive(ticket, 'bytes */3072', undefined, null)).toEqual({ status: 308, range: undefined });
    expect(await storage.receive(ticket, 'bytes 0-1023/3072', undefined, Readable.from([clip.subarray(0, 1024)]))).toEqual({
      status: 308,
      range: 'bytes=0-1023',
    });
    // The second chunk breaks after 300 bytes: what arrived is kept.
    const broken = new Readable({ read() {} });
    broken.push(clip.subarray(1024, 1324));
    const pending = storage.receive(ticket, 'bytes 1024-2047/3072', undefined, broken);
    setTimeout(() => broken.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })), 20);
    expect(await pending).toEqual({ status: 308, range: 'bytes=0-1323' });
    expect(await storage.receive(ticket, 'bytes */3072', undefined, null)).toEqual({ status: 308, range: 'bytes=0-1323' });
    // A chunk that does not start where the bytes end is answered with where to resume.
    expect(await storage.receive(ticket, 'bytes 2048-3071/3072', undefined, Readable.from([clip.subarray(2048)]))).toEqual({
      status: 308,
      range: 'bytes=0-1323',
    });
    const done = await storage.receive(ticket, 'bytes 1324-3071/3072', undefined, Readable.from([clip.subarray(1324)]));
    expect(done.status).toBe(201);
    expect(readFileSync(join(dir, 'drive', folderId, 'rally.webm')).equals(clip)).toBe(true);
    expect(await storage.receive(ticket, 'bytes */3072', undefined, null)).toMatchObject({ status: 200, file: { name: 'rally.webm' } });
  });

  it('refuses bytes that are not a video and keeps nothing', async () => {
    const { folderId, ticket } = await newUpload(2000);
    const text = Buffer.alloc(2000, 'not a video at all ');
    await expect(storage.receive(ticket, undefined, 'video/mp4', Readable.from([text]))).rejects.toMatchObject({
      code: 'unsupported_media_type',
    });
    expect(folderFiles(folderId)).toEqual([]);
    expect(readdirSync(join(dir, 'drive', folderId, '.uploads'))).toEqual([]);
  });

  it('refuses a body larger than the signed size and a Content-Range of another total', async () => {
    const { folderId, ticket } = await newUpload(1000);
    await expect(storage.receive(ticket, undefined, 'video/mp4', Readable.from([mp4Bytes(1500)]))).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(storage.receive(ticket, 'bytes 0-1499/1500', undefined, Readable.from([mp4Bytes(1500)]))).rejects.toMatchObject({
      code: 'invalid_input',
    });
    expect(folderFiles(folderId)).toEqual([]);
  });

  it('refuses a tampered or expired URL and another content type', async () => {
    const { uploadUrl, ticket } = await newUpload(1000);
    const url = new URL(uploadUrl);
    const id = url.pathname.slice(UPLOAD_PATH.length);
    const forged = Buffer.from(JSON.stringify({ ...ticket, size: 10 ** 9 })).toString('base64url');
    expect(() => storage.openUpload(forged, url.searchParams.get('exp')!, url.searchParams.get('sig')!)).toThrow(
      'This upload link is not valid.',
    );
    expect(() => storage.openUpload(id, String(Number(url.searchParams.get('exp')) + 60), url.searchParams.get('sig')!)).toThrow(
      'not valid',
    );
    clock.advance(2 * 60 * 60_000);
    expect(() => storage.openUpload(id, url.searchParams.get('exp')!, url.searchParams.get('sig')!)).toThrow(
      'This upload link has expired.',
    );
    await expect(storage.receive(ticket, undefined, 'text/html', Readable.from([mp4Bytes(1000)]))).rejects.toMatchObject({
      code: 'invalid_input',
    });
  });

  it('sanitises hostile names and never writes outside the folder', async () => {
    const names = ['../../etc/passwd.mp4', '..', '.hidden.mp4', 'a/b\\c<script>.mp4', 'ünïcode clip (1).mp4'];
    const { folderId } = await storage.createFolder('x');
    for (const filename of names) {
      const clip = mp4Bytes(100);
      const { uploadUrl } = await storage.createUploadUrl({ folderId, filename, mimeType: 'video/mp4', size: 100, origin: undefined });
      await storage.receive(ticketOf(storage, uploadUrl), undefined, 'video/mp4', Readable.from([clip]));
    }
    expect(folderFiles(folderId).sort()).toEqual(['cscript.mp4', 'hidden.mp4', 'ncode-clip-1.mp4', 'passwd.mp4', 'video-1'].sort());
    expect(readdirSync(join(dir, 'drive')).sort()).toEqual([folderId]);
    expect(existsSync(join(dir, 'etc'))).toBe(false);
  });

  it('keeps both files when two uploads carry the same name', async () => {
    const { folderId } = await storage.createFolder('x');
    for (let i = 0; i < 2; i++) {
      const { uploadUrl } = await storage.createUploadUrl({
        folderId,
        filename: 'clip.mp4',
        mimeType: 'video/mp4',
        size: 100,
        origin: undefined,
      });
      await storage.receive(ticketOf(storage, uploadUrl), undefined, undefined, Readable.from([mp4Bytes(100)]));
    }
    expect(folderFiles(folderId).sort()).toEqual(['clip-2.mp4', 'clip.mp4']);
  });

  it('keeps every acknowledged file, bytes intact, when ten uploads of same.mp4 finish at once', async () => {
    const { folderId } = await storage.createFolder('x');
    const tickets = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const { uploadUrl } = await storage.createUploadUrl({
          folderId,
          filename: 'same.mp4',
          mimeType: 'video/mp4',
          size: 200,
          origin: undefined,
        });
        return ticketOf(storage, uploadUrl);
      }),
    );
    // Each clip differs in its last byte, so a file overwritten by another upload shows.
    const clips = tickets.map((_, i) => Buffer.concat([mp4Bytes(199), Buffer.from([i])]));
    const answers = await Promise.all(tickets.map((t, i) => storage.receive(t, undefined, undefined, Readable.from([clips[i]!]))));
    const names = answers.map((a) => (a.status === 201 ? a.file.name : ''));
    expect(new Set(names).size).toBe(10);
    expect(folderFiles(folderId)).toHaveLength(10);
    names.forEach((name, i) => expect(readFileSync(join(dir, 'drive', folderId, name))).toEqual(clips[i]));
  });

  it('refuses an upload URL when the clip would pass STORAGE_LIMIT_BYTES', async () => {
    const limited = new LocalStorage({ dataDir: dir, secret: 's', limitBytes: 5000, uploadUrlTtlMs: 60_000, clock });
    const { folderId } = await limited.createFolder('x');
    await expect(
      limited.createUploadUrl({ folderId, filename: 'a.mp4', mimeType: 'video/mp4', size: 6000, origin: undefined }),
    ).rejects.toMatchObject({ code: 'insufficient_storage' });
    await expect(
      limited.createUploadUrl({ folderId, filename: 'a.mp4', mimeType: 'video/mp4', size: 4000, origin: undefined }),
    ).resolves.toHaveProperty('uploadUrl');
  });

  it('reports quota, deletes folders older than the cutoff and empties', async () => {
    const limited = new LocalStorage({ dataDir: dir, secret: 's', limitBytes: 10_000, uploadUrlTtlMs: 60_000, clock });
    const old = await newUpload(1000);
    await storage.receive(old.ticket, undefined, undefined, Readable.from([mp4Bytes(1000)]));
    clock.advance(3 * 24 * 60 * 60_000);
    const fresh = await newUpload(2000);
    await storage.receive(fresh.ticket, undefined, undefined, Readable.from([mp4Bytes(2000)]));
    const quota = await limited.quota();
    expect(quota.limit).toBe(10_000);
    expect(quota.usage).toBeGreaterThanOrEqual(3000);
    expect(quota.usageInTrash).toBe(0);
    expect((await storage.quota()).limit).toBeGreaterThan(quota.usage);
    expect(await storage.deleteOlderThan(new Date(clock.now().getTime() - 2 * 24 * 60 * 60_000))).toBe(1);
    expect(await storage.folder(old.folderId)).toBeUndefined();
    expect(await storage.folder(fresh.folderId)).toBeDefined();
    expect(await storage.empty()).toBe(1);
    expect(readdirSync(join(dir, 'drive'))).toEqual([]);
  });

  describe('reading and deleting through the port', () => {
    const read = async (body: Readable) => Buffer.concat(await body.toArray());

    async function storedClip(folderId: string, filename: string, bytes: Buffer, mimeType = 'video/mp4') {
      const { uploadUrl } = await storage.createUploadUrl({ folderId, filename, mimeType, size: bytes.length, origin: undefined });
      const answer = await storage.receive(ticketOf(storage, uploadUrl), undefined, mimeType, Readable.from([bytes]));
      expect(answer.status).toBe(201);
    }

    it('lists only whole files, in name order, with the type they were uploaded as', async () => {
      const { folderId } = await storage.createFolder('x');
      await storedClip(folderId, 'b.webm', webmBytes(300), 'video/webm');
      await storedClip(folderId, 'a.mp4', mp4Bytes(200));
      // Half of a third clip has arrived: it must not be offered to a player yet.
      const { uploadUrl } = await storage.createUploadUrl({
        folderId,
        filename: 'c.mp4',
        mimeType: 'video/mp4',
        size: 400,
        origin: undefined,
      });
      const half = mp4Bytes(400).subarray(0, 200);
      expect(await storage.receive(ticketOf(storage, uploadUrl), 'bytes 0-199/400', undefined, Readable.from([half]))).toMatchObject({
        status: 308,
      });
      expect(await storage.listFiles(folderId)).toEqual([
        { id: 'a.mp4', name: 'a.mp4', size: 200, mimeType: 'video/mp4' },
        { id: 'b.webm', name: 'b.webm', size: 300, mimeType: 'video/webm' },
      ]);
    });

    it('reads a whole file and exactly the bytes of a range, the end clamped to the size', async () => {
      const { folderId } = await storage.createFolder('x');
      const clip = mp4Bytes(5000);
      await storedClip(folderId, 'rally.mp4', clip);
      const whole = await storage.readFile(folderId, 'rally.mp4');
      expect([whole.size, whole.start, whole.end, whole.mimeType]).toEqual([5000, 0, 4999, 'video/mp4']);
      expect((await read(whole.body)).equals(clip)).toBe(true);
      const middle = await storage.readFile(folderId, 'rally.mp4', { start: 1000, end: 1999 });
      expect([middle.start, middle.end]).toEqual([1000, 1999]);
      expect((await read(middle.body)).equals(clip.subarray(1000, 2000))).toBe(true);
      const tail = await storage.readFile(folderId, 'rally.mp4', { start: 4990, end: 99_999 });
      expect([tail.start, tail.end]).toEqual([4990, 4999]);
      expect((await read(tail.body)).equals(clip.subarray(4990))).toBe(true);
      const open = await storage.readFile(folderId, 'rally.mp4', { start: 4000 });
      expect((await read(open.body)).equals(clip.subarray(4000))).toBe(true);
      await expect(storage.readFile(folderId, 'rally.mp4', { start: 5000 })).rejects.toMatchObject({ code: 'bad_range' });
    });

    it('answers not_found for an unknown folder or file, a partial upload and anything outside the folder', async () => {
      const { folderId } = await storage.createFolder('x');
      await storedClip(folderId, 'a.mp4', mp4Bytes(100));
      const other = await storage.createFolder('y');
      await storedClip(other.folderId, 'secret.mp4', mp4Bytes(100));
      const { uploadUrl } = await storage.createUploadUrl({
        folderId,
        filename: 'c.mp4',
        mimeType: 'video/mp4',
        size: 400,
        origin: undefined,
      });
      const ticket = ticketOf(storage, uploadUrl);
      await storage.receive(ticket, 'bytes 0-199/400', undefined, Readable.from([mp4Bytes(200)]));
      for (const [folder, file] of [
        [folderId, 'missing.mp4'],
        [folderId, 'c.mp4'],
        [folderId, `.uploads/${ticket.nonce}.part`],
        [folderId, '.folder.json'],
        [folderId, `../${other.folderId}/secret.mp4`],
        ['A'.repeat(22), 'a.mp4'],
        ['../drive', 'a.mp4'],
      ] as const) {
        await expect(storage.readFile(folder, file)).rejects.toMatchObject({ code: 'not_found' });
      }
      expect(await storage.listFiles('A'.repeat(22))).toEqual([]);
      expect(await storage.listFiles('../..')).toEqual([]);
    });

    it('deletes one folder with its files and partial uploads, and nothing else; again it answers 0', async () => {
      const doomed = await storage.createFolder('x');
      await storedClip(doomed.folderId, 'a.mp4', mp4Bytes(100));
      await storedClip(doomed.folderId, 'b.mp4', mp4Bytes(100));
      const kept = await storage.createFolder('y');
      await storedClip(kept.folderId, 'c.mp4', mp4Bytes(100));
      expect(await storage.deleteFolder(doomed.folderId)).toBe(2);
      expect(existsSync(join(dir, 'drive', doomed.folderId))).toBe(false);
      expect(await storage.listFiles(doomed.folderId)).toEqual([]);
      await expect(storage.readFile(doomed.folderId, 'a.mp4')).rejects.toMatchObject({ code: 'not_found' });
      expect(await storage.listFiles(kept.folderId)).toHaveLength(1);
      expect(await storage.deleteFolder(doomed.folderId)).toBe(0);
      expect(await storage.deleteFolder('../..')).toBe(0);
      expect(readdirSync(join(dir, 'drive'))).toEqual([kept.folderId]);
    });
  });
});
