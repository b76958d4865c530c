import type { KioskLanguage } from '@courtreplay/shared';
import type { Db } from '../db/database.ts';

export interface CourtByCode {
  fieldId: number;
  courtName: string;
  venueName: string;
  venueLanguage: KioskLanguage;
}

export async function findCourtByCode(db: Db, courtCode: string): Promise<CourtByCode | undefined> {
  return db
    .selectFrom('fields')
    .innerJoin('venues', 'venues.id', 'fields.venueId')
    .select(['fields.id as fieldId', 'fields.name as courtName', 'venues.name as venueName', 'venues.language as venueLanguage'])
    .where('fields.courtCode', '=', courtCode)
    .executeTakeFirst();
}

/** The phone's latest mark since `since` (any court), if any. */
export async function latestMarkOfPhone(db: Db, phoneKey: string, since: string) {
  return db
    .selectFrom('court_marks')
    .innerJoin('fields', 'fields.id', 'court_marks.fieldId')
    .select(['court_marks.markedAt', 'fields.name as courtName'])
    .where('court_marks.phoneKey', '=', phoneKey)
    .where('court_marks.markedAt', '>', since)
    .orderBy('court_marks.markedAt', 'desc')
    .executeTakeFirst();
}

export async function insertMark(db: Db, row: { fieldId: number; markedAt: string; phoneKey: string }): Promise<void> {
  await db.insertInto('court_marks').values(row).execute();
}

/** The venue's marks since `since`, newest first (the kiosks' "Marked moments"). */
export async function venueMarksSince(db: Db, venueId: number, since: string): Promise<{ fieldId: number; at: string }[]> {
  return db
    .selectFrom('court_marks')
    .innerJoin('fields', 'fields.id', 'court_marks.fieldId')
    .select(['court_marks.fieldId', 'court_marks.markedAt as at'])
    .where('fields.venueId', '=', venueId)
    .where('court_marks.markedAt', '>=', since)
    .orderBy('court_marks.markedAt', 'desc')
    .limit(500)
    .execute();
}

export async function deleteMarksBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('court_marks').where('markedAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
