// The rules of one camera's supervision, as plain functions of what happened: how long to wait
// before the next try, and what state the camera is in (docs/cameras.md, Camera states).
import type { CameraState, CameraStatus } from '@courtreplay/shared';

/** A camera is recording while segments keep closing; a segment is about one keyframe interval long. */
export const RECORDING_WITHIN_MS = 6_000;
/** Past this without video, reconnecting becomes offline (the operator's alarm). */
export const OFFLINE_AFTER_MS = 20_000;
/** A running ffmpeg that closes no segment for this long is stuck: it is restarted. */
export const STUCK_AFTER_MS = 15_000;

/** After a failure that is not a refused password: 1, 2, 4, 8, then 10 s at most. */
const FAILED_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 10_000];
/**
 * After the n-th refused password in a row: many cameras lock a user out for half an hour after
 * about five wrong passwords, so after two quick tries the recorder waits minutes, not seconds.
 */
const REFUSED_DELAYS_MS = [30_000, 5 * 60_000, 15 * 60_000, 30 * 60_000];

/** How long to wait before trying the camera again after `failures` failures in a row (1 for the first). */
export function retryDelay(refused: boolean, failures: number): number {
  const delays = refused ? REFUSED_DELAYS_MS : FAILED_DELAYS_MS;
  return delays[Math.min(Math.max(failures, 1), delays.length) - 1]!;
}

export interface CameraFacts {
  now: number;
  /** When the camera was set up here (the start of its silence when no segment came yet). */
  createdAt: number;
  lastSegmentAt: number | undefined;
  /** The last try ended with the camera refusing the user name or password. */
  refused: boolean;
  /** Why the recorder refuses the camera's address, if it does. */
  urlProblem: string | null;
  /** Why its clips fail, while they do. */
  clipProblem: string | null;
}

/** The camera's state from what happened. Video arriving with failing clips is not recording. */
export function judge(f: CameraFacts): CameraState {
  if (f.urlProblem) return 'refused-url';
  if (f.lastSegmentAt !== undefined && f.now - f.lastSegmentAt <= RECORDING_WITHIN_MS) return f.clipProblem ? 'clips-failing' : 'recording';
  if (f.refused) return 'unauthorized';
  const silentSince = f.lastSegmentAt ?? f.createdAt;
  return f.now - silentSince >= OFFLINE_AFTER_MS ? 'offline' : 'reconnecting';
}

export const refusedMessage = (refusals: number, retryMs: number): string =>
  `The camera refused the user name or password (${refusals === 1 ? 'once' : `${refusals} times in a row`}): the next try is in ${formatWait(retryMs)}, so the camera does not lock the user out. Check them in the camera URL (back-office, Venues); a corrected URL is tried at once.`;

export const HEVC_MESSAGE =
  "The camera sends H.265: clips are tagged for Apple's players, but Chrome on many PCs cannot play them. Set the camera's main stream to H.264.";

const formatWait = (ms: number) => (ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`);

/** A court without a camera at this recorder, reported as such since `since` (ms). */
export const noCameraStatus = (fieldId: number, since: number): CameraStatus => ({
  fieldId,
  state: 'no-camera',
  since: new Date(since).toISOString(),
  lastSegmentAt: null,
  bufferSeconds: 0,
  message: null,
});
