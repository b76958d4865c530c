// One camera under supervision: an ffmpeg that reads the camera's RTSP stream over TCP and copies
// it, unchanged, into the camera's rolling buffer; tried again after a pause whenever it stops
// (camera-rules.ts: seconds after a dropped camera, minutes after a refused password), and judged
// by the segments it closes, not by whether the process runs: a connected camera that sends
// nothing is not recording, and neither is one whose clips fail.
import { cameraUrlProblem, maskCameraUrl, type CameraState, type CameraStatus } from '@courtreplay/shared';
import { join } from 'node:path';
import { SegmentIndex, bufferSeconds, type Segment } from './buffer.ts';
import { cameraStopReason } from './camera-reasons.ts';
import { HEVC_MESSAGE, judge, refusedMessage, retryDelay, STUCK_AFTER_MS } from './camera-rules.ts';
import { codecOf, recordArgs } from './ffmpeg-args.ts';
import type { Logger } from './log.ts';
import type { Child, Platform } from './platform.ts';
import { askToStop, endOrphan, stdinMode } from './processes.ts';

const TICK_MS = 250;
const STOP_WAIT_MS = 3_000;

/** Where a camera's buffer lives: one folder per court id, so a renamed court keeps its buffer. */
export const cameraDir = (bufferDir: string, fieldId: number): string => join(bufferDir, `court-${fieldId}`);

export interface CameraOptions {
  platform: Platform;
  bufferDir: string;
  ffmpegPath: string;
  log: Logger;
  /** The court's name, for log lines. */
  label: () => string;
  /** Runs a task of the camera's timer, catching what it throws (the recorder's Tasks). */
  guard: (name: string, task: () => void) => void;
  /** Its buffer folder, when not the court's own (a sub-stream's: sub-streams.ts). */
  dir?: string;
}

export class Camera {
  readonly dir: string;
  readonly index: SegmentIndex;
  /** The video codec ffmpeg found in the camera's stream, once a segment was seen. */
  codec: string | undefined;
  private readonly platform: Platform;
  private readonly urlProblem: string | null;
  private child: Child | undefined;
  private run: string | undefined;
  private stopped = false;
  private failures = 0;
  private refusals = 0;
  private refused = false;
  private retryAt: number | undefined;
  private cancelRetry: () => void = () => undefined;
  private cancelTick: () => void = () => undefined;
  private startedAt: number;
  private readonly createdAt: number;
  private lastSegmentAt: number | undefined;
  private state: CameraState = 'reconnecting';
  private since: number;
  private lastError: string | null = null;
  private clipProblem: string | null = null;
  private folderProblem: string | null = null;
  private readonly segmentListeners = new Set<(segments: Segment[]) => void>();
  private readonly stateListeners = new Set<(state: CameraState) => void>();
  private readonly runEndListeners = new Set<() => void>();

  constructor(
    readonly fieldId: number,
    readonly url: string,
    private readonly options: CameraOptions,
  ) {
    this.platform = options.platform;
    this.createdAt = this.startedAt = this.since = this.platform.clock.now();
    this.dir = options.dir ?? cameraDir(options.bufferDir, fieldId);
    this.platform.fs.mkdir(this.dir);
    this.index = new SegmentIndex(this.dir, this.platform.fs);
    this.index.refresh(undefined);
    this.lastSegmentAt = this.index.segments.at(-1)?.end;
    // The server checked the address when it was saved; it is checked again here with the same
    // rule, since whatever it says is handed to ffmpeg.
    this.urlProblem = cameraUrlProblem(url);
  }

  /** Called with the segments each refresh adds. */
  onSegments(listener: (segments: Segment[]) => void): void {
    this.segmentListeners.add(listener);
  }

  /** Called when the camera's state changes (the server hears of it at once, not at the next report). */
  onStateChange(listener: (state: CameraState) => void): void {
    this.stateListeners.add(listener);
  }

  /** Called when an ffmpeg run ended and its last segment is in the index (the video stopped). */
  onRunEnd(listener: () => void): void {
    this.runEndListeners.add(listener);
  }

  async start(): Promise<void> {
    if (this.urlProblem) {
      this.options.log.warn(
        `${this.options.label()}: the recorder refuses the camera address (${maskCameraUrl(this.url)}): ${this.urlProblem}`,
      );
      this.setState(this.judge());
      return;
    }
    await this.endOrphan();
    this.spawn();
    this.tick();
  }

  /** The ffmpeg of a recorder killed with -9 lives on and would write beside the new one: end it. */
  private async endOrphan(): Promise<void> {
    const pidFile = join(this.dir, 'ffmpeg.pid');
    if (!this.platform.fs.exists(pidFile)) return;
    try {
      const pid = Number(this.platform.fs.readText(pidFile));
      if (await endOrphan(this.platform, pid, this.dir))
        this.options.log.info(`${this.options.label()}: ended the ffmpeg (pid ${pid}) an earlier run left.`);
      this.platform.fs.remove(pidFile);
    } catch (error) {
      this.options.log.warn(`${this.options.label()}: could not check for a leftover ffmpeg: ${(error as Error).message}`);
    }
  }

  private tick(): void {
    if (this.stopped) return;
    // Whatever a look at the buffer throws is the recorder's alert, never the end of the process.
    this.options.guard(`Watching ${this.options.label()}'s buffer`, () => this.refresh());
    this.cancelTick = this.platform.clock.after(TICK_MS, () => this.tick());
  }

  private spawn(): void {
    if (this.stopped) return;
    const now = this.platform.clock.now();
    // A run is named by its start; two in the same millisecond would share a list.
    this.run = String(Math.max(now, Number(this.run ?? 0) + 1));
    this.startedAt = now;
    this.retryAt = undefined;
    this.codec = undefined;
    const { os } = this.platform;
    let child: Child;
    try {
      child = this.platform.spawn(this.options.ffmpegPath, recordArgs({ url: this.url, dir: this.dir, run: this.run, os }), {
        stdin: stdinMode(os),
        stdout: 'ignore',
      });
    } catch (error) {
      this.ended(`ffmpeg could not start (${(error as Error).message}). Install ffmpeg or set FFMPEG_PATH.`, null);
      return;
    }
    this.child = child;
    this.refused = false;
    try {
      if (child.pid) this.platform.fs.writeText(join(this.dir, 'ffmpeg.pid'), String(child.pid));
    } catch {
      // Only a later orphan check misses it.
    }
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4000);
      if (/401 Unauthorized|authorization failed/i.test(stderr)) this.refused = true;
    });
    let failedToStart: string | undefined;
    child.on('error', (error) => {
      failedToStart = `ffmpeg could not start (${error.message}). Install ffmpeg or set FFMPEG_PATH.`;
    });
    child.on('close', (code) => {
      if (this.child !== child) return;
      this.child = undefined;
      const run = this.run;
      this.options.guard(`Closing ${this.options.label()}'s recording`, () => {
        this.refresh(run);
        for (const listener of this.runEndListeners) listener();
      });
      if (this.stopped) return;
      // The message also goes to the server's Devices tab: no password in it either.
      const detail = maskCameraUrl(stderr.trim().split('\n').slice(-2).join(' '));
      this.ended(failedToStart ?? cameraStopReason(detail), code);
    });
  }

  /** ffmpeg ended: says why and tries again after the pause its failures call for. */
  private ended(reason: string, code: number | null): void {
    this.child = undefined;
    if (this.refused) this.refusals++;
    else this.refusals = 0;
    this.failures++;
    const delay = retryDelay(this.refused, this.refused ? this.refusals : this.failures);
    this.lastError = this.refused ? refusedMessage(this.refusals, delay) : reason;
    this.options.log.warn(
      `${this.options.label()}: ffmpeg ended${code === null ? '' : ` (exit ${code})`}; ${this.lastError}${this.refused ? '' : ` Trying again in ${delay / 1000} s.`}`,
    );
    this.retryAt = this.platform.clock.now() + delay;
    this.cancelRetry = this.platform.clock.after(delay, () => this.spawn());
    this.setState(this.judge());
  }

  private refresh(endedRun?: string): void {
    const added = this.index.refresh(this.child ? this.run : undefined, endedRun);
    const now = this.platform.clock.now();
    if (added.length) {
      const wasRecording = this.state === 'recording';
      this.lastSegmentAt = Math.max(this.lastSegmentAt ?? 0, ...added.map((s) => s.end));
      this.failures = 0;
      this.refusals = 0;
      this.lastError = null;
      if (!wasRecording && this.judge() === 'recording') this.options.log.info(`${this.options.label()}: recording.`);
      if (this.codec === undefined) void this.probeCodec(added[0]!.path);
    }
    if (this.child && !added.length && now - Math.max(this.lastSegmentAt ?? 0, this.startedAt) > STUCK_AFTER_MS) {
      this.options.log.warn(`${this.options.label()}: no video for ${Math.round(STUCK_AFTER_MS / 1000)} s; reconnecting.`);
      this.child.kill('SIGKILL');
    }
    this.setState(this.judge());
    // Last, so a listener that throws leaves the camera's own state judged.
    if (added.length) for (const listener of this.segmentListeners) listener(added);
  }

  /** Learns the stream's codec from one segment (an H.265 clip needs its own tag, and a word to the owner). */
  private async probeCodec(segment: string): Promise<void> {
    this.codec = '';
    const said = await new Promise<string>((resolve) => {
      let out = '';
      try {
        const probe = this.platform.spawn(this.options.ffmpegPath, ['-hide_banner', '-nostdin', '-i', segment], {
          stdin: 'ignore',
          stdout: 'ignore',
        });
        probe.stderr?.on('data', (d: Buffer) => (out += d.toString()));
        probe.on('error', () => resolve(''));
        probe.on('close', () => resolve(out));
      } catch {
        resolve('');
      }
    });
    this.codec = codecOf(said) ?? '';
    if (this.codec === 'hevc') this.options.log.warn(`${this.options.label()}: ${HEVC_MESSAGE}`);
  }

  private judge(): CameraState {
    return judge({
      now: this.platform.clock.now(),
      createdAt: this.createdAt,
      lastSegmentAt: this.lastSegmentAt,
      refused: this.refused && !this.child,
      urlProblem: this.urlProblem,
      clipProblem: this.folderProblem ?? this.clipProblem,
    });
  }

  /** Why this camera's clips fail, or null once one is written again. */
  setClipProblem(problem: string | null): void {
    if (problem === this.clipProblem) return;
    this.clipProblem = problem;
    if (problem) this.options.log.error(`${this.options.label()}: clips are failing: ${problem}`);
    else this.options.log.info(`${this.options.label()}: clips are written again.`);
    this.setState(this.judge());
  }

  /** Why the court's clips folder cannot be written, or null once it can (checked every 30 s). */
  setFolderProblem(problem: string | null): void {
    if (problem === this.folderProblem) return;
    this.folderProblem = problem;
    if (problem) this.options.log.error(`${this.options.label()}: ${problem}`);
    else this.options.log.info(`${this.options.label()}: the clips folder can be written again.`);
    this.setState(this.judge());
  }

  private setState(state: CameraState): void {
    if (state === this.state) return;
    const previous = this.state;
    this.state = state;
    const now = this.platform.clock.now();
    // Since when the camera has been in this state: for a camera gone quiet, when the video stopped.
    const videoStopped = state !== 'recording' && state !== 'clips-failing' && state !== 'refused-url';
    this.since = videoStopped && this.lastSegmentAt !== undefined ? this.lastSegmentAt : now;
    if (previous === 'recording' && videoStopped) {
      this.options.log.warn(
        `${this.options.label()}: ${state} (no video since ${new Date(this.lastSegmentAt ?? now).toISOString()}); the gap is recorded.`,
      );
    } else if (state !== 'recording')
      this.options.log.warn(`${this.options.label()}: ${state}.${this.lastError ? ` ${this.lastError}` : ''}`);
    for (const listener of this.stateListeners) listener(state);
  }

  /** The running ffmpeg's run, the one whose list still grows. */
  get activeRun(): string | undefined {
    return this.child ? this.run : undefined;
  }

  get currentState(): CameraState {
    return this.state;
  }

  /** When the next try is due (a camera that refused the password waits minutes). */
  get nextTryAt(): number | undefined {
    return this.retryAt;
  }

  status(): CameraStatus {
    return {
      fieldId: this.fieldId,
      state: this.state,
      since: new Date(this.since).toISOString(),
      lastSegmentAt: this.lastSegmentAt === undefined ? null : new Date(this.lastSegmentAt).toISOString(),
      bufferSeconds: bufferSeconds(this.index.segments),
      message: this.message()?.slice(0, 480) ?? null,
    };
  }

  private message(): string | null {
    switch (this.state) {
      case 'refused-url':
        return this.urlProblem;
      case 'clips-failing':
        return this.folderProblem ?? this.clipProblem;
      case 'recording':
        return this.codec === 'hevc' ? HEVC_MESSAGE : null;
      default:
        return this.lastError;
    }
  }

  /** Stops ffmpeg and lets it close its last segment; the buffer stays. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.cancelRetry();
    this.cancelTick();
    const child = this.child;
    if (child) {
      await new Promise<void>((done) => {
        const cancelKill = this.platform.clock.after(STOP_WAIT_MS, () => child.kill('SIGKILL'));
        child.on('close', () => {
          cancelKill();
          done();
        });
        askToStop(child, this.platform.os);
      });
    }
    try {
      this.platform.fs.remove(join(this.dir, 'ffmpeg.pid'));
    } catch {
      // The next start checks it against the running processes anyway.
    }
  }
}
