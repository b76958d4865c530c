// File modes after real writes: DATA_DIR and its folders 0700, every file the server writes 0600.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyOf, makeAdapterTestApp, type AdapterTestApp } from './adapters/testing/adapter-app.ts';
import { mp4Bytes, pngBytes } from './adapters/testing/clips.ts';
import { openDatabase } from './db/database.ts';
import { ensurePrivateDirSync, writePrivateFileWhole } from './private-files.ts';

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('private file modes', () => {
  let scratch: string;
  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'cr-modes-'));
  });
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  it('writes an outbox file whole or not at all: its name appears only once every byte is there', async () => {
    const file = join(scratch, 'message.eml');
    const seenMidway: boolean[] = [];
    async function* halves() {
      yield 'From: CourtReplay\r\n';
      // Between two writes, a reader of the folder finds no message yet, not half of one.
      seenMidway.push(existsSync(file));
      yield 'To: player@example.com\r\n';
    }
    await writePrivateFileWhole(file, halves());
    expect(seenMidway).toEqual([false]);
    expect(readdirSync(scratch)).toEqual(['message.eml']);
    expect(readFileSync(file, 'utf8')).toBe('From: CourtReplay\r\nTo: player@example.com\r\n');
    expect(modeOf(file)).toBe(0o600);
  });

  it('makes DATA_DIR 0700, also when it already existed world-readable', () => {
    const fresh = join(scratch, 'fresh', 'data');
    ensurePrivateDirSync(fresh);
    expect(modeOf(fresh)).toBe(0o700);
    const old = join(scratch, 'old');
    mkdirSync(old, { mode: 0o755 });
    ensurePrivateDirSync(old);
    expect(modeOf(old)).toBe(0o700);
  });

  it('creates the SQLite file and its -wal and -shm files 0600, in a 0700 folder', async () => {
    const file = join(scratch, 'db', 'courtreplay.sqlite');
    const db = openDatabase(file);
    await db.schema.createTable('t').addColumn('x', 'integer').execute();
    await db
      .insertInto('t' as never)
      .values({ x: 1 } as never)
      .execute();
    expect(modeOf(join(scratch, 'db'))).toBe(0o700);
    for (const name of ['courtreplay.sqlite', 'courtreplay.sqlite-wal', 'courtreplay.sqlite-shm']) {
      expect(existsSync(join(scratch, 'db', name)), name).toBe(true);
      expect(modeOf(join(scratch, 'db', name)), name).toBe(0o600);
    }
    await db.destroy();
  });
});

describe('private modes of stored clips, CMS media and mail', () => {
  let t: AdapterTestApp;
  beforeEach(async () => {
    t = await makeAdapterTestApp();
  });
  afterEach(() => t.close());

  const walk = (dir: string) =>
    readdirSync(dir, { recursive: true, withFileTypes: true }).map((e) => ({ path: join(e.parentPath, e.name), dir: e.isDirectory() }));
  const expectPrivate = (dir: string) => {
    expect(modeOf(dir), dir).toBe(0o700);
    for (const entry of walk(dir)) expect(modeOf(entry.path), entry.path).toBe(entry.dir ? 0o700 : 0o600);
  };

  it('keeps clips, media and .eml files 0600 in 0700 folders, and still serves them', async () => {
    const venue = await t.seed.venue();
    const kiosk = (await t.seed.device({ venueId: venue.id })).headers;
    const clip = mp4Bytes(20_000);
    const folder = await bodyOf(
      t.call('createFolder', { body: { folderName: 'videos_20261120_1000_1videos' } }, { headers: kiosk, raw: true }),
    );
    const { uploadUrl } = await bodyOf(
      t.call(
        'getSignedUrl',
        { body: { filename: 'a.mp4', mimeType: 'video/mp4', size: clip.length, folderId: folder.folderId } },
        { headers: kiosk, raw: true },
      ),
    );
    const put = await t.app.request(new URL(uploadUrl as string, 'http://x').pathname + new URL(uploadUrl as string, 'http://x').search, {
      method: 'PUT',
      headers: { 'Content-Type': 'video/mp4' },
      body: clip,
    });
    expect(put.status).toBe(201);
    expect((await t.app.request(`/d/${folder.folderId}/a.mp4`)).status).toBe(200);
    expectPrivate(join(t.dir, 'drive'));

    const admin = await t.seed.admin({ role: 'super_admin' });
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(pngBytes(2000))], { type: 'image/png' }), 'w.png');
    const media = await t.app.request('/api/admin/cms/upload-watermark', { method: 'POST', headers: admin.headers, body: form });
    expect(media.status).toBe(200);
    expect((await t.app.request((await bodyOf(media)).url as string)).status).toBe(200);
    expectPrivate(join(t.dir, 'media'));

    await t.mailer.send({ to: 'player@example.com', subject: 'Your clips', html: '<p>hi</p>', text: 'hi' });
    expectPrivate(join(t.dir, 'outbox'));
    expect(readdirSync(join(t.dir, 'outbox')).some((n) => n.endsWith('.eml'))).toBe(true);
  });
});
