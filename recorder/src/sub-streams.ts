// The courts' sub-streams: a camera's second, low-resolution stream (Hikvision's channel 102,
// Dahua's subtype=1, Reolink's _sub), when the court has one, recorded beside the main stream by
// stream copy into its own rolling buffer (BUFFER_DIR/court-<id>-sub), by the same supervised
// ffmpeg as the main stream (camera.ts). It is only the source of the phones' previews
// (previews.ts): a sub-stream that fails costs a preview made another way, never a clip, so its
// state goes to the log, not to the Devices tab.
import { join } from 'node:path';
import type { Segment } from './buffer.ts';
import { Camera } from './camera.ts';
import type { Logger } from './log.ts';
import type { Platform } from './platform.ts';
import type { Setup } from './server.ts';

/** A court's sub-stream buffer: beside its main buffer, never mistaken for it. */
export const subStreamDir = (bufferDir: string, fieldId: number): string => join(bufferDir, `court-${fieldId}-sub`);

export interface SubStreamDeps {
  platform: Platform;
  bufferDir: string;
  ffmpegPath: string;
  log: Logger;
  courtName(fieldId: number): string;
  /** Runs a task of a camera's timer, catching what it throws (the recorder's Tasks). */
  guard: (name: string, task: () => void) => void;
}

export class SubStreams {
  private readonly cameras = new Map<number, Camera>();

  constructor(private readonly deps: SubStreamDeps) {}

  /** Starts, changes and stops the sub-streams the setup names (courts without a camera have none). */
  async apply(setup: Setup, running: boolean): Promise<void> {
    const wanted = new Map(setup.courts.flatMap((c) => (c.camera?.subUrl ? [[c.fieldId, c.camera.subUrl] as const] : [])));
    for (const [fieldId, camera] of this.cameras) {
      if (wanted.get(fieldId) === camera.url) continue;
      this.cameras.delete(fieldId);
      await camera.stop();
    }
    for (const [fieldId, url] of wanted) {
      if (this.cameras.has(fieldId) || !running) continue;
      const label = () => `${this.deps.courtName(fieldId)} (sub-stream)`;
      const camera = new Camera(fieldId, url, {
        platform: this.deps.platform,
        bufferDir: this.deps.bufferDir,
        dir: subStreamDir(this.deps.bufferDir, fieldId),
        ffmpegPath: this.deps.ffmpegPath,
        log: this.deps.log,
        guard: this.deps.guard,
        label,
      });
      this.cameras.set(fieldId, camera);
      this.deps.log.info(`${label()}: recording it for the phones' previews (${url}).`);
      await camera.start();
    }
  }

  /** The court's sub-stream segments, or undefined when it has no sub-stream. */
  segmentsOf(fieldId: number): readonly Segment[] | undefined {
    return this.cameras.get(fieldId)?.index.segments;
  }

  /** Every sub-stream's buffer, for housekeeping. */
  get all(): Camera[] {
    return [...this.cameras.values()];
  }

  async stop(): Promise<void> {
    await Promise.all([...this.cameras.values()].map((c) => c.stop()));
  }
}
