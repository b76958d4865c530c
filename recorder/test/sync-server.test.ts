// The recorder against the real sync server (the in-process app on a fresh database with local
// storage, served over HTTP, on the real clock): a recorder added and a camera with its sub-stream
// set in the back-office, the recorder records both, a mark posted on the court's phone page comes
// back as a marked clip whose preview is cut from the sub-stream, both reach the venue's storage
// and play, the server hears the mark is ready, the Devices listing shows the camera recording
// with its password masked, and removing the recorder stops it with the server's reason.
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/log.ts';
import { Recorder } from '../src/recorder.ts';
import { publishCamera } from '../src/testing/cameras.ts';
import { startRtspServer } from '../src/testing/rtsp-server.ts';
import { serveRealServer } from './real-server.ts';
import { atNormalPriority, probeDuration, waitFor } from './support.ts';

const PASSWORD = 'Kamera-Rahasia-9';

describe('the recorder with the real sync server', () => {
  it('records the camera set in the back-office, cuts a mark posted on the phone page, reports its state, and stops when removed', async () => {
    const restorePriority = atNormalPriority();
    const rtsp = await startRtspServer({ credentials: { user: 'admin', password: PASSWORD } });
    const camera = publishCamera(rtsp, 'court1');
    // The camera's sub-stream: the phone's preview is cut from it by stream copy.
    const subStream = publishCamera(rtsp, 'court1sub');
    const served = await serveRealServer();
    const { t, url: base } = served;
    let recorder: Recorder | undefined;
    try {
      const venue = await t.seed.venue({ name: 'Arena Real' });
      const court = await t.seed.field({ venueId: venue.id, name: 'Court 1' });
      const admin = await t.seed.admin({ role: 'super_admin' });
      const { courtCode } = await t.db.selectFrom('fields').select('courtCode').where('id', '=', court.id).executeTakeFirstOrThrow();
      const created = await t.call(
        'createRecorder',
        { body: { venueId: venue.id, name: 'Front desk PC' } },
        { headers: admin.headers, status: 201 },
      );
      await t.call(
        'setFieldCamera',
        {
          params: { id: court.id },
          body: {
            url: rtsp.url('court1', { user: 'admin', password: PASSWORD }),
            subUrl: rtsp.url('court1sub', { user: 'admin', password: PASSWORD }),
          },
        },
        { headers: admin.headers },
      );
      await waitFor('the cameras to publish', 30_000, async () => (await rtsp.isPublished('court1')) && rtsp.isPublished('court1sub'));

      const dir = mkdtempSync(join(tmpdir(), 'recorder-real-'));
      const lines: string[] = [];
      recorder = new Recorder(
        {
          serverUrl: base,
          token: created.token,
          clipsDir: join(dir, 'clips'),
          bufferDir: join(dir, 'buffer'),
          bufferMinutes: 120,
          clipSeconds: 0,
          markBeforeSeconds: 3,
          markAfterSeconds: 1,
          keepDays: 2,
          minFreeMb: 0,
          ffmpegPath: 'ffmpeg',
        },
        createLogger((line) => lines.push(line)),
      );
      await recorder.start();
      await waitFor(
        'Court 1 recording',
        30_000,
        () => recorder!.cameraStatuses().find((c) => c.fieldId === court.id)?.state === 'recording',
      );
      const listed = await waitFor('the Devices listing to show the camera recording', 30_000, async () => {
        const { recorders } = await t.call('listRecorders', {}, { headers: admin.headers });
        const cameras = recorders.find((r) => r.id === created.id)?.cameras ?? [];
        return cameras.some((c) => c.fieldId === court.id && c.state === 'recording') && recorders;
      });
      expect(JSON.stringify(listed)).not.toContain(PASSWORD);

      // The sub-stream's buffer covers the mark's window too.
      const subDir = join(dir, 'buffer', `court-${court.id}-sub`);
      await waitFor('the sub-stream recorded', 30_000, () => {
        try {
          return readdirSync(subDir).filter((f) => f.endsWith('.ts')).length >= 4;
        } catch {
          return false;
        }
      });

      // The long-poll is waiting; a player marks the moment on the court's phone page.
      const marked = await fetch(`${base}/c/${courtCode}/mark`, { method: 'POST' });
      expect(marked.status).toBe(200);
      const posted = Date.now();
      const clips = join(dir, 'clips', 'Court 1');
      const file = await waitFor('the marked clip', 30_000, () => {
        try {
          return readdirSync(clips).find((f) => f.endsWith(' marked.mp4'));
        } catch {
          return undefined;
        }
      });
      // The window closes 1 s after the mark; the clip lands within 3 s of that.
      expect(Date.now() - posted).toBeLessThan(1_000 + 3_000 + 1_000);
      expect(Math.abs(probeDuration(join(clips, file)) - 4)).toBeLessThanOrEqual(2);
      // The clip and its preview reach the venue's storage; then the server hears the clip is ready
      // (the phone and the kiosk go by it), and what storage holds plays.
      await waitFor('the mark reported ready', 30_000, async () => {
        const row = await t.db.selectFrom('court_marks').select('clipState').executeTakeFirst();
        return row?.clipState === 'ready';
      });
      const stored = await t.db.selectFrom('mark_clips').selectAll().executeTakeFirstOrThrow();
      const inStorage = await t.storage.listFiles(stored.folderId!);
      expect(inStorage).toHaveLength(2);
      for (const file of inStorage) {
        const copy = join(dir, `stored-${file.name}`);
        const chunks: Buffer[] = [];
        for await (const chunk of (await t.storage.readFile(stored.folderId!, file.id)).body) chunks.push(chunk as Buffer);
        writeFileSync(copy, Buffer.concat(chunks));
        expect(Math.abs(probeDuration(copy) - 4)).toBeLessThanOrEqual(2);
      }
      expect(lines.some((l) => l.includes('was made from the sub-stream'))).toBe(true);

      await t.call('deleteRecorder', { params: { id: created.id } }, { headers: admin.headers });
      const outcome = await recorder.stopped;
      expect(outcome.reason).toBe('revoked');
      expect(lines.some((l) => l.includes("This recorder's token was revoked or is unknown"))).toBe(true);
      expect(lines.join('\n')).not.toContain(PASSWORD);
    } finally {
      await recorder?.stop();
      camera.kill();
      subStream.kill();
      await served.close();
      await rtsp.close();
      restorePriority();
    }
  });
});
