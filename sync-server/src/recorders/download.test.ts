// GET /downloads/recorder.mjs: the recorder's one file, as the build made it, to anyone (it holds no
// secret: the build takes nothing from its environment, and the server adds nothing to the file),
// revalidated on every download; a plain 404 on a server whose build did not make it.
import { RECORDER_DOWNLOAD_MISSING, RECORDER_DOWNLOAD_PATH } from '@courtreplay/shared';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../paths.ts';
import { makeTestApp, type TestApp } from '../testing/index.ts';

/** Secrets a build machine may hold in its environment: none may reach the file. */
const CANARIES = Object.fromEntries(
  [
    'RECORDER_TOKEN',
    'SERVER_URL',
    'ADMIN_PASSWORD',
    'MIDTRANS_SERVER_KEY',
    'WHATSAPP_ACCESS_TOKEN',
    'GOOGLE_REFRESH_TOKEN',
    'SMTP_PASSWORD',
    'S3_SECRET_ACCESS_KEY',
    'DATABASE_URL',
  ].map((name) => [name, `canary-${name.toLowerCase()}-7f3a`]),
);

describe('GET /downloads/recorder.mjs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'recorder-download-'));
  const file = join(dir, 'recorder.mjs');
  let t: TestApp;

  beforeAll(async () => {
    // As `npm run build` runs it, on a machine whose environment holds secrets.
    execFileSync(process.execPath, [join(REPO_ROOT, 'scripts/build-recorder.mjs'), file], {
      env: { ...process.env, ...CANARIES },
      stdio: 'ignore',
    });
    t = await makeTestApp({ deps: { recorderDownload: file } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the built file to anyone, as a download revalidated each time, holding no token or key', async () => {
    const venue = await t.seed.venue({ name: 'Arena' });
    const admin = await t.seed.admin({ role: 'super_admin' });
    const { token } = await t.call(
      'createRecorder',
      { body: { venueId: venue.id, name: 'Kiosk PC' } },
      { headers: admin.headers, status: 201 },
    );

    const res = await t.app.request(RECORDER_DOWNLOAD_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="recorder.mjs"');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const body = await res.text();
    expect(body).toBe(readFileSync(file, 'utf8'));
    expect(body).toContain('SERVER_URL');
    for (const secret of [token, ...Object.values(CANARIES)]) expect(body).not.toContain(secret);
    expect(body).not.toContain('canary-');

    // A browser that has it asks again and is told it has not changed.
    const etag = res.headers.get('etag')!;
    const again = await t.app.request(RECORDER_DOWNLOAD_PATH, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('is a plain 404 where the build has not made the file', async () => {
    const unbuilt = await makeTestApp({ deps: { recorderDownload: join(dir, 'missing.mjs') } });
    try {
      const res = await unbuilt.app.request(RECORDER_DOWNLOAD_PATH);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: RECORDER_DOWNLOAD_MISSING });
    } finally {
      await unbuilt.close();
    }
  });
});
