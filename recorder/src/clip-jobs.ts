// The clips to cut, from the moment they are due to the file: each job is in the saved state from
// when it is queued until its clip is written (or given up), so a cut under way when the recorder
// died is done after the restart, and a clip written just before a crash is recognised by its name
// and manifest entry instead of being cut twice. One cut at a time per court, courts side by side.
// A failed cut is tried again twice; while a court's cuts fail its camera is not "recording" (the
// reason goes to the Devices tab and the Errors tab), and a marked clip given up is reported failed.
import { venueDayAndTime, type MarkFailureReason } from '@courtreplay/shared';
import { segmentsFor, segmentsStarting, type Segment } from './buffer.ts';
import { GAP_MS } from './continuous.ts';
import { ClipError, type ClipWriter } from './clip-writer.ts';
import type { Logger } from './log.ts';
import type { Platform } from './platform.ts';
import type { CutJob, RecorderState } from './state-store.ts';

/** Tries of one cut before it is given up, the pauses between them growing. */
const TRIES = 3;
const RETRY_PAUSE_MS = 5_000;
/** How far a segment's time may move after its clip was queued (its run's anchor settling). */
const SETTLE_MS = 10_000;

export interface JobOutcome {
  /** The clip's path, when it was written (now or in an earlier life). */
  path?: string;
  /** The wall time the written clip covers (ms): its first segment's start to its end. */
  span?: { start: number; end: number };
  failure?: { reason: MarkFailureReason; message: string };
}

export interface ClipJobDeps {
  platform: Platform;
  writer: ClipWriter;
  state: RecorderState;
  /** Saves the state (the jobs list with it); throws when the disk refuses. */
  save(): void;
  log: Logger;
  timeZone(): string;
  courtName(fieldId: number): string;
  /** The court's clips folder name (shared's courtFolders). */
  folderOf(fieldId: number): string;
  segmentsOf(fieldId: number): readonly Segment[];
  codecOf(fieldId: number): string | undefined;
  /** Why the court's clips fail now, or null once one was written. */
  clipProblem(fieldId: number, problem: string | null): void;
  /** A job's end: written, or given up (marked clips report it). */
  finished(job: CutJob, outcome: JobOutcome): void;
}

export class ClipJobs {
  private readonly lanes = new Map<number, Promise<void>>();
  private readonly retries = new Set<() => void>();
  private stopping = false;

  constructor(private readonly deps: ClipJobDeps) {}

  /** Adds a job to the saved state and its court's lane. */
  queue(job: CutJob): void {
    this.deps.state.jobs.push(job);
    // A disk that refuses the state still gets the clip cut (from memory).
    this.saveQuietly();
    this.run(job);
  }

  /** Runs the jobs a previous life left in the state. */
  resume(): void {
    for (const job of this.deps.state.jobs) this.run(job);
  }

  private run(job: CutJob): void {
    const lane = (this.lanes.get(job.fieldId) ?? Promise.resolve()).then(() => this.cut(job));
    this.lanes.set(job.fieldId, lane);
  }

  private async cut(job: CutJob): Promise<void> {
    if (this.stopping) return;
    const name = this.deps.courtName(job.fieldId);
    const { chosen, missingSeconds } =
      job.kind === 'marked'
        ? segmentsFor(this.deps.segmentsOf(job.fieldId), job.start, job.end)
        : { chosen: this.continuousSegments(job), missingSeconds: 0 };
    const at = new Date(job.start).toISOString();
    if (chosen.length === 0) {
      this.deps.log.warn(`${name}: no video for the ${job.kind} clip from ${at} (the camera was away); no clip.`);
      return this.finish(job, { failure: { reason: 'camera-offline', message: 'The camera sent no video in the marked window.' } });
    }
    if (missingSeconds >= 1) {
      this.deps.log.warn(
        `${name}: the marked clip from ${at} misses ${missingSeconds} s of video (the camera was away); it is cut from what exists.`,
      );
    }
    const start = chosen[0]!.start;
    const end = job.kind === 'marked' ? Math.min(job.end, chosen.at(-1)!.end) : chosen.at(-1)!.end;
    const contiguous = chosen.every((s, i) => i === 0 || s.start - chosen[i - 1]!.end <= GAP_MS);
    const started = this.deps.platform.clock.now();
    try {
      const outcome = await this.deps.writer.write({
        key: `${job.kind}:${job.fieldId}:${job.start}:${job.end}`,
        folder: this.deps.folderOf(job.fieldId),
        name: { court: this.deps.folderOf(job.fieldId), ...venueDayAndTime(start, this.deps.timeZone()), marked: job.kind === 'marked' },
        segments: chosen.map((s) => s.path),
        endMs: end,
        // A marked clip stops at its window's end; across a gap it is what exists, whole.
        durationSeconds: job.kind === 'marked' && contiguous ? (end - start) / 1000 : undefined,
        codec: this.deps.codecOf(job.fieldId),
      });
      const path = 'written' in outcome ? outcome.written : outcome.already;
      if ('written' in outcome) this.deps.log.info(`Clip written in ${this.deps.platform.clock.now() - started} ms: ${path}`);
      else this.deps.log.info(`${name}: ${path} was written before the restart; not cut again.`);
      this.deps.clipProblem(job.fieldId, null);
      this.finish(job, { path, span: { start, end } });
    } catch (error) {
      const message = error instanceof ClipError ? error.message : `The clip could not be cut: ${(error as Error).message}`;
      this.deps.clipProblem(job.fieldId, message);
      job.failures++;
      // Stopping: the job stays in the state for the next start.
      if (this.stopping) return this.saveQuietly();
      if (job.failures >= TRIES) {
        this.deps.log.error(`${name}: gave up the ${job.kind} clip from ${at} after ${job.failures} tries: ${message}`);
        return this.finish(job, { failure: { reason: 'cut-failed', message } });
      }
      this.deps.log.warn(`${name}: ${message} Trying again in ${(RETRY_PAUSE_MS * job.failures) / 1000} s.`);
      this.saveQuietly();
      await new Promise<void>((resolve) => {
        const cancel = this.deps.platform.clock.after(RETRY_PAUSE_MS * job.failures, () => {
          this.retries.delete(wake);
          resolve();
        });
        const wake = () => {
          cancel();
          resolve();
        };
        this.retries.add(wake);
      });
      return this.cut(job);
    }
  }

  /** A continuous clip's segments, by path: their times may have moved a little as their run's anchor settled. */
  private continuousSegments(job: CutJob): Segment[] {
    const paths = new Set(job.paths);
    return segmentsStarting(this.deps.segmentsOf(job.fieldId), job.start - SETTLE_MS, job.end + SETTLE_MS).filter((s) => paths.has(s.path));
  }

  private finish(job: CutJob, outcome: JobOutcome): void {
    this.deps.state.jobs = this.deps.state.jobs.filter((j) => j !== job);
    this.deps.finished(job, outcome);
    this.saveQuietly();
  }

  /** A save that fails leaves the job to be tried again after a restart: never cut twice (clip-writer.ts). */
  private saveQuietly(): void {
    try {
      this.deps.save();
    } catch (error) {
      this.deps.log.error(`The recorder's state could not be saved: ${(error as Error).message}`);
    }
  }

  /** Lets the cuts under way finish; waiting retries are left to the next start. */
  async drain(): Promise<void> {
    this.stopping = true;
    for (const wake of this.retries) wake();
    await Promise.all([...this.lanes.values()].map((lane) => lane.catch(() => undefined)));
  }
}
