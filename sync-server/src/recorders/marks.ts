// Marks for the venue's recorder. At a venue with a recorder a mark is a request to cut a clip, so a
// court without a camera takes none (the phone says so), and a mark on a court whose camera is not
// recording now is kept but failed at once, so neither the phone nor the kiosk promises its clip; a
// venue without one keeps every mark, for clips that come from elsewhere. A stored mark wakes the
// venue's long-polls (MarkSignal); the recorder reports where each clip stands.
import { maskCameraUrl, type MarkFailureReason, type recorderMarkStatesRequest } from '@courtreplay/shared';
import type { z } from 'zod';
import type { AppDeps } from '../app-env.ts';
import type { Db } from '../db/database.ts';
import type { MarkSignal } from './mark-signal.ts';
import {
  cameraStatesOf,
  cameraUrlOf,
  failMarkAt,
  newestMarkId,
  recordersIn,
  setMarkClipStates,
  venueCameraMarksAfter,
  venueHasRecorder,
  type RecorderRow,
} from './queries.ts';
import { effectiveCameras, isSilent } from './states.ts';
import { venueOfCourt } from '../fields/service.ts';
import { noteUploadProgress } from '../mark-clips/service.ts';

/** Whether a mark on the court would cut nothing: its venue has a recorder and the court no camera. */
export async function markHasNoCamera(db: Db, fieldId: number): Promise<boolean> {
  const venueId = await venueOfCourt(db, fieldId);
  if (venueId === undefined || !(await venueHasRecorder(db, venueId))) return false;
  return !(await cameraUrlOf(db, fieldId));
}

/** A mark was stored on the court: the venue's recorders waiting on this instance hear of it now. */
export async function announceMark(deps: Pick<AppDeps, 'db' | 'marks'>, fieldId: number): Promise<void> {
  const venueId = await venueOfCourt(deps.db, fieldId);
  if (venueId !== undefined) deps.marks?.notify(venueId);
}

/**
 * Whether a clip can come of a mark on the court now: null when it can (its camera is recording,
 * or the venue has no recorder), else why not. A recorder that never reported, or went silent, is
 * offline; one that reports the camera not recording (offline, refused, failing clips) is that.
 */
export async function markClipProblem(deps: Pick<AppDeps, 'db' | 'clock'>, fieldId: number): Promise<MarkFailureReason | null> {
  const venueId = await venueOfCourt(deps.db, fieldId);
  if (venueId === undefined) return null;
  const recorders = await recordersIn(deps.db, venueId);
  if (!recorders.length) return null;
  const now = deps.clock.now();
  const rows = await cameraStatesOf(
    deps.db,
    recorders.map((r) => r.id),
  );
  const reporting = recorders.filter((r) => r.lastSeenAt !== null && !isSilent(r, now));
  const states = reporting.flatMap((r) =>
    effectiveCameras(
      r,
      rows.filter((row) => row.recorderId === r.id && row.fieldId === fieldId),
      now,
    ),
  );
  if (states.some((c) => c.state === 'recording')) return null;
  return reporting.length ? 'camera-offline' : 'recorder-offline';
}

/** The court's mark at `markedAt` will get no clip, for `reason`: the kiosk leaves it out. */
export async function failMark(deps: Pick<AppDeps, 'db'>, fieldId: number, markedAt: string, reason: MarkFailureReason): Promise<void> {
  await failMarkAt(deps.db, fieldId, markedAt, reason);
}

const MESSAGE_MAX = 500;

/** Stores where the recorder's marked clips stand, and the bytes of those on their way to storage (marks of other venues are left alone). */
export async function recordMarkStates(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  recorder: RecorderRow,
  body: z.output<typeof recorderMarkStatesRequest>,
): Promise<void> {
  const progress = body.marks.flatMap((m) =>
    m.state === 'uploading' && m.bytesSent !== undefined && m.bytesTotal !== undefined
      ? [{ id: m.id, bytesSent: m.bytesSent, bytesTotal: m.bytesTotal }]
      : [],
  );
  await noteUploadProgress(deps, recorder, progress);
  await setMarkClipStates(
    deps.db,
    recorder.venueId,
    body.marks.map((m) => ({
      id: m.id,
      state: m.state,
      reason: m.state === 'failed' ? (m.reason ?? 'cut-failed') : null,
      message: m.message === null ? null : maskCameraUrl(m.message).slice(0, MESSAGE_MAX),
    })),
  );
}

export interface MarksAnswer {
  marks: { id: number; fieldId: number; at: string }[];
  cursor: string;
}

/**
 * The long-poll: marks after `after` on the venue's courts with a camera, at once when there are
 * some, else as soon as one is stored (here: the signal; elsewhere: the re-check), else none after
 * the hold. Without `after` the answer is the current cursor alone, so old marks are never cut.
 */
export async function waitForMarks(
  deps: Pick<AppDeps, 'db'>,
  signal: MarkSignal,
  recorder: RecorderRow,
  after: number | undefined,
  abort?: AbortSignal,
): Promise<MarksAnswer> {
  if (after === undefined) return { marks: [], cursor: String(await newestMarkId(deps.db)) };
  const deadline = Date.now() + signal.holdMs;
  for (;;) {
    const marks = await venueCameraMarksAfter(deps.db, recorder.venueId, after);
    const left = deadline - Date.now();
    if (marks.length || left <= 0 || signal.stopping || abort?.aborted) {
      return { marks, cursor: String(marks.length ? marks[marks.length - 1]!.id : after) };
    }
    await signal.wait(recorder.venueId, Math.min(left, signal.recheckMs), abort);
  }
}

/** Whether the venue has a recorder, and whether one reported within the last 30 s (its uplink and PC are up). */
export async function venueRecorderState(db: Db, venueId: number, now: Date): Promise<{ hasRecorder: boolean; online: boolean }> {
  const recorders = await recordersIn(db, venueId);
  return { hasRecorder: recorders.length > 0, online: recorders.some((r) => r.lastSeenAt !== null && !isSilent(r, now)) };
}
