// The Errors tab's entries for the venue's recorders: camera outages (open until a report says the
// camera records again, or while its recorder is silent) and the recorders' own alerts (the disk
// running low, a task that failed). An outage's entry is its current failure: a new reason within
// the same outage (no answer, then 404) is a new entry from when it began, with its own advice. An
// offline camera is listed once it has been away 60 s (a blip is nothing to act on); a refused
// password, failing clips and a refused address are listed at once. Entries carry facts; the
// back-office words them (shared/src/error-entry-text.ts).
import { CAMERA_REASONS, cameraReasonOf, RECORDER_ALERT_CODES, type CameraReason } from '@courtreplay/shared';
import type { AppDeps } from '../app-env.ts';
import type { ErrorDraft } from '../error-log/draft.ts';
import { alertsInScope, cameraStatesOf, outagesInScope, placeNames, recordersIn } from './queries.ts';
import { CAMERA_OUTAGE_LISTED_AFTER_MS, effectiveCameras, isSilent, LISTED_AT_ONCE } from './states.ts';

/** The kind of entry for an outage in `state`. */
const kindOf = (state: string) =>
  state === 'unauthorized'
    ? ('camera_password' as const)
    : state === 'clips-failing'
      ? ('clips_failing' as const)
      : ('camera_offline' as const);

const knownReason = (reason: string | null): CameraReason | null => CAMERA_REASONS.find((known) => known === reason) ?? null;

const place = (venueId: number, venueName: string, recorderName: string) => ({
  venueId,
  venueName,
  deviceId: null,
  deviceName: recorderName,
  transactionId: null,
});

export async function cameraOutageEntries(deps: Pick<AppDeps, 'db' | 'clock'>, venueId: number | null): Promise<ErrorDraft[]> {
  const now = deps.clock.now();
  const lasted = (o: { startedAt: string; endedAt: string | null }) => Date.parse(o.endedAt ?? now.toISOString()) - Date.parse(o.startedAt);
  const outages = (await outagesInScope(deps.db, venueId, now.toISOString()))
    // An offline blip shorter than a minute is nothing to act on.
    .filter((o) => LISTED_AT_ONCE.has(o.state) || lasted(o) >= CAMERA_OUTAGE_LISTED_AFTER_MS);
  // ffmpeg's or the recorder's words for an open outage, as the camera's latest report has them.
  const details = new Map(
    (await cameraStatesOf(deps.db, [...new Set(outages.map((o) => o.recorderId))])).map((c) => [
      `${c.recorderId}:${c.fieldId}`,
      cameraReasonOf(c.state, c.message).detail,
    ]),
  );
  const stored = outages.map((o): ErrorDraft => {
    const since = o.reasonSince ?? o.startedAt;
    return {
      key: `camera:${o.recorderId}:${o.fieldId}:${since}`,
      kind: kindOf(o.state),
      at: since,
      ...place(o.venueId, o.venueName, o.recorderName),
      facts: {
        court: o.courtName,
        since,
        reason: knownReason(o.reason),
        detail: (o.endedAt === null ? details.get(`${o.recorderId}:${o.fieldId}`) : null) ?? null,
      },
      resolvedItselfAt: o.endedAt,
    };
  });
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
      .map((c): ErrorDraft => ({
        key: `camera:${r.id}:${c.fieldId}:${c.since!}`,
        kind: 'camera_offline',
        at: c.since!,
        ...place(r.venueId, venues.get(r.venueId) ?? '', r.name),
        facts: { court: courts.get(c.fieldId) ?? '?', since: c.since!, reason: c.reason, detail: null },
        resolvedItselfAt: null,
      }));
  });
}

export async function recorderAlertEntries(deps: Pick<AppDeps, 'db'>, venueId: number | null): Promise<ErrorDraft[]> {
  return (await alertsInScope(deps.db, venueId)).flatMap((a): ErrorDraft[] => {
    const code = RECORDER_ALERT_CODES.find((known) => known === a.code);
    if (!code) return [];
    return [
      {
        key: `recorder-alert:${a.id}`,
        kind: 'recorder_alert',
        at: a.firstAt,
        ...place(a.venueId, a.venueName, a.recorderName),
        facts: { recorder: a.recorderName, code, message: a.message },
        resolvedItselfAt: a.resolvedAt,
      },
    ];
  });
}
