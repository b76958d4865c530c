// The recorder against real RTSP: ffmpeg publishes synthetic courts through an RTSP server, the
// recorder reads them with its own ffmpeg and writes clips; an imitation of the sync server's
// recorder endpoints gives the setup and the marks and receives the status reports. The cameras
// run side by side (one recorder, several courts) so the whole file takes well under a minute.
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRecorderClipName, type CameraStatus } from '@courtreplay/shared';
import type { RecorderConfig } from '../src/config.ts';
import { createLogger } from '../src/log.ts';
import { Recorder } from '../src/recorder.ts';
import { publishCamera, type SyntheticCamera } from '../src/testing/cameras.ts';
import { startRtspServer, type RtspServer } from '../src/testing/rtsp-server.ts';
import {
  atNormalPriority,
  bufferSegments,
  probeDuration,
  probeFormat,
  REVOKED_MESSAGE,
  startFakeSyncServer,
  waitFor,
  windowInBuffer,
  type FakeSyncServer,
} from './support.ts';

const USER = 'admin';
const PASSWORD = 'Rahasia-Kamera-77';
const credentials = { user: USER, password: PASSWORD };
const CLIP_SECONDS = 4;

/** Every line any recorder in this file logged: none may carry a camera password. */
const allLogLines: string[] = [];

function configFor(server: FakeSyncServer, overrides: Partial<RecorderConfig> = {}): RecorderConfig {
  const root = mkdtempSync(join(tmpdir(), 'recorder-test-'));
  return {
    serverUrl: server.url,
    token: server.token,
    clipsDir: join(root, 'clips'),
    bufferDir: join(root, 'buffer'),
    bufferMinutes: 120,
    clipSeconds: CLIP_SECONDS,
    markBeforeSeconds: 3,
    markAfterSeconds: 1,
    keepDays: 2,
    minFreeMb: 0,
    ffmpegPath: 'ffmpeg',
    ...overrides,
  };
}

function startRecorder(config: RecorderConfig): { recorder: Recorder; lines: string[] } {
  const lines: string[] = [];
  const recorder = new Recorder(
    config,
    createLogger((line) => {
      lines.push(line);
      allLogLines.push(line);
    }),
  );
  return { recorder, lines };
}

const clipsIn = (dir: string): string[] => {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
};

const stateOf = (recorder: Recorder, fieldId: number): CameraStatus | undefined =>
  recorder.cameraStatuses().find((c) => c.fieldId === fieldId);

let rtsp: RtspServer;
let silent: Server;
let sync: FakeSyncServer;
let config: RecorderConfig;
let main: { recorder: Recorder; lines: string[] };
const cameras = new Map<string, SyntheticCamera>();

let restorePriority: () => void = () => undefined;

beforeAll(async () => {
  restorePriority = atNormalPriority();
  rtsp = await startRtspServer({ credentials });
  // A camera that accepts the connection and never answers.
  silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const silentPort = (silent.address() as { port: number }).port;
  // Court 1's camera sends H.264's parameter sets only in the session description, Court 2's also
  // before every keyframe: clips of both start in the middle of a session.
  cameras.set('court1', publishCamera(rtsp, 'court1', { parameterSets: 'sdp' }));
  cameras.set('court2', publishCamera(rtsp, 'court2', { parameterSets: 'keyframe' }));
  await waitFor(
    'the synthetic cameras to publish',
    30_000,
    async () => (await rtsp.isPublished('court1')) && (await rtsp.isPublished('court2')),
  );
  sync = await startFakeSyncServer({
    recorder: { id: 1, name: 'Front desk PC', venueId: 1 },
    venue: { id: 1, name: 'Arena Test', timeZone: 'Asia/Jakarta' },
    courts: [
      { fieldId: 1, name: 'Court 1', camera: { url: rtsp.url('court1', credentials) } },
      { fieldId: 2, name: 'Court 2', camera: { url: rtsp.url('court2', credentials) } },
      { fieldId: 3, name: 'Court 3', camera: { url: rtsp.url('court1', { user: USER, password: 'wrong-password' }) } },
      { fieldId: 4, name: 'Court 4', camera: { url: `rtsp://${USER}:${PASSWORD}@127.0.0.1:${silentPort}/stream` } },
      { fieldId: 5, name: 'Court 5', camera: null },
    ],
  });
  config = configFor(sync);
  main = startRecorder(config);
  await main.recorder.start();
});

afterAll(async () => {
  await main?.recorder.stop();
  for (const camera of cameras.values()) camera.kill();
  await sync?.close();
  await rtsp?.close();
  silent?.close();
  restorePriority();
  // Checked last, over every recorder of the file: the password never reached a log line.
  expect(allLogLines.length).toBeGreaterThan(10);
  expect(allLogLines.filter((line) => line.includes(PASSWORD) || line.includes('wrong-password'))).toEqual([]);
  expect(allLogLines.some((line) => line.includes(`${USER}:****@`))).toBe(true);
});

describe.concurrent('the recorder on real RTSP cameras', () => {
  it('writes a continuous clip per court every CLIP_SECONDS: stream copied H.264 mp4 with +faststart, named by its day and start, its mtime at its end', async () => {
    const dir = join(config.clipsDir, 'Court 1');
    const clips = await waitFor('two continuous clips of Court 1', 30_000, () => {
      const files = clipsIn(dir).filter((f) => !f.startsWith('.') && !f.includes('marked'));
      return files.length >= 2 && files;
    });
    for (const file of clips.slice(0, 2)) {
      expect(file).toMatch(/^Court 1 \d{4}-\d\d-\d\d \d\d\.\d\d\.\d\d\.mp4$/);
      const path = join(dir, file);
      const duration = probeDuration(path);
      expect(duration).toBeGreaterThanOrEqual(CLIP_SECONDS - 1);
      expect(duration).toBeLessThanOrEqual(CLIP_SECONDS + 2);
      expect(probeFormat(path)).toEqual({ codec: 'h264', faststart: true });
      // Named by the start in the venue's time (Asia/Jakarta, UTC+7), modified at the end.
      const end = statSync(path).mtimeMs;
      const start = new Date(end - duration * 1000 + 7 * 3_600_000);
      const named = parseRecorderClipName(file)!.time.split(':').map(Number);
      const namedSeconds = named[0]! * 3600 + named[1]! * 60 + named[2]!;
      const actualSeconds = start.getUTCHours() * 3600 + start.getUTCMinutes() * 60 + start.getUTCSeconds();
      expect(Math.abs(((namedSeconds - actualSeconds + 43_200 + 86_400) % 86_400) - 43_200)).toBeLessThanOrEqual(2);
    }
    // The kiosk never sees a half-written clip: only finished names are left in the folder.
    expect(clipsIn(dir).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it("cuts a marked clip covering [mark - before, mark + after] to within one keyframe interval at each end, its modified time the window's end; a second mark in the window gives no second clip", async () => {
    await waitFor('Court 1 recording', 30_000, () => stateOf(main.recorder, 1)?.state === 'recording');
    const at = Date.now();
    sync.mark(1, new Date(at));
    const windowStart = at - 3_000;
    const windowEnd = at + 1_000;
    const dir = join(config.clipsDir, 'Court 1');
    const file = await waitFor('the marked clip', 30_000, () => clipsIn(dir).find((f) => f.endsWith(' marked.mp4')));
    // How soon it lands is the benchmark's to measure (npm run bench -- recorder), not a test's.
    const path = join(dir, file);
    const duration = probeDuration(path);
    const end = statSync(path).mtimeMs;
    // From the keyframe at or before the window's start to its end: what the buffer holds of the
    // window, and at most one keyframe interval (a segment) more at the start.
    const { covered, gop } = windowInBuffer(bufferSegments(join(config.bufferDir, 'court-1')), windowStart, windowEnd);
    expect(covered).toBeGreaterThan(0);
    expect(duration).toBeGreaterThanOrEqual(covered - gop);
    expect(duration).toBeLessThanOrEqual(covered + 2 * gop);
    expect(Math.abs(end - windowEnd)).toBeLessThan(1);

    sync.mark(1, new Date(at + 500));
    await waitFor('the second mark to be merged', 30_000, () => main.lines.some((l) => l.includes('falls in the clip already cut')));
    expect(clipsIn(dir).filter((f) => f.endsWith(' marked.mp4'))).toEqual([file]);
  });

  it('a camera that stops is reconnecting within 10 s and offline within 30 s, keeps the others recording, and resumes by itself with the gap recorded', async () => {
    await waitFor('Court 2 recording', 30_000, () => stateOf(main.recorder, 2)?.state === 'recording');
    // A mark whose window the outage cuts through: cut from what exists, with a note.
    sync.mark(2, new Date(Date.now() + 1_000));
    cameras.get('court2')!.kill();
    const killed = Date.now();
    const reportsBefore = sync.reports.length;
    await waitFor('Court 2 reconnecting', 30_000, () => stateOf(main.recorder, 2)?.state === 'reconnecting');
    // The server hears of it at once, not at the next 10 s report.
    await waitFor('the server to hear Court 2 is reconnecting', 30_000, () =>
      sync.reports.slice(reportsBefore).some((r) => r.cameras.some((c) => c.fieldId === 2 && c.state === 'reconnecting')),
    );
    expect(Date.now() - killed).toBeLessThan(10_000);
    await waitFor('Court 2 offline', 30_000 - (Date.now() - killed), () => stateOf(main.recorder, 2)?.state === 'offline');
    expect(stateOf(main.recorder, 1)?.state).toBe('recording');
    await waitFor('the gap noted for the marked clip', 30_000, () =>
      main.lines.some((l) => /Court 2: the marked clip .* misses \d+ s of video/.test(l)),
    );
    expect(clipsIn(join(config.clipsDir, 'Court 2')).filter((f) => f.endsWith(' marked.mp4'))).toHaveLength(1);

    await waitFor('the server to hear Court 2 is offline', 30_000 - (Date.now() - killed), () =>
      sync.reports.some((r) => r.cameras.some((c) => c.fieldId === 2 && c.state === 'offline')),
    );
    cameras.set('court2', publishCamera(rtsp, 'court2', { parameterSets: 'keyframe' }));
    await waitFor('Court 2 recording again', 30_000, () => stateOf(main.recorder, 2)?.state === 'recording');
    // The clip gathered before the outage was cut when it began, not when the camera came back.
    const stopped = main.lines.findIndex((l) => l.includes('Court 2: the video stopped; the clip gathered so far is cut now.'));
    const back = main.lines.findIndex((l, i) => i > stopped && l.includes('Court 2: recording.'));
    expect(stopped).toBeGreaterThan(-1);
    expect(main.lines.slice(stopped, back).some((l) => /Clip written in \d+ ms: .*Court 2 \d{4}-\d\d-\d\d [\d.]+\.mp4/.test(l))).toBe(true);
  });

  it('a wrong password is unauthorized with a message saying the camera refused it, not offline', async () => {
    const status = await waitFor('Court 3 unauthorized', 30_000, () => {
      const s = stateOf(main.recorder, 3);
      return s?.state === 'unauthorized' && s;
    });
    expect(status.message).toContain('The camera refused the user name or password');
    await waitFor('the server to hear it', 30_000, () =>
      sync.reports.some((r) => r.cameras.some((c) => c.fieldId === 3 && c.state === 'unauthorized' && c.message?.includes('refused'))),
    );
  });

  it('a camera that never answers goes reconnecting then offline within 30 s; a court without a camera reports no-camera', async () => {
    await waitFor('Court 4 offline', 30_000, () => stateOf(main.recorder, 4)?.state === 'offline');
    expect(stateOf(main.recorder, 5)).toMatchObject({ state: 'no-camera', bufferSeconds: 0 });
    const report = sync.reports.at(-1)!;
    expect(report.cameras.map((c) => c.fieldId)).toEqual(expect.arrayContaining([1, 2, 3, 4, 5]));
  });

  it('follows the back-office within 30 s without a restart: a camera added starts recording, a camera removed is no-camera', async () => {
    const court = { fieldId: 6, name: 'Court 6', camera: { url: rtsp.url('court1', credentials) } as { url: string } | null };
    sync.setup.courts.push(court);
    const added = Date.now();
    await waitFor('Court 6 recording', 30_000, () => stateOf(main.recorder, 6)?.state === 'recording');
    expect(Date.now() - added).toBeLessThan(30_000);
    court.camera = null;
    const removed = Date.now();
    await waitFor('Court 6 without a camera', 30_000, () => stateOf(main.recorder, 6)?.state === 'no-camera');
    expect(Date.now() - removed).toBeLessThan(30_000);
  });

  it('a revoked token stops the recorder, which says why in its log and keeps its buffer', async () => {
    const own = await startFakeSyncServer({ ...sync.setup, courts: [sync.setup.courts[0]!] }, 'another-token');
    const cfg = configFor(own);
    const { recorder, lines } = startRecorder(cfg);
    await recorder.start();
    await waitFor('some buffer', 30_000, () => stateOf(recorder, 1)?.state === 'recording');
    own.revoke();
    const outcome = await recorder.stopped;
    expect(outcome).toEqual({ reason: 'revoked', message: REVOKED_MESSAGE });
    expect(lines.some((l) => l.includes('refused this recorder (401)') && l.includes(REVOKED_MESSAGE) && l.includes('buffer'))).toBe(true);
    expect(readdirSync(join(cfg.bufferDir, 'court-1')).filter((f) => f.endsWith('.ts')).length).toBeGreaterThan(0);
    await own.close();
  });

  it('keeps the buffer within BUFFER_MINUTES, and under MIN_FREE_MB deletes the oldest first and raises an alert', async () => {
    const own = await startFakeSyncServer({ ...sync.setup, courts: [sync.setup.courts[0]!] }, 'buffer-token');
    // A tenth of a minute of buffer; and, beside it, two hours of buffer with a free-space floor no disk meets.
    const short = startRecorder(configFor(own, { bufferMinutes: 0.1, clipSeconds: 0 }));
    const full = startRecorder(configFor(own, { minFreeMb: 1e12, clipSeconds: 0 }));
    await Promise.all([short.recorder.start(), full.recorder.start()]);
    let firstSeen: number | undefined;
    await waitFor('25 s of recording', 50_000, () => {
      if (stateOf(full.recorder, 1)?.lastSegmentAt && firstSeen === undefined) firstSeen = Date.now();
      return firstSeen !== undefined && Date.now() - firstSeen > 25_000;
    });
    // 6 s of buffer, plus at most one housekeeping pass (5 s) of new segments.
    expect(stateOf(short.recorder, 1)!.bufferSeconds).toBeLessThanOrEqual(12);
    // Under the floor: only what one marked clip needs (3 + 1 + 10 s), plus one housekeeping pass.
    expect(stateOf(full.recorder, 1)!.bufferSeconds).toBeLessThanOrEqual(20);
    expect(stateOf(full.recorder, 1)!.bufferSeconds).toBeGreaterThanOrEqual(10);
    const alert = await waitFor('the disk-low alert in a report', 30_000, () =>
      own.reports.flatMap((r) => r.alerts ?? []).find((a) => a.code === 'disk-low'),
    );
    expect(alert.message).toContain('MIN_FREE_MB');
    expect(full.lines.some((l) => l.includes('MIN_FREE_MB'))).toBe(true);
    await Promise.all([short.recorder.stop(), full.recorder.stop()]);
    await own.close();
  });
});
