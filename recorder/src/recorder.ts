// The recorder: follows its venue's setup on the sync server, keeps one supervised ffmpeg per
// camera (camera.ts), cuts a continuous clip per court every CLIP_SECONDS and a clip around each
// mark, reports each camera's state every 10 s, and keeps the buffer and the clips folder within
// their limits. One camera failing never touches the others: each has its own process and buffer.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, statfsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Segment } from './buffer.ts';
import { Camera, type CameraStatus } from './camera.ts';
import { clockName, courtFolder, cutClip } from './clips.ts';
import type { RecorderConfig } from './config.ts';
import type { Logger } from './log.ts';
import { RevokedError, ServerClient, type Mark, type Setup } from './server.ts';

const SETUP_EVERY_MS = 10_000;
const STATUS_EVERY_MS = 10_000;
const HOUSEKEEPING_EVERY_MS = 5_000;
const KEEP_DAYS_EVERY_MS = 60 * 60_000;
/** Two segments further apart than this have a gap between them (the camera was away). */
const GAP_MS = 1_500;
/** How long past its window a marked clip waits for video before it is cut from what exists. */
const MARK_GRACE_MS = 8_000;
const CONCURRENT_CUTS = 2;

export interface Alert {
  code: 'disk-low';
  message: string;
}

interface PendingMark {
  fieldId: number;
  start: number;
  end: number;
  at: number;
}

interface State {
  cursor?: string;
  /** Per court, where the last continuous clip ended (ms), so a restart goes on from there. */
  lastClipEnd: Record<string, number>;
}

export type StopReason = { reason: 'stopped' } | { reason: 'revoked'; message: string };

export class Recorder {
  private readonly server: ServerClient;
  private setup: Setup | undefined;
  private cameras = new Map<number, Camera>();
  private noCameraSince = new Map<number, number>();
  private pendingClip = new Map<number, Segment[]>();
  private marks: PendingMark[] = [];
  private recentMarks: PendingMark[] = [];
  private alerts: Alert[] = [];
  private timers: NodeJS.Timeout[] = [];
  private abort = new AbortController();
  private running = false;
  /** Per court, the clip being cut: one at a time per court, courts side by side (a mark lands fast even while others cut). */
  private cutting = new Map<number, Promise<unknown>>();
  /** Cuts running now, and those waiting for a turn. */
  private activeCuts = 0;
  private waitingCuts: (() => void)[] = [];
  private state: State;
  private readonly stateFile: string;
  readonly manifest: string;
  private finish!: (reason: StopReason) => void;
  /** Resolves when the recorder stops, saying why. */
  readonly stopped: Promise<StopReason> = new Promise((resolve) => (this.finish = resolve));

  constructor(
    private readonly config: RecorderConfig,
    private readonly log: Logger,
  ) {
    this.server = new ServerClient(config.serverUrl, config.token);
    mkdirSync(config.bufferDir, { recursive: true });
    mkdirSync(config.clipsDir, { recursive: true });
    this.stateFile = join(config.bufferDir, 'state.json');
    this.manifest = join(config.bufferDir, 'clips-written.jsonl');
    this.state = this.readState();
  }

  private readState(): State {
    try {
      const parsed = JSON.parse(readFileSync(this.stateFile, 'utf8')) as Partial<State>;
      return { cursor: parsed.cursor, lastClipEnd: parsed.lastClipEnd ?? {} };
    } catch {
      return { lastClipEnd: {} };
    }
  }

  private saveState(): void {
    const temp = `${this.stateFile}.tmp`;
    writeFileSync(temp, JSON.stringify(this.state));
    renameSync(temp, this.stateFile);
  }

  async start(): Promise<void> {
    this.running = true;
    this.log.info(
      `Recorder starting: server ${this.config.serverUrl}, clips into ${this.config.clipsDir}, buffer in ${this.config.bufferDir}.`,
    );
    this.cleanOldClips();
    await this.refreshSetup();
    if (!this.running) return;
    this.every(SETUP_EVERY_MS, () => this.refreshSetup());
    this.every(STATUS_EVERY_MS, () => this.report());
    this.every(HOUSEKEEPING_EVERY_MS, () => this.housekeeping());
    this.every(KEEP_DAYS_EVERY_MS, () => this.cleanOldClips());
    this.every(250, () => this.cutDueMarks());
    void this.report();
    void this.pollMarks();
  }

  private every(ms: number, task: () => unknown): void {
    this.timers.push(
      setInterval(() => {
        if (this.running) void Promise.resolve(task()).catch((error: unknown) => this.failed(error));
      }, ms),
    );
  }

  private failed(error: unknown): void {
    if (error instanceof RevokedError) void this.revoked(error.message);
    else if (this.running) this.log.warn(`The sync server could not be reached: ${error instanceof Error ? error.message : String(error)}`);
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
    for (const timer of this.timers) clearInterval(timer);
    clearTimeout(this.reportTimer);
    await Promise.all([...this.cameras.values()].map((c) => c.stop()));
    await Promise.all([...this.cutting.values()].map((job) => job.catch(() => undefined)));
  }

  /**
   * Runs a cut when one of two turns is free: eight ffmpegs copying 1080p at once on a two-core PC
   * took about 2 s each, two at a time take about 0.15 s each, so every mark lands sooner.
   */
  private async slot<T>(task: () => Promise<T>): Promise<T> {
    if (this.activeCuts >= CONCURRENT_CUTS) await new Promise<void>((resolve) => this.waitingCuts.push(resolve));
    this.activeCuts++;
    try {
      return await task();
    } finally {
      this.activeCuts--;
      this.waitingCuts.shift()?.();
    }
  }

  private get timeZone(): string {
    return this.setup?.venue.timeZone || 'Asia/Jakarta';
  }

  private courtName(fieldId: number): string {
    return this.setup?.courts.find((c) => c.fieldId === fieldId)?.name ?? `Court ${fieldId}`;
  }

  private refreshing = false;

  private async refreshSetup(): Promise<void> {
    // A slow server must not stack setups on top of each other (two would start the same camera twice).
    if (this.refreshing) return;
    this.refreshing = true;
    try {
      await this.applySetup();
    } finally {
      this.refreshing = false;
    }
  }

  private async applySetup(): Promise<void> {
    let setup: Setup;
    try {
      setup = await this.server.setup();
    } catch (error) {
      this.failed(error);
      return;
    }
    if (!this.running) return;
    const first = this.setup === undefined;
    this.setup = setup;
    if (first) this.log.info(`Recording for ${setup.venue.name}: ${setup.courts.length} court(s).`);
    const wanted = new Map(setup.courts.filter((c) => c.camera).map((c) => [c.fieldId, c.camera!.url]));
    for (const [fieldId, camera] of this.cameras) {
      if (wanted.get(fieldId) !== camera.url) {
        this.log.info(`${this.courtName(fieldId)}: camera ${wanted.has(fieldId) ? 'changed' : 'removed'}.`);
        this.cameras.delete(fieldId);
        await camera.stop();
      }
    }
    for (const court of setup.courts) {
      if (!court.camera) {
        if (!this.noCameraSince.has(court.fieldId)) this.noCameraSince.set(court.fieldId, Date.now());
        continue;
      }
      this.noCameraSince.delete(court.fieldId);
      if (this.cameras.has(court.fieldId)) continue;
      const camera = new Camera(court.fieldId, court.camera.url, {
        bufferDir: this.config.bufferDir,
        ffmpegPath: this.config.ffmpegPath,
        log: this.log,
        label: () => this.courtName(court.fieldId),
      });
      this.cameras.set(court.fieldId, camera);
      // A restart goes on from the last continuous clip with what the buffer already holds.
      const from = this.state.lastClipEnd[String(court.fieldId)];
      this.pendingClip.set(court.fieldId, from === undefined ? [] : camera.index.segments.filter((s) => s.start >= from - 500));
      camera.onStateChange(() => this.reportSoon());
      camera.onSegments((segments) => {
        this.addToContinuous(court.fieldId, segments);
        // A mark waiting for this segment is cut the moment it closes, not at the next tick.
        this.cutDueMarks();
      });
      this.log.info(`${court.name}: starting the camera (${court.camera.url}).`);
      camera.start();
    }
  }

  /** Every camera's state, and the courts without one, for the status report. */
  cameraStatuses(): CameraStatus[] {
    return (this.setup?.courts ?? []).map((court) => {
      const camera = this.cameras.get(court.fieldId);
      if (camera) return camera.status();
      return {
        fieldId: court.fieldId,
        state: 'no-camera' as const,
        since: new Date(this.noCameraSince.get(court.fieldId) ?? Date.now()).toISOString(),
        lastSegmentAt: null,
        bufferSeconds: 0,
        message: null,
      };
    });
  }

  private reportTimer: NodeJS.Timeout | undefined;

  /** A report shortly after a state change (several cameras changing together make one report). */
  private reportSoon(): void {
    if (this.reportTimer || !this.running) return;
    this.reportTimer = setTimeout(() => {
      this.reportTimer = undefined;
      if (this.running) void this.report();
    }, 300);
  }

  private async report(): Promise<void> {
    if (!this.setup) return;
    const body = { cameras: this.cameraStatuses(), ...(this.alerts.length ? { alerts: this.alerts } : {}) };
    try {
      await this.server.status(body);
    } catch (error) {
      this.failed(error);
    }
  }

  // ---- continuous clips

  private addToContinuous(fieldId: number, segments: Segment[]): void {
    if (this.config.clipSeconds <= 0) return;
    const pending = this.pendingClip.get(fieldId) ?? [];
    this.pendingClip.set(fieldId, pending);
    for (const segment of segments) {
      const last = pending.at(-1);
      if (last && segment.start - last.end > GAP_MS) {
        // The camera was away: the clip ends where its video ended.
        this.log.info(
          `${this.courtName(fieldId)}: a gap of ${Math.round((segment.start - last.end) / 1000)} s in the video; the clip before it ends there.`,
        );
        this.queueContinuous(fieldId, pending.splice(0));
      }
      pending.push(segment);
      if (pending.at(-1)!.end - pending[0]!.start >= this.config.clipSeconds * 1000 - 250) this.queueContinuous(fieldId, pending.splice(0));
    }
  }

  private queueContinuous(fieldId: number, segments: Segment[]): void {
    if (segments.length === 0) return;
    const start = segments[0]!.start;
    const end = segments.at(-1)!.end;
    this.state.lastClipEnd[String(fieldId)] = end;
    this.saveState();
    const name = this.courtName(fieldId);
    void this.queueCut(`${name} ${clockName(start, this.timeZone)}.mp4`, fieldId, segments, end);
  }

  private queueCut(
    fileName: string,
    fieldId: number,
    segments: Segment[],
    end: number,
    durationSeconds?: number,
  ): Promise<string | undefined> {
    const dir = join(this.config.clipsDir, courtFolder(this.courtName(fieldId)));
    const job = (this.cutting.get(fieldId) ?? Promise.resolve()).then(async () => {
      if (existsSync(join(dir, fileName))) return undefined;
      const started = Date.now();
      try {
        const path = await this.slot(() =>
          cutClip({
            ffmpegPath: this.config.ffmpegPath,
            segments,
            dir,
            fileName,
            endMs: end,
            manifest: this.manifest,
            durationSeconds,
          }),
        );
        this.log.info(`Clip written in ${Date.now() - started} ms: ${path}`);
        return path;
      } catch (error) {
        this.log.error(error instanceof Error ? error.message : String(error));
        return undefined;
      }
    });
    this.cutting.set(fieldId, job);
    return job;
  }

  // ---- marks

  private async pollMarks(): Promise<void> {
    while (this.running) {
      try {
        const answer = await this.server.marks(this.state.cursor, this.abort.signal);
        for (const mark of answer.marks) this.addMark(mark);
        if (answer.cursor !== this.state.cursor) {
          this.state.cursor = answer.cursor;
          this.saveState();
        }
      } catch (error) {
        if (!this.running) return;
        if (error instanceof RevokedError) return this.revoked(error.message);
        this.failed(error);
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
    }
  }

  private addMark(mark: Mark): void {
    const at = Date.parse(mark.at);
    if (!Number.isFinite(at)) return;
    const name = this.courtName(mark.fieldId);
    if (!this.cameras.has(mark.fieldId)) {
      this.log.warn(`${name}: a mark at ${mark.at}, but the court has no camera here.`);
      return;
    }
    const covering = [...this.marks, ...this.recentMarks].find((m) => m.fieldId === mark.fieldId && m.start <= at && at <= m.end);
    if (covering) {
      this.log.info(`${name}: a mark at ${mark.at} falls in the clip already cut for ${new Date(covering.at).toISOString()}.`);
      return;
    }
    const pending = {
      fieldId: mark.fieldId,
      at,
      start: at - this.config.markBeforeSeconds * 1000,
      end: at + this.config.markAfterSeconds * 1000,
    };
    this.marks.push(pending);
    this.log.info(
      `${name}: mark at ${mark.at}; cutting ${new Date(pending.start).toISOString()} to ${new Date(pending.end).toISOString()}.`,
    );
  }

  private cutDueMarks(): void {
    const now = Date.now();
    for (const mark of [...this.marks]) {
      if (now < mark.end) continue;
      const camera = this.cameras.get(mark.fieldId);
      const segments = camera?.index.segments ?? [];
      const complete = segments.some((s) => s.end >= mark.end);
      if (!complete && now < mark.end + MARK_GRACE_MS) continue;
      this.marks.splice(this.marks.indexOf(mark), 1);
      this.recentMarks = [...this.recentMarks.filter((m) => m.end > now - 10 * 60_000), mark];
      void this.cutMark(mark, segments);
    }
  }

  private async cutMark(mark: PendingMark, all: Segment[]): Promise<void> {
    const name = this.courtName(mark.fieldId);
    // The keyframe at or before the window's start: the last segment starting there.
    const first = all.filter((s) => s.start <= mark.start + 50).at(-1);
    const chosen = all.filter((s) => s.end > mark.start && s.start < mark.end && (!first || s.start >= first.start));
    if (chosen.length === 0) {
      this.log.warn(`${name}: no video for the mark at ${new Date(mark.at).toISOString()} (the camera was away); no clip.`);
      return;
    }
    const covered = chosen.reduce((sum, s) => sum + Math.min(s.end, mark.end) - Math.max(s.start, mark.start), 0);
    const missing = Math.round((mark.end - mark.start - covered) / 1000);
    if (missing >= 1) {
      this.log.warn(
        `${name}: the marked clip at ${new Date(mark.at).toISOString()} misses ${missing} s of video (the camera was away); it is cut from what exists.`,
      );
    }
    const start = chosen[0]!.start;
    const end = Math.min(mark.end, chosen.at(-1)!.end);
    const contiguous = chosen.every((s, i) => i === 0 || s.start - chosen[i - 1]!.end <= GAP_MS);
    // Across a gap the clip is what exists, whole; otherwise it stops at the window's end.
    const duration = contiguous ? (end - start) / 1000 : undefined;
    await this.queueCut(`${name} ${clockName(mark.start, this.timeZone)} marked.mp4`, mark.fieldId, chosen, end, duration);
  }

  // ---- limits

  private housekeeping(): void {
    const now = Date.now();
    const oldest = now - this.config.bufferMinutes * 60_000;
    for (const camera of this.cameras.values()) {
      camera.index.remove(
        camera.index.segments.filter((s) => s.end < oldest),
        camera.activeRun,
      );
    }
    let free = this.freeMb();
    if (free === undefined || free >= this.config.minFreeMb) {
      this.alerts = [];
      return;
    }
    const message = `The disk holding BUFFER_DIR has ${free} MB free, under MIN_FREE_MB (${this.config.minFreeMb} MB): the oldest video is deleted first.`;
    if (this.alerts.length === 0) this.log.warn(message);
    this.alerts = [{ code: 'disk-low', message }];
    // Oldest first across all cameras, a few at a time, until there is room or each camera holds
    // only enough for one more marked clip.
    const keepMs = (this.config.markBeforeSeconds + this.config.markAfterSeconds) * 1000 + 10_000;
    const candidates = [...this.cameras.values()]
      .flatMap((camera) => {
        const newest = camera.index.segments.at(-1)?.end ?? now;
        return camera.index.segments.filter((s) => s.end < newest - keepMs).map((segment) => ({ camera, segment }));
      })
      .sort((a, b) => a.segment.start - b.segment.start);
    while (candidates.length && free < this.config.minFreeMb) {
      const batch = candidates.splice(0, 20);
      for (const { camera, segment } of batch) camera.index.remove([segment], camera.activeRun);
      free = this.freeMb() ?? Infinity;
    }
  }

  private freeMb(): number | undefined {
    try {
      const s = statfsSync(this.config.bufferDir);
      return Math.floor((s.bavail * s.bsize) / (1024 * 1024));
    } catch {
      return undefined;
    }
  }

  /** Removes the clips this recorder wrote that are older than KEEP_DAYS; nobody else's files. */
  private cleanOldClips(): void {
    if (!existsSync(this.manifest)) return;
    const limit = Date.now() - this.config.keepDays * 24 * 3_600_000;
    const paths = new Set(
      readFileSync(this.manifest, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          try {
            return JSON.parse(line) as string;
          } catch {
            return undefined;
          }
        })
        .filter((p): p is string => typeof p === 'string'),
    );
    const kept: string[] = [];
    let removed = 0;
    for (const path of paths) {
      let mtime: number;
      try {
        mtime = statSync(path).mtimeMs;
      } catch {
        continue;
      }
      if (mtime < limit) {
        rmSync(path, { force: true });
        removed++;
      } else kept.push(path);
    }
    writeFileSync(this.manifest, kept.map((p) => `${JSON.stringify(p)}\n`).join(''));
    if (removed) this.log.info(`Removed ${removed} clip(s) older than KEEP_DAYS (${this.config.keepDays} days).`);
  }
}
