// Marks for the venue's recorder. At a venue with a recorder a mark is a request to cut a clip, so a
// court without a camera takes none (the phone says so); a venue without one keeps every mark, for
// clips that come from elsewhere. A stored mark wakes the venue's long-polls (MarkSignal).
import type { AppDeps } from '../app-env.ts';
import type { Db } from '../db/database.ts';
import type { MarkSignal } from './mark-signal.ts';
import { cameraUrlOf, newestMarkId, recordersIn, venueCameraMarksAfter, venueHasRecorder, type RecorderRow } from './queries.ts';
import { isSilent } from './states.ts';
import { venueOfCourt } from '../fields/queries.ts';

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
