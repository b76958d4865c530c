import type { KioskLanguage } from '@courtreplay/shared';
import type { Db } from '../db/database.ts';

export interface VenueRow {
  id: number;
  name: string;
  location: string;
  language: KioskLanguage;
  createdAt: string;
}

const COLUMNS = ['id', 'name', 'location', 'language', 'createdAt'] as const;

/** Every venue, or only `venueId` when given (an admin's scope); by name. */
export async function listVenues(db: Db, venueId?: number): Promise<VenueRow[]> {
  let query = db.selectFrom('venues').select(COLUMNS).orderBy('name').orderBy('id');
  if (venueId !== undefined) query = query.where('id', '=', venueId);
  return query.execute();
}

export async function findVenue(db: Db, id: number): Promise<VenueRow | undefined> {
  return db.selectFrom('venues').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function insertVenue(db: Db, row: Omit<VenueRow, 'id' | 'language'> & { language?: KioskLanguage }): Promise<VenueRow> {
  return db.insertInto('venues').values(row).returning(COLUMNS).executeTakeFirstOrThrow();
}

export async function updateVenue(
  db: Db,
  id: number,
  changes: { name: string; location?: string; language?: KioskLanguage },
): Promise<VenueRow | undefined> {
  return db.updateTable('venues').set(changes).where('id', '=', id).returning(COLUMNS).executeTakeFirst();
}

/** Deletes a venue with its courts and devices in one transaction (the foreign keys cascade too). */
export async function deleteVenue(db: Db, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('devices').where('venueId', '=', id).execute();
    await trx.deleteFrom('fields').where('venueId', '=', id).execute();
    const result = await trx.deleteFrom('venues').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}
