import type { KioskLanguage } from '@courtreplay/shared';
import type { Db } from '../db/database.ts';
import { isPostgres } from '../db/dialect.ts';

export interface CourtByCode {
  fieldId: number;
  venueId: number;
  courtName: string;
  venueName: string;
  venueLanguage: KioskLanguage;
}

export async function findCourtByCode(db: Db, courtCode: string): Promise<CourtByCode | undefined> {
  return db
    .selectFrom('fields')
    .innerJoin('venues', 'venues.id', 'fields.venueId')
    .select([
      'fields.id as fieldId',
      'fields.venueId',
      'fields.name as courtName',
      'venues.name as venueName',
      'venues.language as venueLanguage',
    ])
    .where('fields.courtCode', '=', courtCode)
    .executeTakeFirst();
}

/** The latest mark since `since` by one phone (on any court) or on one court, if any. */
async function latestMark(db: Db, by: { phoneKey: string } | { fieldId: number }, since: string) {
  const query = db
    .selectFrom('court_marks')
    .innerJoin('fields', 'fields.id', 'court_marks.fieldId')
    .select(['court_marks.id', 'court_marks.markedAt', 'fields.name as courtName'])
    .where('court_marks.markedAt', '>', since)
    .orderBy('court_marks.markedAt', 'desc');
  const one =
    'phoneKey' in by ? query.where('court_marks.phoneKey', '=', by.phoneKey) : query.where('court_marks.fieldId', '=', by.fieldId);
  return one.executeTakeFirst();
}

export async function insertMark(db: Db, row: { fieldId: number; markedAt: string; phoneKey: string }): Promise<number> {
  return Number((await db.insertInto('court_marks').values(row).returning('id').executeTakeFirstOrThrow()).id);
}

/** The phone has this mark: it marked it, or tapped within the court's 10 s of it (a repeat changes nothing). */
export async function claimMark(db: Db, row: { markId: number; phoneKey: string; claimedAt: string }): Promise<void> {
  await db
    .insertInto('mark_claims')
    .values(row)
    .onConflict((oc) => oc.columns(['markId', 'phoneKey']).doNothing())
    .execute();
}

/**
 * Stores `row` unless the phone marked since `phoneSince` or the court was marked since
 * `courtSince`: then answers that earlier mark, which stands for this tap. A venue's taps are
 * decided one at a time (its row locked on PostgreSQL, across instances; SQLite runs one
 * transaction at a time), so a burst of simultaneous taps cannot all find the court unmarked, and
 * a venue's marks are committed in the order of their ids: the recorder's cursor (the last id it
 * took) can never pass a mark that another instance commits a moment later.
 */
export async function insertMarkUnlessRecent(
  db: Db,
  row: { fieldId: number; markedAt: string; phoneKey: string },
  since: { phone: string; court: string },
): Promise<{ id: number; markedAt: string; courtName: string; recorded: boolean }> {
  return db.transaction().execute((tx) => insertMarkInTransaction(tx, row, since));
}

/** insertMarkUnlessRecent's work inside a transaction `tx` (its own, or one a test holds open). */
export async function insertMarkInTransaction(
  tx: Db,
  row: { fieldId: number; markedAt: string; phoneKey: string },
  since: { phone: string; court: string },
): Promise<{ id: number; markedAt: string; courtName: string; recorded: boolean }> {
  if (isPostgres(tx)) {
    const venue = tx.selectFrom('fields').select('venueId').where('id', '=', row.fieldId);
    // NO KEY UPDATE: other transactions may still refer to the venue (a purchase), only marks wait.
    await tx.selectFrom('venues').select('id').where('id', '=', venue).forNoKeyUpdate().execute();
  }
  const earlier =
    (await latestMark(tx, { phoneKey: row.phoneKey }, since.phone)) ?? (await latestMark(tx, { fieldId: row.fieldId }, since.court));
  if (earlier) return { ...earlier, id: Number(earlier.id), recorded: false };
  return { id: await insertMark(tx, row), markedAt: row.markedAt, courtName: '', recorded: true };
}

/**
 * The venue's marks since `since`, newest first (the kiosks' "Marked moments"), but those whose
 * clip failed: the kiosk must not point at a clip that will not come. All the others: a court
 * stores at most one mark per 10 s, so two hours hold at most 720 per court, and a cut-off would
 * let a flood on one court push a player's earlier mark out of the list.
 */
export async function venueMarksSince(db: Db, venueId: number, since: string): Promise<{ fieldId: number; at: string }[]> {
  return db
    .selectFrom('court_marks')
    .innerJoin('fields', 'fields.id', 'court_marks.fieldId')
    .select(['court_marks.fieldId', 'court_marks.markedAt as at'])
    .where('fields.venueId', '=', venueId)
    .where('court_marks.markedAt', '>=', since)
    .where((eb) => eb.or([eb('court_marks.clipState', 'is', null), eb('court_marks.clipState', '!=', 'failed')]))
    .orderBy('court_marks.markedAt', 'desc')
    .execute();
}

export async function deleteMarksBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('court_marks').where('markedAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
