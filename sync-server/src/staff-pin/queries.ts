import type { Db } from '../db/database.ts';

/** The venues with a staff PIN, or only `venueId` when given (an admin's scope). */
export async function listStaffPins(db: Db, venueId: number | null): Promise<{ venueId: number; updatedAt: string }[]> {
  let query = db.selectFrom('staff_pins').select(['venueId', 'updatedAt']).orderBy('venueId');
  if (venueId !== null) query = query.where('venueId', '=', venueId);
  return query.execute();
}

export async function findStaffPinHash(db: Db, venueId: number): Promise<string | undefined> {
  const row = await db.selectFrom('staff_pins').select('pinHash').where('venueId', '=', venueId).executeTakeFirst();
  return row?.pinHash;
}

export async function upsertStaffPin(db: Db, row: { venueId: number; pinHash: string; updatedAt: string }): Promise<void> {
  await db
    .insertInto('staff_pins')
    .values(row)
    .onConflict((oc) => oc.column('venueId').doUpdateSet({ pinHash: row.pinHash, updatedAt: row.updatedAt }))
    .execute();
}

export async function deleteStaffPin(db: Db, venueId: number): Promise<void> {
  await db.deleteFrom('staff_pins').where('venueId', '=', venueId).execute();
}
