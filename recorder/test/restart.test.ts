// The recorder as the venue runs it (a process of its own, started in its own folder with the
// relative CLIPS_DIR the Devices tab shows and the default BUFFER_DIR): killed with -9 and
// started again, it ends the ffmpeg its first life left running, continues the buffer it has, and
// cuts a marked clip across the restart; the token revoked, it exits with code 2. Its log never
// shows the camera's password. Also: KEEP_DAYS removes only the clips the recorder wrote.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/log.ts';
import { Recorder } from '../src/recorder.ts';
import { publishCamera } from '../src/testing/cameras.ts';
import { startRtspServer } from '../src/testing/rtsp-server.ts';
import {
  atNormalPriority,
  bufferSegments,
  probeDuration,
  REVOKED_MESSAGE,
  startFakeSyncServer,
  waitFor,
  windowInBuffer,
} from './support.ts';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
// tsx as this test resolves it: the recorder runs in a folder with no node_modules.
const TSX = import.meta.resolve('tsx');
const PASSWORD = 'Sandi-Rahasia-2026';

const cleanup: (() => unknown)[] = [atNormalPriority()];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

function runRecorder(
  cwd: string,
  env: Record<string, string>,
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', TSX, MAIN], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  cleanup.push(() => child.kill('SIGKILL'));
  return { child, output: () => output, exited };
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the recorder process', () => {
  it('run from its own folder with relative paths, survives a kill -9: the restart ends the orphaned ffmpeg, continues the buffer and cuts a marked clip across it; a revoked token exits 2', async () => {
    const rtsp = await startRtspServer({ credentials: { user: 'admin', password: PASSWORD } });
    cleanup.push(() => rtsp.close());
    const camera = publishCamera(rtsp, 'court1');
    cleanup.push(() => camera.kill());
    await waitFor('the camera to publish', 30_000, () => rtsp.isPublished('court1'));
    const sync = await startFakeSyncServer({
      recorder: { id: 7, name: 'Box', venueId: 1 },
      venue: { id: 1, name: 'Arena', timeZone: 'Asia/Jakarta' },
      courts: [{ fieldId: 1, name: 'Court 1', camera: { url: rtsp.url('court1', { user: 'admin', password: PASSWORD }) } }],
    });
    cleanup.push(() => sync.close());
    // A venue's folder with a space and non-Latin letters, the clips folder relative to it, the
    // buffer in its default place (./data/recorder).
    const dir = join(mkdtempSync(join(tmpdir(), 'recorder-restart-')), 'Rekaman 球场');
    mkdirSync(dir);
    const env = {
      SERVER_URL: sync.url,
      RECORDER_TOKEN: sync.token,
      CLIPS_DIR: './klip lapangan',
      CLIP_SECONDS: '4',
      MARK_BEFORE_SECONDS: '14',
      MARK_AFTER_SECONDS: '1',
      MIN_FREE_MB: '0',
    };
    const buffer = join(dir, 'data', 'recorder', 'court-1');
    const clips = join(dir, 'klip lapangan', 'Court 1');
    const pidFile = join(buffer, 'ffmpeg.pid');

    const first = runRecorder(dir, env);
    await waitFor(
      'a first continuous clip',
      30_000,
      () => existsSync(clips) && readdirSync(clips).some((f) => f.endsWith('.mp4') && !f.startsWith('.')),
    );
    // A player marks the moment; the recorder dies a moment later, before the window has closed.
    sync.mark(1);
    await waitFor('the recorder to take the mark', 30_000, () => first.output().includes('Court 1: mark at'));
    const orphan = Number(readFileSync(pidFile, 'utf8'));
    first.child.kill('SIGKILL');
    await first.exited;
    expect(alive(orphan)).toBe(true); // ffmpeg outlives a recorder killed with -9
    // Two marked clips may start at one keyframe: the second takes the name with (2).
    const markedFiles = () => readdirSync(clips).filter((f) => / marked( \(\d+\))?\.mp4$/.test(f));
    expect(markedFiles()).toEqual([]);

    // ffmpeg names each run by the time it started: the second life's runs come after this.
    const restartedAt = Date.now();
    const second = runRecorder(dir, env);
    await waitFor('the orphaned ffmpeg to be ended', 30_000, () => !alive(orphan));
    // The mark it had taken is cut after the restart.
    await waitFor('the marked clip of the mark taken before the kill', 25_000, () => markedFiles().length === 1);
    await waitFor('a new ffmpeg', 30_000, () => existsSync(pidFile) && Number(readFileSync(pidFile, 'utf8')) !== orphan);
    const listed = (f: string) => /^r\d+\.csv$/.test(f) && readFileSync(join(buffer, f), 'utf8').includes('\n');
    await waitFor('segments from both lives in the buffer', 30_000, () => readdirSync(buffer).filter(listed).length >= 2);

    // The window straddles the restart's gap (however long a busy machine made it): the clip joins
    // both lives' segments.
    const lives = () => {
      const segments = bufferSegments(buffer);
      const first = segments.filter((s) => Number(s.run) < restartedAt);
      const then = segments.filter((s) => Number(s.run) >= restartedAt);
      return { segments, lastOfFirst: Math.max(...first.map((s) => s.end)), firstOfSecond: Math.min(...then.map((s) => s.start)) };
    };
    const { lastOfFirst, firstOfSecond } = lives();
    const before = Number(env.MARK_BEFORE_SECONDS) * 1000;
    const after = Number(env.MARK_AFTER_SECONDS) * 1000;
    // Both marked clips may start at the same second (the first one's window began before the camera
    // did): this one is the file that is new, whatever its copy number.
    const firstMarked = markedFiles();
    const at = Math.round((lastOfFirst + firstOfSecond) / 2 + (before - after) / 2);
    sync.mark(1, new Date(at));
    const marked = await waitFor('the marked clip across the restart', 40_000, () => markedFiles().find((f) => !firstMarked.includes(f)));
    // The clip holds what the buffer has of the window [at - before, at + after], the gap left out:
    // from the keyframe at or before its start to the end of the segment holding its end, so within
    // one keyframe interval (one segment: the stream's GOP) of the video the window covers at each
    // end (the recorder placed the running segments a few ms differently when it cut).
    const { segments } = lives();
    const { chosen, covered, gop } = windowInBuffer(segments, at - before, at + after);
    expect(new Set(chosen.map((s) => Number(s.run) >= restartedAt))).toEqual(new Set([false, true]));
    const duration = probeDuration(join(clips, marked));
    expect(duration).toBeGreaterThanOrEqual(covered - gop);
    expect(duration).toBeLessThanOrEqual(covered + 2 * gop);

    // Each mark is reported ready to the server, once.
    const ready = () => sync.markStates.filter((m) => m.state === 'ready').map((m) => m.id);
    await waitFor('both marks reported ready', 30_000, () => ready().length === 2);
    expect(ready().sort()).toEqual([1, 2]);

    sync.revoke();
    expect(await second.exited).toBe(2);
    const log = first.output() + second.output();
    expect(log).toContain(REVOKED_MESSAGE);
    expect(log).toContain('admin:****@');
    expect(log).not.toContain(PASSWORD);
    expect(readdirSync(buffer).some((f) => f.endsWith('.ts'))).toBe(true);
    // Nothing was cut twice: two marked clips, each mark ready once, no continuous clip under a second name.
    expect(markedFiles()).toHaveLength(2);
    expect(readdirSync(clips).filter((f) => !f.includes('marked') && / \(\d+\)\.mp4$/.test(f))).toEqual([]);
  });

  it('KEEP_DAYS removes the clips it wrote once they are older, and never a file it did not write', async () => {
    const sync = await startFakeSyncServer({
      recorder: { id: 1, name: 'Box', venueId: 1 },
      venue: { id: 1, name: 'Arena', timeZone: 'Asia/Jakarta' },
      courts: [],
    });
    cleanup.push(() => sync.close());
    const dir = mkdtempSync(join(tmpdir(), 'recorder-keep-'));
    const courtDir = join(dir, 'clips', 'Court 1');
    mkdirSync(courtDir, { recursive: true });
    mkdirSync(join(dir, 'buffer'), { recursive: true });
    const old = new Date(Date.now() - 3 * 86_400_000);
    const files = { oldOwn: 'Court 1 08.00.00.mp4', newOwn: 'Court 1 09.00.00.mp4', oldForeign: 'Court 1 07.00.00.mp4' };
    for (const name of Object.values(files)) writeFileSync(join(courtDir, name), 'x');
    utimesSync(join(courtDir, files.oldOwn), old, old);
    utimesSync(join(courtDir, files.oldForeign), old, old);
    writeFileSync(
      join(dir, 'buffer', 'clips-written.jsonl'),
      [files.oldOwn, files.newOwn].map((f) => `${JSON.stringify(join(courtDir, f))}\n`).join(''),
    );
    const recorder = new Recorder(
      {
        serverUrl: sync.url,
        token: sync.token,
        clipsDir: join(dir, 'clips'),
        bufferDir: join(dir, 'buffer'),
        bufferMinutes: 120,
        clipSeconds: 60,
        markBeforeSeconds: 25,
        markAfterSeconds: 5,
        keepDays: 2,
        minFreeMb: 0,
        ffmpegPath: 'ffmpeg',
      },
      createLogger(() => undefined),
    );
    await recorder.start();
    await recorder.stop();
    expect(readdirSync(courtDir).sort()).toEqual([files.oldForeign, files.newOwn].sort());
  });
});
