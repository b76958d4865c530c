// What the phones get of the marked clips, wired in one place for recorder.ts: the courts'
// sub-streams recorded (sub-streams.ts), each marked clip's preview made (previews.ts), and the
// clip and its preview sent to the venue's storage (mark-uploads.ts), so the phone that marked a
// rally can watch and buy it seconds after the cut (docs/architecture.md, "The recorder").
import { join } from 'node:path';
import type { RecorderConfig } from './config.ts';
import type { Logger } from './log.ts';
import { MarkUploads } from './mark-uploads.ts';
import type { Platform } from './platform.ts';
import { Previews } from './previews.ts';
import type { ServerClient, Setup } from './server.ts';
import type { MarkReport, RecorderState } from './state-store.ts';
import { SubStreams } from './sub-streams.ts';

export interface PhoneClipDeps {
  config: Pick<RecorderConfig, 'bufferDir' | 'clipsDir' | 'ffmpegPath'>;
  platform: Platform;
  log: Logger;
  state: RecorderState;
  save(): void;
  server: Pick<ServerClient, 'beginMarkFile' | 'markFileParts' | 'completeMarkFile'>;
  reports: { add(reports: readonly MarkReport[]): void };
  courtName(fieldId: number): string;
  revoked(message: string): void;
  /** Runs a task of a camera's timer, catching what it throws (the recorder's Tasks). */
  guard: (name: string, task: () => void) => void;
  /** The requests to the storage (the global fetch by default). */
  fetch?: typeof fetch;
}

/** A marked clip as written: its file and the wall time it covers (ms). */
export interface WrittenClip {
  path: string;
  start: number;
  end: number;
}

export class PhoneClips {
  private readonly subStreams: SubStreams;
  private readonly uploads: MarkUploads;

  constructor(deps: PhoneClipDeps) {
    const { config, platform, log, courtName, guard } = deps;
    this.subStreams = new SubStreams({ platform, bufferDir: config.bufferDir, ffmpegPath: config.ffmpegPath, log, courtName, guard });
    const previews = new Previews({
      platform,
      ffmpegPath: config.ffmpegPath,
      dir: join(config.bufferDir, 'previews'),
      log,
      courtName,
      subSegments: (fieldId) => this.subStreams.segmentsOf(fieldId),
    });
    this.uploads = new MarkUploads({
      platform,
      clipsDir: config.clipsDir,
      state: deps.state,
      save: deps.save,
      server: deps.server,
      fetch: deps.fetch ?? ((input, init) => fetch(input, init)),
      reports: deps.reports,
      previews,
      log,
      revoked: deps.revoked,
    });
  }

  /** Starts the uploads an earlier life left. */
  start(): void {
    this.uploads.start();
  }

  /** Follows the setup: the sub-streams of the courts' cameras. */
  apply(setup: Setup, running: boolean): Promise<void> {
    return this.subStreams.apply(setup, running);
  }

  /** A marked clip was written: each mark it answers gets it, and its preview, on the phone. */
  readonly clipWritten = (markIds: readonly number[], fieldId: number, clip: WrittenClip): void => {
    this.uploads.add(markIds, { fieldId, clip: clip.path, start: clip.start, end: clip.end });
  };

  /** The sub-streams' buffers, kept within their limits with the main ones. */
  get buffers() {
    return this.subStreams.all;
  }

  async stop(): Promise<void> {
    await Promise.all([this.uploads.stop(), this.subStreams.stop()]);
  }
}
