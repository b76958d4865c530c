// Marked clips on their way to the venue's storage, from the cut on: each mark's clip gets its
// preview (previews.ts), then the preview and the clip go up through the server (mark-file-upload.ts),
// one file at a time across the recorder (the venue's uplink is one line), every waiting preview
// before any clip, so a phone sees its rally as soon as possible. The queue lives in the saved
// state: after an outage or a restart each file goes on from where the storage stands, and never
// twice. The server hears `uploading` with the bytes sent, then `ready` (or `failed` with
// `upload-failed` when the storage refuses the clip). A server or storage that is busy (429, 5xx)
// or out of reach is waited out, its Retry-After honoured; a revoked token stops the recorder.
// Continuous clips stay on the venue's PC: only marked ones come here.
import type { MarkFileKind } from '@courtreplay/shared';
import { basename, join } from 'node:path';
import { retryAfterMs, StorageBusy, UploadError } from '../../pwa/src/lib/put-with-retry.ts';
import type { Logger } from './log.ts';
import { markGone, sendMarkFile, type MarkFileCalls } from './mark-file-upload.ts';
import { sleep, type Platform } from './platform.ts';
import type { Preview } from './previews.ts';
import { RevokedError, ServerAnswerError, UnreachableError } from './server.ts';
import type { MarkReport, RecorderState, UploadJob } from './state-store.ts';

/** The longest wait between tries of a file, however often it failed (a Retry-After may ask more). */
export const MAX_BACKOFF_MS = 5 * 60_000;
const FIRST_BACKOFF_MS = 2_000;
/** Refusals in a row (the storage or the server refusing the file, not a busy one) before the clip is given up. */
export const REFUSALS = 4;
/** Progress goes to the server at most this often (the phone asks every 1.5 s). */
const PROGRESS_EVERY_MS = 1_000;

export interface MarkUploadDeps {
  platform: Platform;
  /** Absolute: where a renamed court's clips are found again. */
  clipsDir: string;
  state: RecorderState;
  /** Saves the state; throws when the disk refuses. */
  save(): void;
  server: MarkFileCalls;
  /** The requests to the storage. */
  fetch: typeof fetch;
  reports: { add(reports: readonly MarkReport[]): void };
  previews: { make(job: UploadJob): Promise<Preview>; remove(path: string): void; sweep(keep: ReadonlySet<string>): void };
  log: Logger;
  /** The server refused the recorder's token (401): the recorder stops. */
  revoked(message: string): void;
}

/** The wait after the `failures`-th failure in a row: 2 s doubled each time, at most 5 minutes, or the Retry-After asked when longer. */
export function backoffMs(failures: number, retryAfter?: number): number {
  return Math.max(Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, failures - 1)), retryAfter ?? 0);
}

/** Whether a failure is the line or a busy storage (waited out, however long) rather than a refusal of the file. */
function isOutage(error: unknown): boolean {
  if (error instanceof UnreachableError || error instanceof StorageBusy) return true;
  if (error instanceof ServerAnswerError) return error.status === 0 || error.status === 429 || error.status >= 500;
  // fetch itself failed (the storage out of reach): put-with-retry.ts tried it a few times already.
  return error instanceof TypeError;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class MarkUploads {
  private running = false;
  private busy: Promise<void> | undefined;
  private abort = new AbortController();
  private cancelWake: (() => void) | undefined;
  private lastProgress = new Map<number, number>();

  constructor(private readonly deps: MarkUploadDeps) {}

  private get jobs(): UploadJob[] {
    return this.deps.state.uploads;
  }

  /** Starts sending what the saved state holds (an earlier life's uploads included). */
  start(): void {
    this.deps.previews.sweep(new Set(this.jobs.flatMap((j) => (typeof j.preview === 'string' ? [j.preview] : []))));
    this.running = true;
    this.abort = new AbortController();
    this.kick();
  }

  /** A marked clip was written: each mark it answers gets it (and its preview) sent. */
  add(markIds: readonly number[], clip: Pick<UploadJob, 'fieldId' | 'clip' | 'start' | 'end'>): void {
    const now = this.deps.platform.clock.now();
    const fresh = markIds.filter((id) => !this.jobs.some((j) => j.markId === id));
    for (const markId of fresh) this.jobs.push({ markId, ...clip, sent: [], failures: 0, refusals: 0, dueAt: now });
    this.saveQuietly();
    this.deps.reports.add(fresh.map((id) => ({ id, state: 'uploading', reason: null, message: null })));
    this.kick();
  }

  /** Ends the file under way (it goes on from where the storage stands at the next start) and waits for it. */
  async stop(): Promise<void> {
    this.running = false;
    this.cancelWake?.();
    this.abort.abort();
    await this.busy;
  }

  private kick(): void {
    if (!this.running || this.busy) return;
    this.busy = this.pump().finally(() => {
      this.busy = undefined;
      this.wakeLater();
    });
  }

  /** Sets a timer for the next job due later, if any. */
  private wakeLater(): void {
    this.cancelWake?.();
    this.cancelWake = undefined;
    if (!this.running || !this.jobs.length) return;
    const due = Math.min(...this.jobs.map((j) => j.dueAt));
    this.cancelWake = this.deps.platform.clock.after(Math.max(0, due - this.deps.platform.clock.now()), () => this.kick());
  }

  private async pump(): Promise<void> {
    for (let job = this.next(); job && this.running; job = this.next()) await this.work(job);
  }

  /** The next step due: a preview to make, then the previews to send, then the clips. */
  private next(): UploadJob | undefined {
    const now = this.deps.platform.clock.now();
    const due = this.jobs.filter((j) => j.dueAt <= now);
    return (
      due.find((j) => j.preview === undefined) ??
      due.find((j) => typeof j.preview === 'string' && !j.sent.includes('preview')) ??
      due.find((j) => !j.sent.includes('clip'))
    );
  }

  private async work(job: UploadJob): Promise<void> {
    const { fs } = this.deps.platform;
    if (!this.find(job)) return this.giveUp(job, 'The clip was removed from the venue PC before it could be sent.');
    try {
      if (job.preview === undefined) {
        const made = await this.deps.previews.make(job);
        Object.assign(job, { preview: made.path, previewBytes: made.bytes, clipBytes: made.clipBytes, durationMs: made.durationMs });
        return this.saveQuietly();
      }
      const kind: MarkFileKind = typeof job.preview === 'string' && !job.sent.includes('preview') ? 'preview' : 'clip';
      const path = kind === 'preview' ? job.preview! : job.clip;
      if (!fs.exists(path)) {
        // A preview removed by hand is made again; a clip is checked above.
        job.preview = undefined;
        return this.saveQuietly();
      }
      const before = kind === 'clip' && job.sent.includes('preview') ? (job.previewBytes ?? 0) : 0;
      await sendMarkFile(
        { markId: job.markId, kind, bytes: fs.readFrom(path, 0), durationMs: job.durationMs },
        {
          server: this.deps.server,
          fetch: this.deps.fetch,
          sleep: (ms) => sleep(this.deps.platform.clock, ms, this.abort.signal),
          signal: this.abort.signal,
          onConfirmed: (bytes) => this.progress(job, before + bytes),
        },
      );
      job.sent.push(kind);
      job.failures = job.refusals = 0;
      if (job.sent.includes('clip')) return this.finish(job, { id: job.markId, state: 'ready', reason: null, message: null });
      this.progress(job, (job.previewBytes ?? 0) + 0, true);
      this.saveQuietly();
    } catch (error) {
      this.failed(job, error);
    }
  }

  /** Whether the clip is there: where it was written, or in its court's folder since the court was renamed. */
  private find(job: UploadJob): boolean {
    const { fs } = this.deps.platform;
    if (fs.exists(job.clip)) return true;
    const folder = this.deps.state.folders[String(job.fieldId)];
    const moved = folder === undefined ? undefined : join(this.deps.clipsDir, folder, basename(job.clip));
    if (!moved || !fs.exists(moved)) return false;
    job.clip = moved;
    return true;
  }

  private progress(job: UploadJob, sent: number, now = false): void {
    const total = (typeof job.preview === 'string' ? (job.previewBytes ?? 0) : 0) + (job.clipBytes ?? 0);
    const at = this.deps.platform.clock.now();
    if (!total || (!now && at - (this.lastProgress.get(job.markId) ?? -Infinity) < PROGRESS_EVERY_MS)) return;
    this.lastProgress.set(job.markId, at);
    const bytesSent = Math.min(sent, total);
    this.deps.reports.add([{ id: job.markId, state: 'uploading', reason: null, message: null, bytesSent, bytesTotal: total }]);
  }

  private failed(job: UploadJob, error: unknown): void {
    if (error instanceof RevokedError) {
      this.running = false;
      return this.deps.revoked(error.message);
    }
    // Stopping: the file goes on from where the storage stands at the next start.
    if (!this.running) return;
    if (markGone(error)) {
      this.deps.log.info(`Mark ${job.markId}: the server no longer keeps this mark's clip (${messageOf(error)}); it is not sent.`);
      return this.finish(job);
    }
    const now = this.deps.platform.clock.now();
    if (isOutage(error)) {
      job.failures++;
      const retryAfter = error instanceof ServerAnswerError ? retryAfterMs(error.retryAfter, now) : undefined;
      job.dueAt = now + backoffMs(job.failures, retryAfter);
      // Once per outage, not once per try.
      if (job.failures === 1)
        this.deps.log.warn(`Mark ${job.markId}: the clip cannot be sent now (${messageOf(error)}); it is sent when the line is back.`);
      return this.saveQuietly();
    }
    job.refusals++;
    if (job.refusals >= REFUSALS || !(error instanceof UploadError || error instanceof ServerAnswerError))
      return this.giveUp(job, `The clip could not be sent to the venue's storage: ${messageOf(error)}`);
    job.dueAt = now + backoffMs(job.refusals);
    this.deps.log.warn(`Mark ${job.markId}: ${messageOf(error)}; tried again in ${Math.round((job.dueAt - now) / 1000)} s.`);
    this.saveQuietly();
  }

  private giveUp(job: UploadJob, message: string): void {
    this.deps.log.error(`Mark ${job.markId}: ${message} The clip stays on this PC for the kiosk.`);
    this.finish(job, { id: job.markId, state: 'failed', reason: 'upload-failed', message });
  }

  /** The job is done (sent, given up, or not wanted): its report goes, and its preview once no other mark needs it. */
  private finish(job: UploadJob, report?: MarkReport): void {
    this.deps.state.uploads = this.jobs.filter((j) => j !== job);
    this.lastProgress.delete(job.markId);
    if (report) this.deps.reports.add([report]);
    if (typeof job.preview === 'string' && !this.jobs.some((j) => j.preview === job.preview)) this.deps.previews.remove(job.preview);
    this.saveQuietly();
  }

  private saveQuietly(): void {
    try {
      this.deps.save();
    } catch (error) {
      this.deps.log.error(`The recorder's state could not be saved (${messageOf(error)}); the uploads are kept in memory.`);
    }
  }
}
