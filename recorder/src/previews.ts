// A marked clip's preview, the small video a phone plays to decide (at most 640 px wide, at most
// 1 MB for 11 s, the clip's start and end). Two ways, the cheap one first:
// - the court's camera has a sub-stream (its second, low-resolution stream, recorded beside the
//   main one: sub-streams.ts): its segments over the clip's window, cut by stream copy like the
//   clip itself. It starts at the sub-stream's keyframe at or before the clip's start (within one
//   keyframe interval) and ends with the clip. A sub-stream wider than 640 px, larger than the
//   budget or not H.264 (a phone's browser may not play H.265) is made small the second way;
// - otherwise the clip's keyframes only are decoded (ffmpeg's -skip_frame nokey: about one frame
//   in 25), scaled to 640 px and encoded at 2 frames a second on one thread: a fraction of a
//   second of one core per clip (docs/benchmarks.md). The recording itself is never re-encoded.
// A preview that cannot be made leaves the clip to go alone: a preview is never worth a lost clip.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { segmentsFor, type Segment } from './buffer.ts';
import { concatList, cutArgs } from './ffmpeg-args.ts';
import { describe, lastWords, runFfmpeg } from './ffmpeg-run.ts';
import type { Logger } from './log.ts';
import type { Platform } from './platform.ts';
import type { UploadJob } from './state-store.ts';

export const MAX_PREVIEW_WIDTH = 640;
/** A preview's budget: 1 MB for 11 s, in proportion for a longer clip. */
export const maxPreviewBytes = (durationMs: number): number => Math.round(1_000_000 * Math.max(1, durationMs / 11_000));
/** A preview takes well under a second; one still going after this is stuck and ended. */
const PREVIEW_TIMEOUT_MS = 60_000;

export interface Preview {
  /** The preview in BUFFER_DIR/previews, or null when none could be made. */
  path: string | null;
  bytes?: number;
  clipBytes: number;
  /** The clip's length, as ffmpeg reads it. */
  durationMs?: number;
}

/** The keyframes of `input` (only they are decoded), at most 640 px wide, 2 frames a second, held to the clip's end. */
export function keyframePreviewArgs(input: string, output: string, durationMs: number): string[] {
  const seconds = (durationMs / 1000).toFixed(3);
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-skip_frame', 'nokey', '-i', input, '-map', '0:v:0', '-an'],
    // The last keyframe is held until the clip's end, so the preview ends when the clip does.
    '-vf',
    `fps=2,scale=w='2*trunc(min(${MAX_PREVIEW_WIDTH},iw)/2)':h=-2,tpad=stop_mode=clone:stop_duration=${seconds}`,
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-pix_fmt', 'yuv420p', '-threads', '1'],
    ...['-t', seconds, '-movflags', '+faststart', '-f', 'mp4', output],
  ];
}

export interface PreviewDeps {
  platform: Platform;
  ffmpegPath: string;
  /** BUFFER_DIR/previews. */
  dir: string;
  log: Logger;
  courtName(fieldId: number): string;
  /** The court's sub-stream segments, when its camera has a sub-stream. */
  subSegments(fieldId: number): readonly Segment[] | undefined;
}

export class Previews {
  constructor(private readonly deps: PreviewDeps) {}

  private size(path: string): number {
    return this.deps.platform.fs.readFrom(path, 0).length;
  }

  private async describe(path: string) {
    return describe((await runFfmpeg(this.deps.platform, this.deps.ffmpegPath, ['-hide_banner', '-nostdin', '-i', path], 30_000)).output);
  }

  /** Makes the job's preview; never throws (a preview that cannot be made is null). */
  async make(job: UploadJob): Promise<Preview> {
    const { fs } = this.deps.platform;
    const name = this.deps.courtName(job.fieldId);
    const clipBytes = this.size(job.clip);
    const durationMs = (await this.describe(job.clip)).durationMs ?? job.end - job.start;
    // One preview per clip: two marks answered by one clip share it.
    const path = join(this.deps.dir, `${createHash('sha256').update(job.clip).digest('hex').slice(0, 16)}.mp4`);
    const made = (how: string, started: number): Preview => {
      const bytes = this.size(path);
      const ms = this.deps.platform.clock.now() - started;
      this.deps.log.info(`${name}: the preview of mark ${job.markId} was made ${how} in ${ms} ms (${Math.round(bytes / 1024)} KB).`);
      return { path, bytes, clipBytes, durationMs };
    };
    try {
      fs.mkdir(this.deps.dir);
      if (fs.exists(path)) return { path, bytes: this.size(path), clipBytes, durationMs };
      const started = this.deps.platform.clock.now();
      const sub = await this.fromSubStream(job, durationMs, path);
      if (sub) return made(sub, started);
      const problem = await this.fromKeyframes(job.clip, durationMs, path);
      if (!problem) return made('from the keyframes of the clip', started);
      this.deps.log.warn(`${name}: no preview of mark ${job.markId} (${problem}); the clip is sent without one.`);
    } catch (error) {
      this.deps.log.warn(`${name}: no preview of mark ${job.markId} (${(error as Error).message}); the clip is sent without one.`);
    }
    return { path: null, clipBytes, durationMs };
  }

  /** Encodes the preview from `input`'s keyframes into `path`; answers why not, or null once it is there. */
  private async fromKeyframes(input: string, durationMs: number, path: string): Promise<string | null> {
    const temp = `${path}.part.mp4`;
    const run = await runFfmpeg(this.deps.platform, this.deps.ffmpegPath, keyframePreviewArgs(input, temp, durationMs), PREVIEW_TIMEOUT_MS);
    if (!run.ok) {
      this.deps.platform.fs.remove(temp);
      return `ffmpeg: ${lastWords(run.output)}`;
    }
    this.deps.platform.fs.rename(temp, path);
    return null;
  }

  /** The preview cut from the sub-stream into `path`: how it was made, or null when the sub-stream has no video for the window. */
  private async fromSubStream(job: UploadJob, durationMs: number, path: string): Promise<string | null> {
    const segments = this.deps.subSegments(job.fieldId);
    if (!segments?.length) return null;
    const { chosen, missingSeconds } = segmentsFor(segments, job.start, job.end);
    if (!chosen.length || missingSeconds >= 1) return null;
    const { fs } = this.deps.platform;
    const list = `${path}.sub.txt`;
    const cut = `${path}.sub.mp4`;
    try {
      fs.writeText(list, concatList(chosen.map((s) => s.path)));
      const durationSeconds = (job.end - chosen[0]!.start) / 1000;
      const run = await runFfmpeg(
        this.deps.platform,
        this.deps.ffmpegPath,
        cutArgs({ list, output: cut, durationSeconds }),
        PREVIEW_TIMEOUT_MS,
      );
      if (!run.ok) {
        this.deps.log.warn(`${this.deps.courtName(job.fieldId)}: the sub-stream could not be cut (${lastWords(run.output)}).`);
        return null;
      }
      const what = await this.describe(cut);
      if (what.codec === 'h264' && (what.width ?? Infinity) <= MAX_PREVIEW_WIDTH && this.size(cut) <= maxPreviewBytes(durationMs)) {
        fs.rename(cut, path);
        return 'from the sub-stream';
      }
      // Too wide, too large or not H.264: made small from the sub-stream's keyframes, still cheaper than the main stream's.
      return (await this.fromKeyframes(cut, durationMs, path)) ? null : 'from the keyframes of the sub-stream';
    } finally {
      fs.remove(list);
      fs.remove(cut);
    }
  }

  /** Removes what an earlier life left in the folder (a preview no upload needs, a half-made one). */
  sweep(keep: ReadonlySet<string>): void {
    const { fs } = this.deps.platform;
    let names: string[];
    try {
      names = fs.readdir(this.deps.dir);
    } catch {
      return;
    }
    for (const name of names) if (!keep.has(join(this.deps.dir, name))) this.remove(join(this.deps.dir, name));
  }

  /** Removes a preview once every mark it served is done. */
  remove(path: string): void {
    try {
      this.deps.platform.fs.remove(path);
    } catch {
      // A file another program holds: the next start's sweep takes it.
    }
  }
}
