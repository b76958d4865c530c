import type { Db } from '../db/database.ts';
import { newCourtCode } from './court-code.ts';

export interface FieldRow {
  id: number;
  name: string;
  venueId: number;
  createdAt: string;
}

export async function listFields(db: Db, venueId: number): Promise<FieldRow[]> {
  return db
    .selectFrom('fields')
    .select(['id', 'name', 'venueId', 'createdAt'])
    .where('venueId', '=', venueId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function findField(db: Db, id: number): Promise<FieldRow | undefined> {
  return db.selectFrom('fields').select(['id', 'name', 'venueId', 'createdAt']).where('id', '=', id).executeTakeFirst();
}

export async function insertField(db: Db, row: Omit<FieldRow, 'id'>): Promise<FieldRow> {
  return db
    .insertInto('fields')
    .values({ ...row, courtCode: newCourtCode() })
    .returning(['id', 'name', 'venueId', 'createdAt'])
    .executeTakeFirstOrThrow();
}

export async function renameField(db: Db, id: number, name: string): Promise<FieldRow | undefined> {
  return db.updateTable('fields').set({ name }).where('id', '=', id).returning(['id', 'name', 'venueId', 'createdAt']).executeTakeFirst();
}

/** Deletes a court; devices on it keep their venue and lose the court. */
export async function deleteField(db: Db, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('devices').set({ fieldId: null }).where('fieldId', '=', id).execute();
    const result = await trx.deleteFrom('fields').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

/** The venue's courts with their poster codes (for the venue's admins). */
export async function listFieldCodes(db: Db, venueId: number): Promise<{ id: number; courtCode: string | null }[]> {
  return db.selectFrom('fields').select(['id', 'courtCode']).where('venueId', '=', venueId).execute();
}

/** A new poster code for the court (the old poster stops working); null for an unknown court. */
export async function renewCourtCode(db: Db, id: number): Promise<string | null> {
  const courtCode = newCourtCode();
  const result = await db.updateTable('fields').set({ courtCode }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? courtCode : null;
}

/** Which of the courts `ids` belong to the venue. */
export async function courtsOfVenue(db: Db, venueId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom('fields').select('id').where('venueId', '=', venueId).where('id', 'in', ids).execute()).map((f) => f.id);
}

/** The venue of a court; undefined for an unknown court. */
export async function venueOfCourt(db: Db, fieldId: number): Promise<number | undefined> {
  return (await db.selectFrom('fields').select('venueId').where('id', '=', fieldId).executeTakeFirst())?.venueId;
}
