import type { Db } from '../db/database.ts';

/** Any configuration key whose value is exactly `value` (a media URL still in use). */
export async function findKeyWithValue(db: Db, value: string): Promise<string | undefined> {
  const row = await db.selectFrom('config_entries').select('key').where('value', '=', value).executeTakeFirst();
  return row?.key;
}

/** Removes one configuration entry; true when there was one. */
export async function deleteConfigEntry(db: Db, key: string): Promise<boolean> {
  const result = await db.deleteFrom('config_entries').where('key', '=', key).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
