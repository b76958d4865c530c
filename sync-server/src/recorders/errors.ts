// The Errors tab's entries for the venue's recorders: camera outages of 60 s or more (open until a
// report says the camera records again, or while its recorder is silent) and the recorders' own
// alerts (the disk running low). Each keeps its id for the same outage or alert.
import { formatTime24, MESSAGES, type ErrorEntry } from '@courtreplay/shared';
import type { AppDeps } from '../app-env.ts';
import { alertsInScope, cameraStatesOf, outagesInScope, placeNames, recordersIn } from './queries.ts';
import { CAMERA_OUTAGE_LISTED_AFTER_MS, effectiveCameras, isSilent } from './states.ts';

const T = MESSAGES.errorsTab;

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
  const listedBefore = new Date(now.getTime() - CAMERA_OUTAGE_LISTED_AFTER_MS).toISOString();
  const stored = (await outagesInScope(deps.db, venueId, listedBefore))
    // A blip shorter than a minute that already ended is nothing to act on.
    .filter((o) => o.endedAt === null || Date.parse(o.endedAt) - Date.parse(o.startedAt) >= CAMERA_OUTAGE_LISTED_AFTER_MS)
    .map((o) => ({
      key: `camera:${o.recorderId}:${o.fieldId}:${o.startedAt}`,
      kind: 'camera_offline' as const,
      at: o.startedAt,
      ...place(o.venueId, o.venueName, o.recorderName),
      what: T.cameraOfflineWhat(o.courtName, formatTime24(o.startedAt), o.state === 'unauthorized'),
      todo: T.cameraOfflineTodo,
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
    todo: T.recorderAlertTodo,
    resolvedItselfAt: a.resolvedAt,
  }));
}
