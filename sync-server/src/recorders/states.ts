// Camera health: what a recorder reports every 10 s, what it means now, and the outages the Errors
// tab lists. A camera not recording (reconnecting, offline, refused, its clips failing, its address
// refused) is an outage from when it stopped (its last segment); the Errors tab lists an outage 60 s
// after it began (at once for what is no blip: errors.ts) and it resolves itself when a report says
// the camera records again. A recorder that stops reporting altogether
// takes its cameras with it: after 30 s of silence they are offline, and their outage began when
// the recorder was last heard of. No outage begins before the recorder's previous report of its
// camera: what a recorder says of earlier times (since, lastSegmentAt) cannot backdate one. An
// outage keeps why (the reason shared/src/camera-reasons.ts reads in the recorder's message) and
// since when that reason holds: a different failure within the same outage (no answer, then 404)
// starts a new "since", and its Errors entry is a new one with its own advice.
import { cameraReasonOf, maskCameraUrl, type CameraHealth, type CameraReason, type recorderStatusRequest } from '@courtreplay/shared';
import type { z } from 'zod';
import type { AppDeps } from '../app-env.ts';
import {
  cameraStatesOf,
  deleteOutage,
  endOutage,
  insertAlert,
  insertOutage,
  openAlertsOf,
  openOutagesOf,
  replaceCameraStates,
  resolveAlert,
  setAlertMessage,
  touchRecorder,
  updateOutage,
  venueCourtCameras,
  type CameraStateRow,
  type RecorderRow,
} from './queries.ts';

/** A recorder silent for longer than this has its cameras shown offline. */
export const RECORDER_SILENT_AFTER_MS = 30_000;
/** An outage this long is listed in the Errors tab. */
export const CAMERA_OUTAGE_LISTED_AFTER_MS = 60_000;
/** Outages that are no blip, listed at once: the recorder reports them only after a definite failure. */
export const LISTED_AT_ONCE: ReadonlySet<string> = new Set(['unauthorized', 'clips-failing', 'refused-url']);

const NOT_RECORDING = new Set(['reconnecting', 'offline', 'unauthorized', 'clips-failing', 'refused-url']);
const VIDEO_ARRIVES = new Set(['clips-failing', 'refused-url']);
const ms = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN);
const earliest = (...times: (string | null | undefined)[]) =>
  times.filter((t): t is string => !!t && Number.isFinite(ms(t))).sort((a, b) => ms(a) - ms(b))[0];

export const isSilent = (recorder: Pick<RecorderRow, 'lastSeenAt'>, now: Date) =>
  recorder.lastSeenAt !== null && now.getTime() - ms(recorder.lastSeenAt) > RECORDER_SILENT_AFTER_MS;

/** When a camera that was recording at `row`'s report stopped: not before that report, which said it recorded. */
const stoppedAt = (row: Pick<CameraStateRow, 'reportedAt'>) => row.reportedAt;

/**
 * The recorder's cameras as they stand at `now`, each with why it does not record. A silent
 * recorder's cameras are offline from its last report, for that reason alone.
 */
export function effectiveCameras(recorder: RecorderRow, rows: CameraStateRow[], now: Date): CameraHealth[] {
  const silent = isSilent(recorder, now);
  return rows.map((row) => {
    const state = row.state as CameraHealth['state'];
    const reported = {
      fieldId: row.fieldId,
      state,
      since: row.since,
      lastSegmentAt: row.lastSegmentAt,
      bufferSeconds: row.bufferSeconds,
      message: row.message,
      ...cameraReasonOf(state, row.message),
    };
    if (!silent || row.state === 'no-camera') return reported;
    return { ...reported, state: 'offline', since: stoppedAt(row), message: null, reason: 'recorder-silent', detail: null };
  });
}

/** Reconnecting and offline are one failure (the camera is away) growing longer; every other state is its own. */
const failureOf = (state: string) => (state === 'reconnecting' ? 'offline' : state);

/**
 * Whether a report names a new failure of an open outage: another kind of failure, or another
 * known reason. A reason learnt where none was known (ffmpeg had not spoken yet) is the same one.
 */
const isNewFailure = (outage: { state: string; reason: string | null }, state: string, reason: CameraReason | null) =>
  failureOf(outage.state) !== failureOf(state) || (reason !== null && outage.reason !== null && reason !== outage.reason);

/** Stores a recorder's report: its cameras' states, their outages, its alerts and its heartbeat. */
export async function recordStatus(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  recorder: RecorderRow,
  report: z.output<typeof recorderStatusRequest>,
): Promise<void> {
  const { db } = deps;
  const now = deps.clock.now();
  const at = now.toISOString();
  const courts = new Set((await venueCourtCameras(db, recorder.venueId)).map((c) => c.id));
  // A court deleted since the recorder's last setup is no longer reported on. Times are stored in
  // one ISO form, as every time here, so that they compare as text.
  const cameras = [...new Map(report.cameras.filter((c) => courts.has(c.fieldId)).map((c) => [c.fieldId, c])).values()].map((c) => ({
    ...c,
    since: iso(c.since),
    lastSegmentAt: iso(c.lastSegmentAt),
    message: c.message === null ? null : shown(c.message),
  }));
  const previous = new Map((await cameraStatesOf(db, [recorder.id])).map((row) => [row.fieldId, row]));
  const silentUntilNow = isSilent(recorder, now);
  const open = new Map((await openOutagesOf(db, [recorder.id])).map((o) => [o.fieldId, o]));

  for (const camera of cameras) {
    const outage = open.get(camera.fieldId);
    open.delete(camera.fieldId);
    const before = previous.get(camera.fieldId);
    // The recorder was silent while this camera was last known recording: that silence was an outage.
    const silentStart = silentUntilNow && before?.state === 'recording' && !outage ? stoppedAt(before) : undefined;
    if (NOT_RECORDING.has(camera.state)) {
      const { reason } = cameraReasonOf(camera.state, camera.message);
      if (!outage) {
        // Failing clips and a refused address begin when the recorder says, whatever video arrives.
        const videoStopped = VIDEO_ARRIVES.has(camera.state) ? null : camera.lastSegmentAt;
        const startedAt = earliest(silentStart, videoStopped, camera.since, at)!;
        // No backdated outage: it cannot start before the recorder's previous report of this camera.
        const floor = before?.reportedAt ?? recorder.lastSeenAt ?? at;
        const begins = minIso(maxIso(startedAt, floor), at);
        await insertOutage(db, {
          recorderId: recorder.id,
          fieldId: camera.fieldId,
          state: camera.state,
          startedAt: begins,
          endedAt: null,
          reason,
          reasonSince: begins,
        });
      } else if (isNewFailure(outage, camera.state, reason)) {
        await updateOutage(db, outage.id, { state: camera.state, reason, reasonSince: at });
      } else if (outage.state !== camera.state || (reason !== null && outage.reason === null)) {
        await updateOutage(db, outage.id, { state: camera.state, reason: reason ?? outage.reason });
      }
    } else if (outage) {
      await closeOutage(db, outage, at);
    } else if (silentStart && camera.state === 'recording') {
      await insertOutage(db, {
        recorderId: recorder.id,
        fieldId: camera.fieldId,
        state: 'offline',
        startedAt: silentStart,
        endedAt: at,
        reason: 'recorder-silent',
        reasonSince: silentStart,
      });
    }
  }
  // A camera no longer reported (its court lost its camera) has no outage any more.
  for (const outage of open.values()) await closeOutage(db, outage, at);

  await replaceCameraStates(
    db,
    recorder.id,
    cameras.map((c) => ({ recorderId: recorder.id, ...c, reportedAt: at })),
  );

  const alerts = new Map<string, string>((report.alerts ?? []).map((a) => [a.code, shown(a.message)]));
  for (const alert of await openAlertsOf(db, recorder.id)) {
    const message = alerts.get(alert.code);
    if (message === undefined) await resolveAlert(db, alert.id, at);
    else await setAlertMessage(db, alert.id, message);
    alerts.delete(alert.code);
  }
  for (const [code, message] of alerts) await insertAlert(db, { recorderId: recorder.id, code, message, firstAt: at });
  await touchRecorder(db, recorder.id, at);
}

/** Ends an outage; an offline blip shorter than a minute was never listed, and is not kept to crowd the venue's history. */
async function closeOutage(db: AppDeps['db'], outage: { id: number; state: string; startedAt: string }, at: string): Promise<void> {
  if (!LISTED_AT_ONCE.has(outage.state) && ms(at) - ms(outage.startedAt) < CAMERA_OUTAGE_LISTED_AFTER_MS) await deleteOutage(db, outage.id);
  else await endOutage(db, outage.id, at);
}

const minIso = (a: string, b: string) => (ms(a) <= ms(b) ? a : b);
const maxIso = (a: string, b: string) => (ms(a) >= ms(b) ? a : b);
/** A recorder's message as people see it: an ffmpeg error may quote the camera's address, password and all. */
const MESSAGE_MAX = 500;
const shown = (message: string) => maskCameraUrl(message).slice(0, MESSAGE_MAX);
const iso = (time: string | null) => (time === null ? null : new Date(time).toISOString());
