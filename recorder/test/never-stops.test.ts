// A failure is never green, and never an exit: a timer's work that throws (a segment an antivirus
// holds, EBUSY) is an alert while it fails and the other cameras keep recording; a full disk under
// CLIPS_DIR turns the court to clips-failing with its reason, and a marked clip given up is
// reported failed; a folder the recorder may not write is found before a mark needs it; the last
// clip before an outage is cut when the outage starts; an H.265 camera's clips are tagged hvc1; an
// unreachable server is said once, and its return once. On the test platform, in milliseconds.
import type { RecorderStatusRequest } from '@courtreplay/shared';
import { existsSync, readdirSync, readFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cutArgs } from '../src/ffmpeg-args.ts';
import { systemError } from '../src/testing/fake-platform.ts';
import { startFakeSyncServer, waitFor } from './support.ts';
import { harness, setupOf, type Harness, type Life } from './unit-harness.ts';

let h: Harness;
let life: Life | undefined;
afterEach(async () => {
  if (life) {
    life.platform.fs.fault = () => undefined;
    await life.recorder.stop();
  }
  life = undefined;
  await h?.sync.close();
});

/** The last report the server received, once it satisfies `check`. */
const reportWhere = (check: (r: RecorderStatusRequest) => boolean) =>
  waitFor('a report', 30_000, () => h.sync.reports.findLast(check) ?? false);
const court = (r: RecorderStatusRequest, fieldId: number) => r.cameras.find((c) => c.fieldId === fieldId);

describe('a failure is an alert, never an exit', () => {
  it('a buffer segment another program holds (EBUSY) is a task-failed alert; the other cameras keep recording; the alert goes when it works', async () => {
    h = await harness(
      setupOf([
        { fieldId: 1, name: 'Court 1' },
        { fieldId: 2, name: 'Court 2' },
      ]),
      { bufferMinutes: 0.05, clipSeconds: 0 },
    );
    life = await h.life();
    life.platform.fs.fault = (call, path) =>
      call === 'remove' && path.includes('court-1') ? systemError('EBUSY', 'resource busy or locked', path) : undefined;
    await life.record(12);
    const failing = await reportWhere((r) => !!r.alerts?.some((a) => a.code === 'task-failed'));
    expect(failing.alerts?.find((a) => a.code === 'task-failed')?.message).toMatch(/Keeping the buffer within its limits failed: .*EBUSY/);
    expect(court(failing, 2)?.state).toBe('recording');
    expect(life.lines.filter((l) => l.includes('Keeping the buffer within its limits failed'))).toHaveLength(1);

    life.platform.fs.fault = () => undefined;
    await life.record(11);
    await reportWhere((r) => !r.alerts && court(r, 1)?.state === 'recording');
    expect(life.lines.some((l) => l.includes('Keeping the buffer within its limits works again.'))).toBe(true);
  });

  it('a full disk under CLIPS_DIR turns the court to clips-failing with the reason, and a marked clip given up is reported failed; clips flow again after', async () => {
    h = await harness(setupOf([{ fieldId: 1, name: 'Court 1' }]), { clipSeconds: 0, markBeforeSeconds: 2, markAfterSeconds: 1 });
    life = await h.life();
    await life.record(3);
    life.platform.ffmpeg.cutFailure = 'Error writing trailer of /clips/.part.mp4: No space left on device';
    const id = h.sync.mark(1, new Date(life.platform.clock.now()));
    await waitFor('the mark taken', 30_000, () => life!.lines.some((l) => l.includes('Court 1: mark at')));
    await life.record(3);
    const failing = await reportWhere((r) => court(r, 1)?.state === 'clips-failing');
    expect(court(failing, 1)?.message).toContain('No space left on device');
    // Tried three times, then given up and reported.
    await life.record(20);
    await waitFor('the mark reported failed', 30_000, () => h.sync.markStates.some((m) => m.id === id && m.state === 'failed'));
    expect(h.sync.markStates.find((m) => m.id === id && m.state === 'failed')).toMatchObject({ reason: 'cut-failed' });
    expect(life.platform.ffmpeg.cuts()).toHaveLength(3);

    life.platform.ffmpeg.cutFailure = undefined;
    h.sync.mark(1, new Date(life.platform.clock.now()));
    await life.record(3);
    await reportWhere((r) => court(r, 1)?.state === 'recording');
  });

  it("finds a court's folder it may not write in before a mark needs it, and says so until it can", async () => {
    h = await harness(setupOf([{ fieldId: 1, name: 'Court 1' }]), { clipSeconds: 0 });
    life = await h.life();
    life.platform.fs.fault = (call, path) =>
      call === 'writeText' && path.includes('.courtreplay-write-check') ? systemError('EPERM', 'operation not permitted', path) : undefined;
    await life.record(31);
    const failing = await reportWhere((r) => court(r, 1)?.state === 'clips-failing');
    expect(court(failing, 1)?.message).toMatch(/The clips folder .*Court 1 cannot be written \(EPERM/);
    life.platform.fs.fault = () => undefined;
    await life.record(31);
    await reportWhere((r) => court(r, 1)?.state === 'recording');
  });
});

describe('clips', () => {
  it('the clip gathered before an outage is cut when the outage starts, not when the camera returns', async () => {
    h = await harness(setupOf([{ fieldId: 1, name: 'Court 1' }]), { clipSeconds: 60 });
    life = await h.life();
    await life.record(5);
    expect(life.platform.ffmpeg.cuts()).toHaveLength(0);
    life.camera(1).exit(1, 'Connection reset by peer\n');
    await life.platform.clock.advance(250);
    expect(life.platform.ffmpeg.cuts()).toHaveLength(1);
    expect(life.lines.some((l) => l.includes('Court 1: the video stopped; the clip gathered so far is cut now.'))).toBe(true);
  });

  it("an H.265 camera's clips are tagged hvc1 (Apple's players need it), an H.264 camera's are not", async () => {
    expect(cutArgs({ list: 'l.txt', output: 'o.mp4', codec: 'h264' })).not.toContain('-tag:v');
    h = await harness(setupOf([{ fieldId: 1, name: 'Court 1' }]), { clipSeconds: 2 });
    life = await h.life();
    life.platform.ffmpeg.codec = 'hevc';
    await life.record(3);
    const [cut] = life.platform.ffmpeg.cuts();
    expect(cut!.args.join(' ')).toContain('-tag:v hvc1');
  });
});

describe('files other programs hold, and stopping on Windows', () => {
  it('a clip whose rename an antivirus holds up (EBUSY) is written on the next try; an old clip the kiosk holds open stays known until KEEP_DAYS can remove it', async () => {
    h = await harness(setupOf([{ fieldId: 1, name: 'Court 1' }]), { clipSeconds: 2, keepDays: 1 });
    life = await h.life();
    let held = 1;
    life.platform.fs.fault = (call, path) =>
      call === 'rename' && path.endsWith('.part.mp4') && held-- > 0 ? systemError('EBUSY', 'resource busy or locked', path) : undefined;
    await life.record(3);
    await life.record(6);
    const clips = join(h.root, 'clips', 'Court 1');
    await waitFor('the clip written on the next try', 30_000, () =>
      readdirSync(clips).some((f) => f.endsWith('.mp4') && !f.startsWith('.')),
    );
    expect(life.lines.some((l) => l.includes('EBUSY') && l.includes('Trying again in 5 s'))).toBe(true);

    // Two days later the clip is old; at the next start the kiosk plays it, so it cannot be removed yet.
    await life.recorder.stop();
    const [clip] = readdirSync(clips).filter((f) => !f.startsWith('.'));
    const old = new Date(life.platform.clock.now() - 2 * 86_400_000);
    utimesSync(join(clips, clip!), old, old);
    life = await h.life({
      before: (platform) =>
        (platform.fs.fault = (call, path) =>
          call === 'remove' && path.endsWith(clip!) ? systemError('EBUSY', 'resource busy or locked', path) : undefined),
    });
    expect(existsSync(join(clips, clip!))).toBe(true);
    expect(readFileSync(join(h.root, 'buffer', 'clips-written.jsonl'), 'utf8')).toContain(clip);
    expect(life.lines.some((l) => l.includes('Removing clips older than KEEP_DAYS failed') && l.includes('EBUSY'))).toBe(true);
    life.platform.fs.fault = () => undefined;
    await life.recorder.stop();
    life = await h.life();
    expect(existsSync(join(clips, clip!))).toBe(false);
  });

  it('Ctrl+C, Ctrl+Break or closing the window on Windows stops the recorder, each ffmpeg told q to close its last segment', async () => {
    h = await harness(setupOf([{ fieldId: 1, name: 'Court 1' }]));
    life = await h.life({ os: 'win32' });
    await life.record(2);
    const ffmpeg = life.camera(1);
    life.platform.signal('SIGBREAK');
    expect(await life.recorder.stopped).toEqual({ reason: 'stopped' });
    expect([ffmpeg.input, ffmpeg.signals]).toEqual(['q', []]);
    life = undefined;
  });
});

describe('the sync server out of reach', () => {
  it('is said once when it goes and once when it is back, however many calls fail between', async () => {
    h = await harness(setupOf([{ fieldId: 1, name: 'Court 1' }]));
    life = await h.life();
    const port = Number(new URL(h.sync.url).port);
    await h.sync.close();
    await life.record(35);
    await life.platform.clock.settle();
    expect(life.lines.filter((l) => l.includes('cannot be reached'))).toHaveLength(1);
    h.sync = await startFakeSyncServer(h.sync.setup, h.sync.token, port);
    await life.record(11);
    await waitFor('the return said', 30_000, () => life!.lines.some((l) => l.includes('is reachable again')));
    expect(life.lines.filter((l) => l.includes('cannot be reached'))).toHaveLength(1);
    expect(life.lines.filter((l) => l.includes('is reachable again'))).toHaveLength(1);
  });

  it('a recorder started while the server is out of reach records with the last setup it was given', async () => {
    h = await harness(setupOf([{ fieldId: 1, name: 'Court 1' }]), { clipSeconds: 2 });
    life = await h.life();
    await life.recorder.stop();
    await h.sync.close();
    life = await h.life();
    expect(life.lines.some((l) => l.includes('Recording with the last setup the server gave (1 court(s))'))).toBe(true);
    await life.record(3);
    await waitFor('a clip', 30_000, () =>
      readdirSync(join(h.root, 'clips', 'Court 1')).some((f) => f.endsWith('.mp4') && !f.startsWith('.')),
    );
  });
});
