// One camera under supervision: an ffmpeg that reads the camera's RTSP stream over TCP and copies
// it, unchanged, into the camera's rolling buffer; restarted with backoff (never more than 10 s
// between tries) whenever it stops, and judged by the segments it closes, not by whether the
// process runs: a connected camera that sends nothing is not recording.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SegmentIndex, type Segment } from './buffer.ts';
import { cameraStopReason } from './camera-reasons.ts';
import { maskSecrets, type Logger } from './log.ts';

export type CameraState = 'recording' | 'reconnecting' | 'offline' | 'unauthorized' | 'no-camera';

export interface CameraStatus {
  fieldId: number;
  state: CameraState;
  since: string | null;
  lastSegmentAt: string | null;
  bufferSeconds: number;
  message: string | null;
}

/** A camera is recording while segments keep closing; a segment is about one keyframe interval long. */
const RECORDING_WITHIN_MS = 6_000;
/** Past this without video, reconnecting becomes offline (the operator's alarm). */
const OFFLINE_AFTER_MS = 20_000;
/** A running ffmpeg that closes no segment for this long is stuck: it is restarted. */
const STUCK_AFTER_MS = 15_000;
const MAX_BACKOFF_MS = 10_000;
export const UNAUTHORIZED_MESSAGE = 'The camera refused the user name or password. Check them in the camera URL (back-office, Venues).';

/** Where a camera's buffer lives: one folder per court id, so a renamed court keeps its buffer. */
export const cameraDir = (bufferDir: string, fieldId: number): string => join(bufferDir, `court-${fieldId}`);

/** The password in a camera URL, for removing it from ffmpeg's messages even where ffmpeg prints it alone. */
function passwordOf(url: string): string | undefined {
  try {
    const password = decodeURIComponent(new URL(url).password);
    return password.length >= 3 ? password : undefined;
  } catch {
    return undefined;
  }
}

export class Camera {
  readonly dir: string;
  readonly index: SegmentIndex;
  private child: ChildProcess | undefined;
  private run: string | undefined;
  private stopped = false;
  private backoffMs = 1_000;
  private retryTimer: NodeJS.Timeout | undefined;
  private tick: NodeJS.Timeout | undefined;
  private startedAt = Date.now();
  private lastSegmentAt: number | undefined;
  private refused = false;
  private state: CameraState = 'reconnecting';
  private since = Date.now();
  private lastError: string | null = null;
  private listeners = new Set<(segments: Segment[]) => void>();
  private stateListeners = new Set<(state: CameraState) => void>();

  constructor(
    readonly fieldId: number,
    readonly url: string,
    private readonly options: { bufferDir: string; ffmpegPath: string; log: Logger; label: () => string },
  ) {
    this.dir = cameraDir(options.bufferDir, fieldId);
    mkdirSync(this.dir, { recursive: true });
    this.index = new SegmentIndex(this.dir);
    this.index.refresh();
    this.lastSegmentAt = this.index.segments.at(-1)?.end;
  }

  /** Called with the segments each refresh adds. */
  onSegments(listener: (segments: Segment[]) => void): void {
    this.listeners.add(listener);
  }

  /** Called when the camera's state changes (the server hears of it at once, not at the next report). */
  onStateChange(listener: (state: CameraState) => void): void {
    this.stateListeners.add(listener);
  }

  start(): void {
    this.killOrphan();
    this.spawn();
    this.tick = setInterval(() => this.refresh(), 250);
  }

  /** The ffmpeg of a recorder killed with -9 lives on and would write beside the new one: end it. */
  private killOrphan(): void {
    const pidFile = join(this.dir, 'ffmpeg.pid');
    if (!existsSync(pidFile)) return;
    const pid = Number(readFileSync(pidFile, 'utf8'));
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmdline.includes(resolve(this.dir))) process.kill(pid, 'SIGKILL');
    } catch {
      // gone already, or not Linux
    }
    rmSync(pidFile, { force: true });
  }

  private spawn(): void {
    if (this.stopped) return;
    this.run = String(Date.now());
    this.startedAt = Date.now();
    this.refused = false;
    const dir = resolve(this.dir);
    const args = [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-rtsp_transport',
      'tcp',
      // A camera that accepts the connection and then says nothing must not hang the reader.
      '-timeout',
      '5000000',
      '-i',
      this.url,
      '-map',
      '0:v:0',
      '-c',
      'copy',
      // H.264's parameter sets before every keyframe, whatever the camera does with them (some send
      // them only in the RTSP session description, or only at the start): every segment can then
      // begin a clip. Still a stream copy; repeated parameter sets are harmless where they were sent.
      '-bsf:v',
      'dump_extra=freq=keyframe',
      '-f',
      'segment',
      '-segment_time',
      '1',
      '-segment_format',
      'mpegts',
      '-reset_timestamps',
      '1',
      '-segment_list',
      join(dir, `r${this.run}.csv`),
      '-segment_list_type',
      'csv',
      join(dir, `r${this.run}-%06d.ts`),
    ];
    const child = spawn(this.options.ffmpegPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    this.child = child;
    if (child.pid) writeFileSync(join(this.dir, 'ffmpeg.pid'), String(child.pid));
    const secret = passwordOf(this.url);
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4000);
      if (/401 Unauthorized|authorization failed/i.test(stderr)) this.refused = true;
    });
    child.on('error', (error) => {
      this.lastError = `ffmpeg could not start (${error.message}). Install ffmpeg or set FFMPEG_PATH.`;
      this.options.log.error(`${this.options.label()}: ${this.lastError}`);
    });
    child.on('close', (code) => {
      if (this.child !== child) return;
      this.child = undefined;
      this.refresh();
      if (this.stopped) return;
      let detail = stderr.trim().split('\n').slice(-2).join(' ');
      // The message also goes to the server's Devices tab: no password in it either.
      detail = maskSecrets(detail);
      if (secret) detail = detail.split(secret).join('****');
      if (this.refused) this.lastError = UNAUTHORIZED_MESSAGE;
      else this.lastError = cameraStopReason(detail);
      this.options.log.warn(
        `${this.options.label()}: ffmpeg ended (exit ${code}); ${this.lastError} Trying again in ${this.backoffMs / 1000} s.`,
      );
      this.retryTimer = setTimeout(() => this.spawn(), this.backoffMs);
      this.backoffMs = Math.min(this.backoffMs * 2, MAX_BACKOFF_MS);
    });
  }

  private refresh(): void {
    const added = this.index.refresh(this.run);
    if (added.length) {
      const wasRecording = this.state === 'recording';
      this.lastSegmentAt = Math.max(this.lastSegmentAt ?? 0, ...added.map((s) => s.end));
      this.backoffMs = 1_000;
      this.lastError = null;
      if (!wasRecording) this.options.log.info(`${this.options.label()}: recording.`);
      for (const listener of this.listeners) listener(added);
    }
    const now = Date.now();
    if (this.child && !added.length && now - Math.max(this.lastSegmentAt ?? 0, this.startedAt) > STUCK_AFTER_MS) {
      this.options.log.warn(`${this.options.label()}: no video for ${Math.round(STUCK_AFTER_MS / 1000)} s; reconnecting.`);
      this.child.kill('SIGKILL');
    }
    this.setState(this.judge(now));
  }

  private judge(now: number): CameraState {
    if (this.lastSegmentAt !== undefined && now - this.lastSegmentAt <= RECORDING_WITHIN_MS) return 'recording';
    if (this.refused) return 'unauthorized';
    const silentSince = this.lastSegmentAt ?? this.createdAt;
    return now - silentSince >= OFFLINE_AFTER_MS ? 'offline' : 'reconnecting';
  }

  private readonly createdAt = Date.now();

  private setState(state: CameraState): void {
    if (state === this.state) return;
    const previous = this.state;
    this.state = state;
    // Since when the camera has been in this state: for a camera gone quiet, when the video stopped.
    this.since = state === 'recording' || this.lastSegmentAt === undefined ? Date.now() : this.lastSegmentAt;
    if (previous === 'recording') {
      this.options.log.warn(
        `${this.options.label()}: ${state} (no video since ${new Date(this.lastSegmentAt ?? Date.now()).toISOString()}); the gap is recorded.`,
      );
    } else if (state !== 'recording')
      this.options.log.warn(`${this.options.label()}: ${state}.${this.lastError ? ` ${this.lastError}` : ''}`);
    for (const listener of this.stateListeners) listener(state);
  }

  get activeRun(): string | undefined {
    return this.child ? this.run : undefined;
  }

  status(): CameraStatus {
    return {
      fieldId: this.fieldId,
      state: this.state,
      since: new Date(this.since).toISOString(),
      lastSegmentAt: this.lastSegmentAt === undefined ? null : new Date(this.lastSegmentAt).toISOString(),
      bufferSeconds: Math.round(this.index.segments.reduce((sum, s) => sum + (s.end - s.start), 0) / 1000),
      // The server takes at most 500 characters.
      message:
        this.state === 'unauthorized' ? UNAUTHORIZED_MESSAGE : this.state === 'recording' ? null : (this.lastError?.slice(0, 480) ?? null),
    };
  }

  /** Stops ffmpeg and lets it close its last segment; the buffer stays. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.tick);
    const child = this.child;
    if (!child) return;
    await new Promise<void>((done) => {
      const kill = setTimeout(() => child.kill('SIGKILL'), 3_000);
      child.once('close', () => {
        clearTimeout(kill);
        done();
      });
      child.kill('SIGTERM');
    });
    this.index.refresh(this.run);
    rmSync(join(this.dir, 'ffmpeg.pid'), { force: true });
  }
}
