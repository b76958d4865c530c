// One camera's supervision on a fake clock, with ffmpeg processes the test drives: when it tries
// again, what state it is in and what the Devices tab reads, how it stops and how it finds the
// ffmpeg a killed recorder left, on Linux and on Windows. Milliseconds each; what only a real
// camera and ffmpeg can show is in recorder.test.ts.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Camera } from '../src/camera.ts';
import { CAMERA_PROTOCOLS } from '../src/ffmpeg-args.ts';
import { createLogger } from '../src/log.ts';
import { Tasks } from '../src/tasks.ts';
import { testPlatform, type TestPlatform } from '../src/testing/fake-platform.ts';

const URL_ = 'rtsp://admin:Rahasia-77@10.0.0.5:554/Streaming/Channels/101';

function camera(platform: TestPlatform = testPlatform(), url = URL_) {
  const lines: string[] = [];
  const bufferDir = mkdtempSync(join(tmpdir(), 'camera-unit-'));
  const cam = new Camera(1, url, {
    platform,
    bufferDir,
    ffmpegPath: 'ffmpeg',
    log: createLogger((line) => lines.push(line), platform.clock.now),
    label: () => 'Court 1',
    guard: (_name: string, task: () => void) => task(),
  });
  const recording = () => platform.ffmpeg.recordings().at(-1)!;
  return { cam, platform, lines, recording, clock: platform.clock, bufferDir };
}

/** The moments (s after the first start) ffmpeg was started for the camera. */
const starts = (t: ReturnType<typeof camera>, t0: number) =>
  t.platform.ffmpeg.started
    .filter((p) => p.args.includes('segment'))
    .map((p) => Math.round((Number(/r(\d+)\.csv/.exec(p.args.join(' '))![1]) - t0) / 1000));

describe('a camera that fails', () => {
  it('is tried again after 1, 2, 4, 8, then 10 s at most, reconnecting then offline after 20 s, and back to 1 s once it records', async () => {
    const t = camera();
    const t0 = t.clock.now();
    await t.cam.start();
    for (let i = 0; i < 6; i++) {
      t.recording().exit(1, 'rtsp://admin:Rahasia-77@10.0.0.5:554/x: Connection refused\n');
      await t.clock.advance(10_000);
    }
    expect(starts(t, t0)).toEqual([0, 1, 12, 24, 38, 50, 60]);
    expect(t.cam.status()).toMatchObject({ state: 'offline' });
    expect(t.cam.status().message).toContain('The camera refused the connection');
    expect(t.cam.status().message).not.toContain('Rahasia');
    t.recording().segment();
    await t.clock.advance(250);
    expect(t.cam.status().state).toBe('recording');
    t.recording().exit(1, 'End of file\n');
    await t.clock.advance(1_000);
    expect(t.platform.ffmpeg.recordings()).toHaveLength(8);
    await t.clock.advance(7_000);
    expect(t.cam.status().state).toBe('reconnecting');
  });

  it('a refused password is tried again after 30 s, then minutes, so the camera does not lock the user out; it is unauthorized, never offline', async () => {
    const t = camera();
    await t.cam.start();
    const refuse = () => t.recording().exit(1, 'method DESCRIBE failed: 401 Unauthorized\n');
    refuse();
    await t.clock.advance(29_000);
    expect(t.platform.ffmpeg.recordings()).toHaveLength(1);
    expect(t.cam.status()).toMatchObject({ state: 'unauthorized' });
    expect(t.cam.status().message).toMatch(/password .* next try is in 30 s, so the camera does not lock the user out/);
    await t.clock.advance(1_000);
    expect(t.platform.ffmpeg.recordings()).toHaveLength(2);
    refuse();
    await t.clock.advance(4 * 60_000);
    expect(t.platform.ffmpeg.recordings()).toHaveLength(2);
    expect(t.cam.status().message).toContain('2 times in a row): the next try is in 5 min');
    await t.clock.advance(60_000);
    expect(t.platform.ffmpeg.recordings()).toHaveLength(3);
    refuse();
    await t.clock.advance(14 * 60_000);
    expect(t.platform.ffmpeg.recordings()).toHaveLength(3);
    // An hour of refusals is a handful of tries, and still "unauthorized".
    expect(t.cam.status().state).toBe('unauthorized');
  });

  it('a connected ffmpeg that closes no segment for 15 s is ended and started again', async () => {
    const t = camera();
    await t.cam.start();
    await t.clock.advance(15_250);
    expect(t.platform.ffmpeg.recordings()[0]!.signals).toEqual(['SIGKILL']);
    await t.clock.advance(1_000);
    expect(t.platform.ffmpeg.recordings()).toHaveLength(2);
  });

  it('refuses an address the shared check refuses: never hands it to ffmpeg, and says why', async () => {
    const t = camera(testPlatform(), 'rtsp://cam.local/live stream');
    await t.cam.start();
    await t.clock.advance(60_000);
    expect(t.platform.ffmpeg.started).toEqual([]);
    expect(t.cam.status()).toMatchObject({ state: 'refused-url', message: 'The camera address must not contain spaces.' });
    expect(t.lines.some((l) => l.includes('the recorder refuses the camera address'))).toBe(true);
  });

  it('reads the camera with a protocol allow-list of RTSP and what it runs on, and puts parameter sets before every keyframe', async () => {
    const t = camera();
    await t.cam.start();
    const args = t.recording().args;
    expect(args.slice(args.indexOf('-protocol_whitelist'), args.indexOf('-protocol_whitelist') + 2)).toEqual([
      '-protocol_whitelist',
      CAMERA_PROTOCOLS,
    ]);
    expect(args.indexOf('-protocol_whitelist')).toBeLessThan(args.indexOf('-i'));
    expect(CAMERA_PROTOCOLS.split(',').sort()).toEqual(['rtp', 'rtsp', 'rtsps', 'srtp', 'tcp', 'tls', 'udp']);
    expect(args).toContain('dump_extra=freq=keyframe');
  });
});

describe('a camera whose video arrives', () => {
  it("what its timer's work throws is caught and raised as the recorder's alert; the camera goes on", async () => {
    const platform = testPlatform();
    const tasks = new Tasks(
      platform.clock,
      createLogger(() => undefined),
      () => undefined,
    );
    const cam = new Camera(1, URL_, {
      platform,
      bufferDir: mkdtempSync(join(tmpdir(), 'camera-unit-')),
      ffmpegPath: 'ffmpeg',
      log: createLogger(() => undefined),
      label: () => 'Court 1',
      guard: (name, task) => void tasks.run(name, task),
    });
    let thrown = 0;
    cam.onSegments(() => {
      thrown++;
      throw new Error('a listener broke');
    });
    await cam.start();
    platform.ffmpeg.recordings()[0]!.segment();
    await platform.clock.advance(250);
    expect(tasks.failing).toBe("Watching Court 1's buffer failed: a listener broke");
    platform.ffmpeg.recordings()[0]!.segment();
    await platform.clock.advance(250);
    expect([thrown, cam.status().state]).toEqual([2, 'recording']);
    await cam.stop();
  });

  it('is not recording while its clips fail, with the reason for the Devices tab, and records again once one is written', async () => {
    const t = camera();
    await t.cam.start();
    t.recording().segment();
    await t.clock.advance(250);
    t.cam.setClipProblem('The clips folder D:\\clips\\Court 1 cannot be written (EPERM: operation not permitted).');
    expect(t.cam.status()).toMatchObject({ state: 'clips-failing', message: expect.stringContaining('EPERM') });
    t.cam.setFolderProblem(null);
    t.cam.setClipProblem(null);
    expect(t.cam.status()).toMatchObject({ state: 'recording', message: null });
  });

  it('an H.265 camera says to set H.264 while it records', async () => {
    const t = camera();
    t.platform.ffmpeg.codec = 'hevc';
    await t.cam.start();
    t.recording().segment();
    await t.clock.advance(250);
    expect(t.cam.codec).toBe('hevc');
    expect(t.cam.status()).toMatchObject({ state: 'recording', message: expect.stringContaining('Set the camera') });
  });
});

describe('stopping ffmpeg and finding the one a killed recorder left', () => {
  it('on Linux: SIGTERM, and -nostdin', async () => {
    const t = camera(testPlatform('linux'));
    await t.cam.start();
    const ffmpeg = t.recording();
    expect(ffmpeg.args).toContain('-nostdin');
    await t.cam.stop();
    expect(ffmpeg.signals).toEqual(['SIGTERM']);
  });

  it('on Windows: q on its standard input (there are no signals), SIGKILL only when it does not end within 3 s', async () => {
    const t = camera(testPlatform('win32'));
    await t.cam.start();
    const ffmpeg = t.recording();
    expect(ffmpeg.options.stdin).toBe('pipe');
    expect(ffmpeg.args).not.toContain('-nostdin');
    await t.cam.stop();
    expect([ffmpeg.input, ffmpeg.signals]).toEqual(['q', []]);

    const hung = camera(testPlatform('win32'));
    await hung.cam.start();
    hung.recording().deaf = true;
    const stopping = hung.cam.stop();
    await hung.clock.advance(2_900);
    expect(hung.recording().running).toBe(true);
    await hung.clock.advance(100);
    await stopping;
    expect(hung.recording().signals).toEqual(['SIGKILL']);
  });

  it.each(['win32', 'darwin'] as const)(
    'on %s: finds the orphan by its command line (PowerShell, ps), ends it, and leaves a reused pid alone',
    async (os) => {
      for (const [line, ends] of [
        ['', true],
        ['notepad.exe C:\\Users\\me\\notes.txt', false],
      ] as const) {
        const platform = testPlatform(os);
        const t = camera(platform);
        const dir = t.cam.dir;
        writeFileSync(join(dir, 'ffmpeg.pid'), '4242');
        platform.running.add(4242);
        platform.ffmpeg.commandLines.set(4242, line || `ffmpeg.exe -i rtsp://... -segment_list ${join(dir, 'r1.csv')}`);
        await t.cam.start();
        expect(platform.killed).toEqual(ends ? [4242] : []);
        const asked = platform.ffmpeg.started[0]!;
        expect(asked.command).toBe(os === 'win32' ? 'powershell.exe' : 'ps');
        await t.cam.stop();
      }
    },
  );
});
