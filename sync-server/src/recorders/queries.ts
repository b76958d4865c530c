// SQL of the venue's recorders: cameras on courts, recorders and their tokens' hashes, the cameras'
// reported states, their outages and the recorders' alerts, and the marks a recorder cuts.
import type { MarkClipState, MarkFailureReason } from '@courtreplay/shared';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { isPostgres } from '../db/dialect.ts';
import { idsBeyondNewestPerVenue, newestPerVenue } from '../db/newest-per-venue.ts';

export async function setCameraUrl(db: Db, fieldId: number, cameraUrl: string | null, cameraSubUrl: string | null): Promise<void> {
  await db.updateTable('fields').set({ cameraUrl, cameraSubUrl }).where('id', '=', fieldId).execute();
}

export async function cameraUrlOf(db: Db, fieldId: number): Promise<string | null | undefined> {
  return (await cameraOf(db, fieldId))?.cameraUrl;
}

/** The court's camera addresses, main and sub-stream (unmasked). */
export async function cameraOf(db: Db, fieldId: number) {
  return db.selectFrom('fields').select(['cameraUrl', 'cameraSubUrl']).where('id', '=', fieldId).executeTakeFirst();
}

/** The venue's courts with their camera addresses (unmasked: for the recorder and for masking). */
export async function venueCourtCameras(db: Db, venueId: number) {
  return db
    .selectFrom('fields')
    .select(['id', 'name', 'cameraUrl', 'cameraSubUrl'])
    .where('venueId', '=', venueId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Of these courts, the ids of those that belong to another venue than `venueId`. */
export async function courtsOfOtherVenues(db: Db, venueId: number, fieldIds: number[]): Promise<number[]> {
  if (fieldIds.length === 0) return [];
  const rows = await db.selectFrom('fields').select('id').where('id', 'in', fieldIds).where('venueId', '!=', venueId).execute();
  return rows.map((r) => r.id);
}

export interface RecorderRow {
  id: number;
  venueId: number;
  name: string;
  createdAt: string;
  lastSeenAt: string | null;
}

const RECORDER_COLUMNS = ['id', 'venueId', 'name', 'createdAt', 'lastSeenAt'] as const;

export async function insertRecorder(
  db: Db,
  row: { venueId: number; name: string; tokenHash: string; createdAt: string },
): Promise<RecorderRow> {
  return db.insertInto('recorders').values(row).returning(RECORDER_COLUMNS).executeTakeFirstOrThrow();
}

export async function recorderByTokenHash(db: Db, tokenHash: string): Promise<RecorderRow | undefined> {
  return db.selectFrom('recorders').select(RECORDER_COLUMNS).where('tokenHash', '=', tokenHash).executeTakeFirst();
}

export async function findRecorder(db: Db, id: number): Promise<RecorderRow | undefined> {
  return db.selectFrom('recorders').select(RECORDER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Recorders of a venue, or of every venue (null). */
export async function recordersIn(db: Db, venueId: number | null): Promise<RecorderRow[]> {
  let q = db.selectFrom('recorders').select(RECORDER_COLUMNS).orderBy('venueId').orderBy('name').orderBy('id');
  if (venueId !== null) q = q.where('venueId', '=', venueId);
  return q.execute();
}

/** Whether the venue has any recorder (then marks go to it, and only on courts with a camera). */
export async function venueHasRecorder(db: Db, venueId: number): Promise<boolean> {
  return (await db.selectFrom('recorders').select('id').where('venueId', '=', venueId).limit(1).executeTakeFirst()) !== undefined;
}

export async function deleteRecorder(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('recorders').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function touchRecorder(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('recorders').set({ lastSeenAt: at }).where('id', '=', id).execute();
}

export interface CameraStateRow {
  recorderId: number;
  fieldId: number;
  state: string;
  since: string | null;
  lastSegmentAt: string | null;
  bufferSeconds: number | null;
  message: string | null;
  reportedAt: string;
}

export async function cameraStatesOf(db: Db, recorderIds: number[]): Promise<CameraStateRow[]> {
  if (recorderIds.length === 0) return [];
  return db.selectFrom('recorder_cameras').selectAll().where('recorderId', 'in', recorderIds).orderBy('fieldId').execute();
}

/** Replaces the recorder's camera states with its latest report (inside the caller's transaction, if any). */
export async function replaceCameraStates(db: Db, recorderId: number, rows: CameraStateRow[]): Promise<void> {
  const replace = async (trx: Db) => {
    await trx.deleteFrom('recorder_cameras').where('recorderId', '=', recorderId).execute();
    if (rows.length) await trx.insertInto('recorder_cameras').values(rows).execute();
  };
  await (db.isTransaction ? replace(db) : db.transaction().execute(replace));
}

/**
 * In a transaction: the recorder as it stands, its reports taken one at a time (its row locked on
 * PostgreSQL, across instances; SQLite runs one transaction at a time). Undefined once removed.
 */
export async function lockRecorder(tx: Db, id: number): Promise<RecorderRow | undefined> {
  let q = tx.selectFrom('recorders').select(RECORDER_COLUMNS).where('id', '=', id);
  if (isPostgres(tx)) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The open outages of these recorders, one at most per camera. */
export async function openOutagesOf(db: Db, recorderIds: number[]) {
  if (recorderIds.length === 0) return [];
  return db
    .selectFrom('recorder_outages')
    .select(['id', 'recorderId', 'fieldId', 'state', 'startedAt', 'reason', 'reasonSince'])
    .where('recorderId', 'in', recorderIds)
    .where('endedAt', 'is', null)
    .execute();
}

export async function insertOutage(
  db: Db,
  row: {
    recorderId: number;
    fieldId: number;
    state: string;
    startedAt: string;
    endedAt: string | null;
    reason: string | null;
    reasonSince: string;
  },
) {
  await db.insertInto('recorder_outages').values(row).execute();
}

/** An open outage's state and reason as the latest report has them (and since when, for a new failure). */
export async function updateOutage(
  db: Db,
  id: number,
  change: { state: string; reason: string | null; reasonSince?: string },
): Promise<void> {
  await db.updateTable('recorder_outages').set(change).where('id', '=', id).execute();
}

export async function endOutage(db: Db, id: number, endedAt: string): Promise<void> {
  await db.updateTable('recorder_outages').set({ endedAt }).where('id', '=', id).execute();
}

/** An outage that never lasted long enough to be listed is not kept. */
export async function deleteOutage(db: Db, id: number): Promise<void> {
  await db.deleteFrom('recorder_outages').where('id', '=', id).execute();
}

/**
 * How many resolved outages, and resolved alerts, the Errors tab reads per venue; open ones are
 * all read (one at most per camera, or per recorder and kind of alert). Per venue, so that one
 * venue's recorder, however busy, never pushes another venue's entries out of the list.
 */
export const RESOLVED_PER_VENUE = 200;

/** Outages in the scope that began before `startedBefore`, with their court's and venue's names: every open one, the newest resolved per venue. */
export async function outagesInScope(db: Db, venueId: number | null, startedBefore: string) {
  let q = db
    .selectFrom('recorder_outages as o')
    .innerJoin('recorders as r', 'r.id', 'o.recorderId')
    .innerJoin('fields as f', 'f.id', 'o.fieldId')
    .innerJoin('venues as v', 'v.id', 'r.venueId')
    .select([
      'o.id',
      'o.recorderId',
      'o.fieldId',
      'o.state',
      'o.startedAt',
      'o.endedAt',
      'o.reason',
      'o.reasonSince',
      'r.name as recorderName',
      'r.venueId',
      'v.name as venueName',
      'f.name as courtName',
    ])
    .where('o.startedAt', '<=', startedBefore);
  if (venueId !== null) q = q.where('r.venueId', '=', venueId);
  return newestPerVenue(db, q, { venue: 'r.venueId', newest: 'o.startedAt', limit: RESOLVED_PER_VENUE, openWhereNull: 'o.endedAt' });
}

export async function openAlertsOf(db: Db, recorderId: number) {
  return db
    .selectFrom('recorder_alerts')
    .select(['id', 'code'])
    .where('recorderId', '=', recorderId)
    .where('resolvedAt', 'is', null)
    .execute();
}

export async function insertAlert(db: Db, row: { recorderId: number; code: string; message: string; firstAt: string }) {
  await db.insertInto('recorder_alerts').values(row).execute();
}

export async function setAlertMessage(db: Db, id: number, message: string): Promise<void> {
  await db.updateTable('recorder_alerts').set({ message }).where('id', '=', id).execute();
}

export async function resolveAlert(db: Db, id: number, resolvedAt: string): Promise<void> {
  await db.updateTable('recorder_alerts').set({ resolvedAt }).where('id', '=', id).execute();
}

/** The recorders' alerts in the scope: every open one, the newest resolved per venue. */
export async function alertsInScope(db: Db, venueId: number | null) {
  let q = db
    .selectFrom('recorder_alerts as a')
    .innerJoin('recorders as r', 'r.id', 'a.recorderId')
    .innerJoin('venues as v', 'v.id', 'r.venueId')
    .select(['a.id', 'a.code', 'a.message', 'a.firstAt', 'a.resolvedAt', 'r.name as recorderName', 'r.venueId', 'v.name as venueName']);
  if (venueId !== null) q = q.where('r.venueId', '=', venueId);
  return newestPerVenue(db, q, { venue: 'r.venueId', newest: 'a.firstAt', limit: RESOLVED_PER_VENUE, openWhereNull: 'a.resolvedAt' });
}

/** The recorders' two histories: each row's venue is its recorder's, and it is resolved once `resolved` is set. */
const HISTORIES = {
  outages: { table: 'recorder_outages', resolved: 'endedAt', newest: 'startedAt' },
  alerts: { table: 'recorder_alerts', resolved: 'resolvedAt', newest: 'firstAt' },
} as const;

/**
 * Deletes a history's rows resolved before `before`, and every resolved one past the newest
 * RESOLVED_PER_VENUE of its venue. Answers how many went.
 */
export async function pruneHistory(db: Db, which: keyof typeof HISTORIES, before: string): Promise<number> {
  const { table, resolved, newest } = HISTORIES[which];
  const old = await db.deleteFrom(table).where(sql.ref(resolved), '<', before).executeTakeFirst();
  // Both tables have id and recorderId, the only columns named by type below.
  const resolvedRows = db
    .selectFrom(`${table} as h` as 'recorder_outages as h')
    .innerJoin('recorders as r', 'r.id', 'h.recorderId')
    .where(sql.ref(`h.${resolved}`), 'is not', null)
    .select('h.id');
  const surplus = idsBeyondNewestPerVenue(db, resolvedRows, { venue: 'r.venueId', newest: `h.${newest}`, limit: RESOLVED_PER_VENUE });
  const beyond = await db.deleteFrom(table).where('id', 'in', surplus).executeTakeFirst();
  return Number(old.numDeletedRows) + Number(beyond.numDeletedRows);
}

/** The newest mark's id: the cursor a recorder starts from. */
export async function newestMarkId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('court_marks')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Marks after the cursor on the venue's courts that have a camera, oldest first. */
export async function venueCameraMarksAfter(db: Db, venueId: number, afterId: number, limit = 100) {
  return db
    .selectFrom('court_marks')
    .innerJoin('fields', 'fields.id', 'court_marks.fieldId')
    .select(['court_marks.id', 'court_marks.fieldId', 'court_marks.markedAt as at'])
    .where('fields.venueId', '=', venueId)
    .where('fields.cameraUrl', 'is not', null)
    .where('court_marks.id', '>', afterId)
    .orderBy('court_marks.id')
    .limit(limit)
    .execute();
}

export interface MarkClipUpdate {
  id: number;
  state: MarkClipState;
  reason: MarkFailureReason | null;
  message: string | null;
}

/**
 * Sets where marked clips stand, for marks on the venue's courts only. A `cutting` that arrives
 * after the clip was reported `ready` changes nothing: ready is final.
 */
export async function setMarkClipStates(db: Db, venueId: number, updates: MarkClipUpdate[]): Promise<void> {
  if (!updates.length) return;
  const courts = db.selectFrom('fields').select('id').where('venueId', '=', venueId);
  await db.transaction().execute(async (trx) => {
    for (const u of updates) {
      let q = trx
        .updateTable('court_marks')
        .set({ clipState: u.state, clipReason: u.reason, clipMessage: u.message })
        .where('id', '=', u.id)
        .where('fieldId', 'in', courts);
      if (u.state === 'cutting') q = q.where((eb) => eb.or([eb('clipState', 'is', null), eb('clipState', '!=', 'ready')]));
      await q.execute();
    }
  });
}

/** The court's mark at `markedAt` has no clip coming, for `reason`. */
export async function failMarkAt(db: Db, fieldId: number, markedAt: string, reason: MarkFailureReason): Promise<void> {
  await db
    .updateTable('court_marks')
    .set({ clipState: 'failed', clipReason: reason })
    .where('fieldId', '=', fieldId)
    .where('markedAt', '=', markedAt)
    .where('clipState', 'is', null)
    .execute();
}

/** The names of the venues and of their courts. */
export async function placeNames(db: Db, venueIds: number[]) {
  const ids = [...new Set(venueIds)];
  if (!ids.length) return { venues: new Map<number, string>(), courts: new Map<number, string>() };
  const venues = await db.selectFrom('venues').select(['id', 'name']).where('id', 'in', ids).execute();
  const courts = await db.selectFrom('fields').select(['id', 'name']).where('venueId', 'in', ids).execute();
  return { venues: new Map(venues.map((v) => [v.id, v.name])), courts: new Map(courts.map((f) => [f.id, f.name])) };
}
