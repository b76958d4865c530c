// Camera health: what a recorder reports every 10 s, what it means now, and the outages the Errors
// tab lists. A camera not recording (reconnecting, offline, refused, its clips failing, its address
// refused) is an outage from when it stopped (its last segment); the Errors tab lists an outage 60 s
// after it began (at once for what is no blip: errors.ts) and it resolves itself when a report says
// the camera records again. A recorder that stops reporting altogether
// takes its cameras with it: after 30 s of silence they are offline, and their outage began when
// the recorder was last heard of. No outage begins before the recorder's previous report of its
// camera: what a recorder says of earlier times (since, lastSegmentAt) cannot backdate one.
import { maskCameraUrl, type CameraStatus, type recorderStatusRequest } from '@courtreplay/shared';
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
  setOutageState,
  touchRecorder,
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

export const SILENT_RECORDER_MESSAGE = 'The recorder has stopped reporting: check that its PC is on and npm run recorder is running.';

const NOT_RECORDING = new Set(['reconnecting', 'offline', 'unauthorized', 'clips-failing', 'refused-url']);
const VIDEO_ARRIVES = new Set(['clips-failing', 'refused-url']);
const ms = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN);
const earliest = (...times: (string | null | undefined)[]) =>
  times.filter((t): t is string => !!t && Number.isFinite(ms(t))).sort((a, b) => ms(a) - ms(b))[0];

export const isSilent = (recorder: Pick<RecorderRow, 'lastSeenAt'>, now: Date) =>
  recorder.lastSeenAt !== null && now.getTime() - ms(recorder.lastSeenAt) > RECORDER_SILENT_AFTER_MS;

/** When a camera that was recording at `row`'s report stopped: not before that report, which said it recorded. */
const stoppedAt = (row: Pick<CameraStateRow, 'reportedAt'>) => row.reportedAt;

/** The recorder's cameras as they stand at `now`. */
export function effectiveCameras(recorder: RecorderRow, rows: CameraStateRow[], now: Date): CameraStatus[] {
  const silent = isSilent(recorder, now);
  return rows.map((row) => {
    const reported = {
      fieldId: row.fieldId,
      state: row.state as CameraStatus['state'],
      since: row.since,
      lastSegmentAt: row.lastSegmentAt,
      bufferSeconds: row.bufferSeconds,
      message: row.message,
    };
    if (!silent || row.state === 'no-camera') return reported;
    return {
      ...reported,
      state: 'offline',
      since: row.state === 'recording' ? stoppedAt(row) : (row.since ?? stoppedAt(row)),
      message: SILENT_RECORDER_MESSAGE,
    };
  });
}

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
  const open = new Map((await openOutagesOf(db, recorder.id)).map((o) => [o.fieldId, o]));

  for (const camera of cameras) {
    const outage = open.get(camera.fieldId);
    open.delete(camera.fieldId);
    const before = previous.get(camera.fieldId);
    // The recorder was silent while this camera was last known recording: that silence was an outage.
    const silentStart = silentUntilNow && before?.state === 'recording' && !outage ? stoppedAt(before) : undefined;
    if (NOT_RECORDING.has(camera.state)) {
      if (!outage) {
        // Failing clips and a refused address begin when the recorder says, whatever video arrives.
        const videoStopped = VIDEO_ARRIVES.has(camera.state) ? null : camera.lastSegmentAt;
        const startedAt = earliest(silentStart, videoStopped, camera.since, at)!;
        // No backdated outage: it cannot start before the recorder's previous report of this camera.
        const floor = before?.reportedAt ?? recorder.lastSeenAt ?? at;
        await insertOutage(db, {
          recorderId: recorder.id,
          fieldId: camera.fieldId,
          state: camera.state,
          startedAt: minIso(maxIso(startedAt, floor), at),
          endedAt: null,
        });
      } else if (outage.state !== camera.state) await setOutageState(db, outage.id, camera.state);
    } else if (outage) {
      await closeOutage(db, outage, at);
    } else if (silentStart && camera.state === 'recording') {
      await insertOutage(db, { recorderId: recorder.id, fieldId: camera.fieldId, state: 'offline', startedAt: silentStart, endedAt: at });
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
