// A whole recorder on the test platform (a fake clock, ffmpeg processes the test drives, the real
// file system in a temporary folder with faults on demand) against the imitation of the server's
// recorder endpoints: the recorder's rules in milliseconds.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecorderConfig } from '../src/config.ts';
import { createLogger } from '../src/log.ts';
import type { Recorder } from '../src/recorder.ts';
import { runRecorder } from '../src/run.ts';
import type { Setup } from '../src/server.ts';
import { fakeClock } from '../src/testing/fake-clock.ts';
import { testPlatform, type FakeProcess, type TestPlatform } from '../src/testing/fake-platform.ts';
import { startFakeSyncServer, waitFor, type FakeSyncServer } from './support.ts';

export const CAMERA = 'rtsp://admin:Rahasia-77@10.0.0.5:554/Streaming/Channels/101';

export const setupOf = (courts: { fieldId: number; name: string; camera?: boolean }[]): Setup => ({
  recorder: { id: 1, name: 'Front desk', venueId: 1 },
  venue: { id: 1, name: 'Arena', timeZone: 'Asia/Jakarta' },
  courts: courts.map((c) => ({
    fieldId: c.fieldId,
    name: c.name,
    camera: c.camera === false ? null : { url: `${CAMERA}?court=${c.fieldId}` },
  })),
});

export interface Life {
  recorder: Recorder;
  platform: TestPlatform;
  lines: string[];
  config: RecorderConfig;
  /** The court's running recording (its latest ffmpeg). */
  camera(fieldId: number): FakeProcess;
  /** `seconds` of video from every running camera, one segment a second, the clock following. */
  record(seconds: number): Promise<void>;
  /**
   * Records a second at a time until `check` holds: for what follows a real request (the setup read
   * every 10 s of the clock), whose answer may come after any number of the clock's moves on a busy
   * machine. Fails after 30 s of real time.
   */
  recordUntil(what: string, check: () => boolean): Promise<void>;
}

export interface Harness {
  sync: FakeSyncServer;
  root: string;
  /** Starts a recorder on the folders (again: a restart), its clock at `at` (the last life's time by default). */
  life(options?: {
    at?: number;
    os?: NodeJS.Platform;
    config?: Partial<RecorderConfig>;
    before?: (platform: TestPlatform) => void;
  }): Promise<Life>;
}

export async function harness(setup: Setup, config: Partial<RecorderConfig> = {}): Promise<Harness> {
  const sync = await startFakeSyncServer(setup);
  const root = mkdtempSync(join(tmpdir(), 'recorder-unit-'));
  let last = Date.parse('2026-11-20T07:00:00Z');
  return {
    sync,
    root,
    async life(options = {}) {
      const platform = testPlatform(options.os ?? 'linux', fakeClock(options.at ?? last));
      options.before?.(platform);
      const lines: string[] = [];
      const full: RecorderConfig = {
        serverUrl: sync.url,
        token: sync.token,
        clipsDir: join(root, 'clips'),
        bufferDir: join(root, 'buffer'),
        bufferMinutes: 120,
        clipSeconds: 4,
        markBeforeSeconds: 3,
        markAfterSeconds: 1,
        keepDays: 2,
        minFreeMb: 0,
        ffmpegPath: 'ffmpeg',
        ...config,
        ...options.config,
      };
      const { recorder } = await runRecorder(
        full,
        createLogger((line) => lines.push(line), platform.clock.now),
        platform,
      );
      const camera = (fieldId: number) =>
        platform.ffmpeg
          .recordings()
          .filter((p) => p.args.join(' ').includes(`court-${fieldId}`))
          .at(-1)!;
      const record = async (seconds: number) => {
        for (let i = 0; i < seconds; i++) {
          await platform.clock.advance(1_000);
          for (const p of platform.ffmpeg.recordings()) if (p.running) p.segment();
          last = platform.clock.now();
        }
        await platform.clock.advance(250);
        last = platform.clock.now();
      };
      return {
        recorder,
        platform,
        lines,
        config: full,
        camera,
        record,
        async recordUntil(what, check) {
          await waitFor(what, 30_000, async () => {
            if (check()) return true;
            await record(1);
            return false;
          });
        },
      };
    },
  };
}
