// The Errors tab's entries for the venue's recorders: camera outages (open until a report says the
// camera records again, or while its recorder is silent) and the recorders' own alerts (the disk
// running low, a task that failed). Each keeps its id for the same outage or alert. An offline
// camera is listed once it has been away 60 s (a blip is nothing to act on); a refused password,
// failing clips and a refused address are listed at once, each in its own words.
import { formatTime24, MESSAGES, type ErrorEntry, type ErrorKind } from '@courtreplay/shared';
import type { AppDeps } from '../app-env.ts';
import { alertsInScope, cameraStatesOf, outagesInScope, placeNames, recordersIn } from './queries.ts';
import { CAMERA_OUTAGE_LISTED_AFTER_MS, effectiveCameras, isSilent, LISTED_AT_ONCE } from './states.ts';

const T = MESSAGES.errorsTab;

/** The kind, what happened and what to do for an outage in `state`; `reason` is the recorder's message. */
function outageText(state: string, court: string, since: string, reason: string): { kind: ErrorKind; what: string; todo: string } {
  if (state === 'unauthorized') return { kind: 'camera_password', what: T.cameraPasswordWhat(court, since), todo: T.cameraPasswordTodo };
  if (state === 'clips-failing') return { kind: 'clips_failing', what: T.clipsFailingWhat(court, since, reason), todo: T.clipsFailingTodo };
  if (state === 'refused-url')
    return { kind: 'camera_offline', what: T.cameraUrlRefusedWhat(court, since, reason), todo: T.cameraUrlRefusedTodo };
  return { kind: 'camera_offline', what: T.cameraOfflineWhat(court, since, false), todo: T.cameraOfflineTodo };
}

export type RecorderErrorDraft = Omit<ErrorEntry, 'id' | 'resolvedAt' | 'resolvedBy'> & { key: string; resolvedItselfAt?: string | null };

const place = (venueId: number, venueName: string, recorderName: string) => ({
  venueId,
  venueName,
  deviceId: null,
  deviceName: recorderName,
  transactionId: null,
});

export async function cameraOutageEntries(deps: Pick<AppDeps, 'db' | 'clock'>, venueId: number | null): Promise<RecorderErrorDraft[]> {
  const now = deps.clock.now();
  const lasted = (o: { startedAt: string; endedAt: string | null }) => Date.parse(o.endedAt ?? now.toISOString()) - Date.parse(o.startedAt);
  const outages = (await outagesInScope(deps.db, venueId, now.toISOString()))
    // An offline blip shorter than a minute is nothing to act on.
    .filter((o) => LISTED_AT_ONCE.has(o.state) || lasted(o) >= CAMERA_OUTAGE_LISTED_AFTER_MS);
  // The recorder's own words for an open outage (why its clips fail, why it refuses the address).
  const reasons = new Map(
    (await cameraStatesOf(deps.db, [...new Set(outages.map((o) => o.recorderId))])).map((c) => [
      `${c.recorderId}:${c.fieldId}:${c.state}`,
      c.message,
    ]),
  );
  const stored = outages.map((o) => ({
    key: `camera:${o.recorderId}:${o.fieldId}:${o.startedAt}`,
    at: o.startedAt,
    ...place(o.venueId, o.venueName, o.recorderName),
    ...outageText(
      o.state,
      o.courtName,
      formatTime24(o.startedAt),
      (o.endedAt === null ? reasons.get(`${o.recorderId}:${o.fieldId}:${o.state}`) : null) ?? '',
    ),
    resolvedItselfAt: o.endedAt,
  }));
  const open = new Set(stored.filter((e) => e.resolvedItselfAt === null).map((e) => e.key.split(':').slice(0, 3).join(':')));
  return [...stored, ...(await silentRecorderEntries(deps, venueId, now, open))];
}

/** Cameras last reported recording by a recorder that has since gone silent: offline from when it stopped. */
async function silentRecorderEntries(deps: Pick<AppDeps, 'db'>, venueId: number | null, now: Date, open: Set<string>) {
  const silent = (await recordersIn(deps.db, venueId)).filter((r) => isSilent(r, now));
  if (!silent.length) return [];
  const { venues, courts } = await placeNames(
    deps.db,
    silent.map((r) => r.venueId),
  );
  const states = await cameraStatesOf(
    deps.db,
    silent.map((r) => r.id),
  );
  return silent.flatMap((r) => {
    const rows = states.filter((s) => s.recorderId === r.id && s.state === 'recording');
    return effectiveCameras(r, rows, now)
      .filter((c) => c.since !== null && now.getTime() - Date.parse(c.since) >= CAMERA_OUTAGE_LISTED_AFTER_MS)
      .filter((c) => !open.has(`camera:${r.id}:${c.fieldId}`))
      .map((c) => ({
        key: `camera:${r.id}:${c.fieldId}:${c.since!}`,
        kind: 'camera_offline' as const,
        at: c.since!,
        ...place(r.venueId, venues.get(r.venueId) ?? '', r.name),
        what: T.cameraOfflineWhat(courts.get(c.fieldId) ?? '?', formatTime24(c.since!), false),
        todo: T.cameraOfflineTodo,
        resolvedItselfAt: null,
      }));
  });
}

export async function recorderAlertEntries(deps: Pick<AppDeps, 'db'>, venueId: number | null): Promise<RecorderErrorDraft[]> {
  return (await alertsInScope(deps.db, venueId)).map((a) => ({
    key: `recorder-alert:${a.id}`,
    kind: 'recorder_alert' as const,
    at: a.firstAt,
    ...place(a.venueId, a.venueName, a.recorderName),
    what: T.recorderAlertWhat(a.recorderName, a.message),
    todo: a.code === 'disk-low' ? T.recorderAlertTodo : T.recorderTaskTodo,
    resolvedItselfAt: a.resolvedAt,
  }));
}
