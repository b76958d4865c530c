// Cameras on courts and recorders as devices of a venue. A camera's password never leaves the
// server towards a person: answers, audit entries and log lines carry maskCameraUrl(url); the full
// address goes only to the venue's own recorder (setup.ts).
import { FIELD_MESSAGES, maskCameraUrl, RECORDER_MESSAGES, VENUE_MESSAGES, type Recorder } from '@courtreplay/shared';
import type { AppDeps } from '../app-env.ts';
import { assertVenueAccess, venueScope, type SessionAdmin } from '../auth/venue-access.ts';
import { hashToken, newSessionToken } from '../auth/tokens.ts';
import { notFound } from '../errors.ts';
import { findField } from '../fields/service.ts';
import { findVenue } from '../venues/service.ts';
import {
  cameraOf,
  cameraStatesOf,
  deleteRecorder,
  findRecorder,
  insertRecorder,
  openOutagesOf,
  recordersIn,
  setCameraUrl,
} from './queries.ts';
import { effectiveCameras, isSilent } from './states.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export const maskedCamera = (url: string | null | undefined, subUrl?: string | null) =>
  url ? { url: maskCameraUrl(url), subUrl: subUrl ? maskCameraUrl(subUrl) : null } : null;

/**
 * Sets (or with a null url removes) a court's camera and its sub-stream (left out: kept as it is;
 * removed with the camera); answers the court and its masked camera before and after.
 */
export async function setFieldCamera(
  deps: Deps,
  admin: SessionAdmin,
  fieldId: number,
  input: { url: string | null; subUrl?: string | null },
) {
  const field = await findField(deps.db, fieldId);
  if (!field) throw notFound(FIELD_MESSAGES.notFound);
  assertVenueAccess(admin, field.venueId);
  const stored = await cameraOf(deps.db, fieldId);
  const subUrl = input.url === null ? null : input.subUrl === undefined ? (stored?.cameraSubUrl ?? null) : input.subUrl;
  await setCameraUrl(deps.db, fieldId, input.url, subUrl);
  return { field: { ...field, camera: maskedCamera(input.url, subUrl) }, before: maskedCamera(stored?.cameraUrl, stored?.cameraSubUrl) };
}

/** A new recorder for the venue and its token, which is answered this once and stored only hashed. */
export async function createRecorder(deps: Deps, admin: SessionAdmin, input: { venueId: number; name: string }) {
  assertVenueAccess(admin, input.venueId);
  if (!(await findVenue(deps.db, input.venueId))) throw notFound(VENUE_MESSAGES.notFound);
  const token = newSessionToken();
  const row = await insertRecorder(deps.db, {
    venueId: input.venueId,
    name: input.name,
    tokenHash: hashToken(token),
    createdAt: deps.clock.now().toISOString(),
  });
  return { id: row.id, name: row.name, venueId: row.venueId, token };
}

/**
 * The recorders the admin may see, each camera as it stands now (a silent recorder's are offline)
 * and, while it does not record, failing since its current failure began (its outage's reason).
 */
export async function listRecorders(deps: Deps, admin: SessionAdmin, venueId?: number): Promise<Recorder[]> {
  const rows = await recordersIn(deps.db, venueScope(admin) ?? venueId ?? null);
  const ids = rows.map((r) => r.id);
  const states = await cameraStatesOf(deps.db, ids);
  const failingSince = new Map(
    (await openOutagesOf(deps.db, ids)).map((o) => [`${o.recorderId}:${o.fieldId}`, o.reasonSince ?? o.startedAt]),
  );
  const now = deps.clock.now();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    venueId: r.venueId,
    lastSeenAt: r.lastSeenAt,
    cameras: effectiveCameras(
      r,
      states.filter((s) => s.recorderId === r.id),
      now,
    ).map((camera) => {
      const since = isSilent(r, now) || camera.state === 'recording' ? undefined : failingSince.get(`${r.id}:${camera.fieldId}`);
      return since ? { ...camera, since } : camera;
    }),
  }));
}

/** Revokes a recorder: its row (and token hash) is deleted, so its next call is a 401. */
export async function removeRecorder(deps: Deps, admin: SessionAdmin, id: number) {
  const recorder = await findRecorder(deps.db, id);
  if (!recorder) throw notFound(RECORDER_MESSAGES.notFound);
  assertVenueAccess(admin, recorder.venueId);
  await deleteRecorder(deps.db, id);
  return recorder;
}

// What the other features use of this one; its queries.ts is its own.
export { recorderByTokenHash, type RecorderRow, venueCourtCameras } from './queries.ts';
