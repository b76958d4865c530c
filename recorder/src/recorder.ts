// The recorder: follows its venue's setup on the sync server, keeps one supervised ffmpeg per
// camera (camera.ts), cuts a continuous clip per court every CLIP_SECONDS (continuous.ts) and a
// clip around each mark it takes (mark-feed.ts, marks.ts, clip-jobs.ts), reports each camera's
// state every 10 s and each marked clip's state as it changes, sends each marked clip and its
// preview to the venue's storage (phone-clips.ts), and keeps the buffer and the clips folder within
// their limits (housekeeping.ts). One camera failing never touches the others, and no task failing
// stops the recorder: each timer's work is caught, logged and raised as an alert (tasks.ts).
import type { CameraStatus } from '@courtreplay/shared';
import { join } from 'node:path';
import { SegmentIndex, type Segment } from './buffer.ts';
import { Camera, cameraDir } from './camera.ts';
import { noCameraStatus } from './camera-rules.ts';
import { ClipJobs, type JobOutcome } from './clip-jobs.ts';
import { ClipWriter } from './clip-writer.ts';
import type { RecorderConfig } from './config.ts';
import { ContinuousClips } from './continuous.ts';
import { CourtFolders } from './court-folders.ts';
import { keepBufferWithin, removeOldClips } from './housekeeping.ts';
import type { Logger } from './log.ts';
import { followMarks, MARKS_RETRY_MS } from './mark-feed.ts';
import { MarkBook } from './marks.ts';
import { realPlatform, type Platform } from './platform.ts';
import { MarkReporter } from './mark-reporter.ts';
import { PhoneClips } from './phone-clips.ts';
import { RevokedError, ServerAnswerError, ServerClient, UnreachableError, type Setup } from './server.ts';
import { StateStore, type CutJob, type MarkReport } from './state-store.ts';
import { Tasks } from './tasks.ts';

const SETUP_EVERY_MS = 10_000;
const STATUS_EVERY_MS = 10_000;
const HOUSEKEEPING_EVERY_MS = 5_000;
const FOLDER_CHECK_EVERY_MS = 30_000;
const KEEP_DAYS_EVERY_MS = 60 * 60_000;
const MARKS_EVERY_MS = 250;
const REPORT_SOON_MS = 300;

export type StopReason = { reason: 'stopped' } | { reason: 'revoked'; message: string };

export class Recorder {
  private readonly server: ServerClient;
  private readonly store: StateStore;
  private readonly writer: ClipWriter;
  private readonly jobs: ClipJobs;
  private readonly book: MarkBook;
  private readonly continuous: ContinuousClips;
  private readonly reporter: MarkReporter;
  private readonly phone: PhoneClips;
  private readonly tasks: Tasks;
  private setup: Setup | undefined;
  private readonly cameras = new Map<number, Camera>();
  private readonly noCameraSince = new Map<number, number>();
  private readonly folders: CourtFolders;
  private diskLow: string | null = null;
  private readonly abort = new AbortController();
  private running = false;
  private cancelReportSoon: (() => void) | undefined;
  readonly manifest: string;
  private finish!: (reason: StopReason) => void;
  /** Resolves when the recorder stops, saying why. */
  readonly stopped: Promise<StopReason> = new Promise((resolve) => (this.finish = resolve));

  constructor(
    private readonly config: RecorderConfig,
    private readonly log: Logger,
    private readonly platform: Platform = realPlatform(),
  ) {
    const { fs } = platform;
    fs.mkdir(config.bufferDir);
    fs.mkdir(config.clipsDir);
    this.server = new ServerClient(config.serverUrl, config.token, log);
    this.store = new StateStore(join(config.bufferDir, 'state.json'), fs);
    this.manifest = join(config.bufferDir, 'clips-written.jsonl');
    this.writer = new ClipWriter({ platform, ffmpegPath: config.ffmpegPath, clipsDir: config.clipsDir, manifest: this.manifest, log });
    this.book = new MarkBook(this.store.state, { beforeMs: config.markBeforeSeconds * 1000, afterMs: config.markAfterSeconds * 1000 });
    this.tasks = new Tasks(platform.clock, log, () => this.reportSoon());
    this.reporter = new MarkReporter(this.store.state, this.server, () => this.save(), platform.clock);
    const [state, server, reports, save] = [this.store.state, this.server, this.reporter, () => this.save()];
    const [courtName, revoked] = [(id: number) => this.courtName(id), (message: string) => void this.revoked(message)];
    const guard = (name: string, task: () => void) => void this.tasks.run(name, task);
    this.phone = new PhoneClips({ config, platform, log, state, save, server, reports, courtName, revoked, guard });
    this.folders = new CourtFolders({ platform, clipsDir: config.clipsDir, writer: this.writer, log, state: this.store.state });
    this.continuous = new ContinuousClips(config.clipSeconds * 1000, (fieldId, segments) => this.queueContinuous(fieldId, segments));
    this.jobs = new ClipJobs({
      platform,
      writer: this.writer,
      state: this.store.state,
      save: () => this.save(),
      log,
      timeZone: () => this.setup?.venue.timeZone || 'Asia/Jakarta',
      courtName: (fieldId) => this.courtName(fieldId),
      folderOf: (fieldId) => this.folders.of(fieldId),
      segmentsOf: (fieldId) => this.segmentsOf(fieldId),
      codecOf: (fieldId) => this.cameras.get(fieldId)?.codec,
      clipProblem: (fieldId, problem) => this.cameras.get(fieldId)?.setClipProblem(problem),
      finished: (job, outcome) => this.jobFinished(job, outcome),
    });
  }

  private save(): void {
    this.store.save();
  }

  async start(): Promise<void> {
    this.running = true;
    this.log.info(
      `Recorder starting: server ${this.config.serverUrl}, clips into ${this.config.clipsDir}, buffer in ${this.config.bufferDir}.`,
    );
    await this.tasks.run('Removing clips older than KEEP_DAYS', () => this.removeOldClips());
    await this.tasks.run('Reading the setup', () => this.refreshSetup());
    if (!this.running) return;
    this.tasks.every('Reading the setup', SETUP_EVERY_MS, () => this.refreshSetup());
    this.tasks.every('Reporting to the server', STATUS_EVERY_MS, () => this.report());
    this.tasks.every('Keeping the buffer within its limits', HOUSEKEEPING_EVERY_MS, () => this.housekeeping());
    this.tasks.every("Checking the courts' clips folders", FOLDER_CHECK_EVERY_MS, () => this.folders.check(this.cameras));
    this.tasks.every('Removing clips older than KEEP_DAYS', KEEP_DAYS_EVERY_MS, () => this.removeOldClips());
    this.tasks.every('Cutting marked clips', MARKS_EVERY_MS, () => this.cutDueMarks());
    this.tasks.every("Sending the marked clips' states", MARKS_RETRY_MS, () => this.reporter.flush());
    this.phone.start();
    void this.tasks.run('Reporting to the server', () => this.report());
  }

  /** A call to the server failed: a revoked token stops the recorder; an unreachable server is tried again later (its log line is the client's). */
  private failed(error: unknown): void {
    if (error instanceof RevokedError) void this.revoked(error.message);
    else if (!(error instanceof UnreachableError || error instanceof ServerAnswerError)) throw error;
  }

  private async revoked(message: string): Promise<void> {
    if (!this.running) return;
    this.log.error(
      `The sync server refused this recorder (401): ${message} The recorder stops now; its buffer in ${this.config.bufferDir} is kept.`,
    );
    await this.halt();
    this.finish({ reason: 'revoked', message });
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.log.info('Recorder stopping; the buffer is kept.');
    await this.halt();
    this.finish({ reason: 'stopped' });
  }

  private async halt(): Promise<void> {
    this.running = false;
    this.abort.abort();
    this.tasks.stop();
    this.cancelReportSoon?.();
    await Promise.all([...this.cameras.values()].map((c) => c.stop()).concat(this.phone.stop()));
    await this.jobs.drain();
    try {
      this.save();
    } catch (error) {
      this.log.error(`The recorder's state could not be saved: ${(error as Error).message}`);
    }
  }

  private courtName(fieldId: number): string {
    return this.setup?.courts.find((c) => c.fieldId === fieldId)?.name ?? `Court ${fieldId}`;
  }

  private segmentsOf(fieldId: number): readonly Segment[] {
    const camera = this.cameras.get(fieldId);
    if (camera) return camera.index.segments;
    // A court whose camera was removed keeps its buffer for the clips still owed.
    const index = new SegmentIndex(cameraDir(this.config.bufferDir, fieldId), this.platform.fs);
    index.refresh(undefined);
    return index.segments;
  }

  private refreshing = false;

  private async refreshSetup(): Promise<void> {
    // A slow server must not stack setups on top of each other (two would start the same camera twice).
    if (this.refreshing) return;
    this.refreshing = true;
    try {
      const first = !this.setup;
      this.setup = await this.setupOrLast(first);
      if (!this.running) return;
      this.store.state.setup = this.setup;
      await this.applySetup(this.setup);
      if (first) {
        // Cuts a previous life queued or had under way, now that the courts' folders are known;
        // and the marks, now that the cameras are.
        this.jobs.resume();
        void this.tasks.run("Checking the courts' clips folders", () => this.folders.check(this.cameras));
        void followMarks({
          server: this.server,
          state: this.store.state,
          save: () => this.save(),
          book: this.book,
          reporter: this.reporter,
          clock: this.platform.clock,
          log: this.log,
          signal: this.abort.signal,
          running: () => this.running,
          revoked: (message) => this.revoked(message),
          hasCamera: (fieldId) => this.cameras.has(fieldId),
          courtName: (fieldId) => this.courtName(fieldId),
          clipWritten: this.phone.clipWritten,
        });
      }
    } catch (error) {
      this.failed(error);
    } finally {
      this.refreshing = false;
    }
  }

  /**
   * The server's setup; at start, when the server cannot be reached (the venue's internet is down
   * after a power cut), the last one it gave, so the courts are recorded meanwhile.
   */
  private async setupOrLast(first: boolean): Promise<Setup> {
    try {
      return await this.server.setup();
    } catch (error) {
      const last = this.store.state.setup;
      if (!first || !last || !(error instanceof UnreachableError || error instanceof ServerAnswerError)) throw error;
      this.log.warn(`Recording with the last setup the server gave (${last.courts.length} court(s)) until it can be reached.`);
      return last;
    }
  }

  private async applySetup(setup: Setup): Promise<void> {
    if (!this.cameras.size && !this.noCameraSince.size)
      this.log.info(`Recording for ${setup.venue.name}: ${setup.courts.length} court(s).`);
    this.folders.place(setup);
    this.save();
    const wanted = new Map(setup.courts.filter((c) => c.camera).map((c) => [c.fieldId, c.camera!.url]));
    for (const [fieldId, camera] of this.cameras) {
      if (wanted.get(fieldId) === camera.url) continue;
      this.log.info(`${this.courtName(fieldId)}: camera ${wanted.has(fieldId) ? 'changed' : 'removed'}.`);
      this.cameras.delete(fieldId);
      await camera.stop();
    }
    const now = this.platform.clock.now();
    for (const court of setup.courts) {
      if (!court.camera) {
        if (!this.noCameraSince.has(court.fieldId)) this.noCameraSince.set(court.fieldId, now);
        continue;
      }
      this.noCameraSince.delete(court.fieldId);
      if (this.cameras.has(court.fieldId) || !this.running) continue;
      const camera = new Camera(court.fieldId, court.camera.url, {
        platform: this.platform,
        bufferDir: this.config.bufferDir,
        ffmpegPath: this.config.ffmpegPath,
        log: this.log,
        label: () => this.courtName(court.fieldId),
        guard: (name, task) => void this.tasks.run(name, task),
      });
      this.cameras.set(court.fieldId, camera);
      // A restart goes on from the last continuous clip with what the buffer already holds.
      const from = this.store.state.lastClipEnd[String(court.fieldId)];
      if (from !== undefined)
        this.continuous.restore(
          court.fieldId,
          camera.index.segments.filter((s) => s.start >= from - 500),
        );
      camera.onStateChange(() => this.reportSoon());
      camera.onSegments((segments) => {
        this.continuous.add(court.fieldId, segments);
        // A mark waiting for this segment is cut the moment it closes, not at the next tick.
        this.cutDueMarks();
      });
      // The camera's video stopped: the clip gathered so far is cut now, not when it comes back.
      camera.onRunEnd(() => {
        if (!this.running || !this.continuous.flush(court.fieldId)) return;
        this.log.info(`${this.courtName(court.fieldId)}: the video stopped; the clip gathered so far is cut now.`);
      });
      this.log.info(`${court.name}: starting the camera (${court.camera.url}).`);
      await camera.start();
    }
    await this.phone.apply(setup, this.running);
  }

  /** Every camera's state, and the courts without one, for the status report. */
  cameraStatuses(): CameraStatus[] {
    const now = this.platform.clock.now();
    const statusOf = (id: number) => this.cameras.get(id)?.status() ?? noCameraStatus(id, this.noCameraSince.get(id) ?? now);
    return (this.setup?.courts ?? []).map((court) => statusOf(court.fieldId));
  }

  /** A report shortly after a state change (several cameras changing together make one report). */
  private reportSoon(): void {
    if (this.cancelReportSoon || !this.running) return;
    this.cancelReportSoon = this.platform.clock.after(REPORT_SOON_MS, () => {
      this.cancelReportSoon = undefined;
      if (this.running) void this.tasks.run('Reporting to the server', () => this.report());
    });
  }

  private async report(): Promise<void> {
    if (!this.setup) return;
    const alerts = [
      ...(this.diskLow ? [{ code: 'disk-low' as const, message: this.diskLow }] : []),
      ...(this.tasks.failing ? [{ code: 'task-failed' as const, message: this.tasks.failing }] : []),
    ];
    try {
      await this.server.status({ cameras: this.cameraStatuses(), ...(alerts.length ? { alerts } : {}) });
    } catch (error) {
      this.failed(error);
    }
  }

  // ---- clips

  private queueContinuous(fieldId: number, segments: Segment[]): void {
    const end = segments.at(-1)!.end;
    this.store.state.lastClipEnd[String(fieldId)] = end;
    this.jobs.queue({
      kind: 'continuous',
      fieldId,
      start: segments[0]!.start,
      end,
      markIds: [],
      paths: segments.map((s) => s.path),
      failures: 0,
    });
  }

  private jobFinished(job: CutJob, outcome: JobOutcome): void {
    if (job.kind !== 'marked') return;
    const report = (id: number): MarkReport =>
      outcome.path
        ? { id, state: 'ready', reason: null, message: null }
        : { id, state: 'failed', reason: outcome.failure?.reason ?? 'cut-failed', message: outcome.failure?.message ?? null };
    const clip = outcome.path && outcome.span ? { path: outcome.path, ...outcome.span } : undefined;
    this.book.finished(job, report(0), clip);
    // A clip written goes on to the phones (ready once it is in storage); a failed one is reported now.
    if (clip) this.phone.clipWritten(job.markIds, job.fieldId, clip);
    else this.reporter.add(job.markIds.map(report));
  }

  // ---- marks

  private cutDueMarks(): void {
    const due = this.book.takeDue(this.platform.clock.now(), (fieldId) => this.segmentsOf(fieldId));
    for (const window of due) {
      this.jobs.queue({
        kind: 'marked',
        fieldId: window.fieldId,
        start: window.start,
        end: window.end,
        markIds: window.ids,
        paths: [],
        failures: 0,
      });
    }
  }

  // ---- limits

  private housekeeping(): void {
    const result = keepBufferWithin(this.platform, [...this.cameras.values(), ...this.phone.buffers], {
      bufferDir: this.config.bufferDir,
      bufferMinutes: this.config.bufferMinutes,
      minFreeMb: this.config.minFreeMb,
      keepMs: (this.config.markBeforeSeconds + this.config.markAfterSeconds) * 1000 + 10_000,
    });
    if (result.diskLow && !this.diskLow) this.log.warn(result.diskLow);
    if (this.diskLow !== result.diskLow) this.reportSoon();
    this.diskLow = result.diskLow;
    if (result.failed) throw new Error(`A buffer segment could not be removed (${result.failed.message}); it is tried again.`);
  }

  private removeOldClips(): void {
    const { removed, failed } = removeOldClips(this.platform, this.writer, this.config.keepDays);
    if (removed) this.log.info(`Removed ${removed} clip(s) older than KEEP_DAYS (${this.config.keepDays} days).`);
    if (failed) throw new Error(`An old clip could not be removed (${failed.message}); it is tried again.`);
  }
}
