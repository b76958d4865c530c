import type { Db } from '../db/database.ts';

export interface ConfigEntryRow {
  key: string;
  value: string;
}

export async function listConfigEntries(db: Db, keys?: readonly string[]): Promise<ConfigEntryRow[]> {
  let query = db.selectFrom('config_entries').select(['key', 'value']).orderBy('key');
  if (keys) query = query.where('key', 'in', keys.length ? [...keys] : ['']);
  return query.execute();
}

export async function findConfigValue(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('config_entries').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Writes several entries in one transaction (a price of 0 also turns its gateway off). */
export async function upsertConfigEntries(
  db: Db,
  entries: readonly ConfigEntryRow[],
  updatedAt: string,
  alsoInTrx?: (trx: Db) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await alsoInTrx?.(trx);
    for (const { key, value } of entries) {
      await trx
        .insertInto('config_entries')
        .values({ key, value, updatedAt })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updatedAt }))
        .execute();
    }
  });
}
