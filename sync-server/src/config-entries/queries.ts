import type { Db } from '../db/database.ts';

export interface ConfigEntryRow {
  key: string;
  value: string;
}

export interface VenueConfigEntryRow extends ConfigEntryRow {
  venueId: number;
}

export async function listConfigEntries(db: Db, keys?: readonly string[]): Promise<ConfigEntryRow[]> {
  let query = db.selectFrom('config_entries').select(['key', 'value']).orderBy('key');
  if (keys) query = query.where('key', 'in', keys.length ? [...keys] : ['']);
  return query.execute();
}

/** Venues' own values: of one venue, or (venueId undefined) of every venue, for the given keys. */
export async function listVenueConfigEntries(
  db: Db,
  venueId: number | undefined,
  keys?: readonly string[],
): Promise<VenueConfigEntryRow[]> {
  let query = db.selectFrom('venue_config_entries').select(['venueId', 'key', 'value']).orderBy('venueId').orderBy('key');
  if (venueId !== undefined) query = query.where('venueId', '=', venueId);
  if (keys) query = query.where('key', 'in', keys.length ? [...keys] : ['']);
  return query.execute();
}

export async function findConfigValue(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('config_entries').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function findVenueConfigValue(db: Db, venueId: number, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('venue_config_entries')
    .select('value')
    .where('venueId', '=', venueId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

export async function listVenues(db: Db): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('venues').select(['id', 'name']).orderBy('id').execute();
}

export async function findVenue(db: Db, id: number): Promise<{ id: number; name: string } | undefined> {
  return db.selectFrom('venues').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

/**
 * Writes several entries in one transaction (a price of 0 also turns its gateway off): global ones
 * (venueId null) or one venue's own; a value of null removes the venue's own value.
 */
export async function writeConfigEntries(
  db: Db,
  venueId: number | null,
  entries: readonly { key: string; value: string | null }[],
  updatedAt: string,
  alsoInTrx?: (trx: Db) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await alsoInTrx?.(trx);
    for (const { key, value } of entries) {
      if (venueId === null) {
        if (value === null) continue;
        await trx
          .insertInto('config_entries')
          .values({ key, value, updatedAt })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value, updatedAt }))
          .execute();
      } else if (value === null) {
        await trx.deleteFrom('venue_config_entries').where('venueId', '=', venueId).where('key', '=', key).execute();
      } else {
        await trx
          .insertInto('venue_config_entries')
          .values({ venueId, key, value, updatedAt })
          .onConflict((oc) => oc.columns(['venueId', 'key']).doUpdateSet({ value, updatedAt }))
          .execute();
      }
    }
  });
}

/** Global entries only (the CMS media and copy). */
export async function upsertConfigEntries(
  db: Db,
  entries: readonly ConfigEntryRow[],
  updatedAt: string,
  alsoInTrx?: (trx: Db) => Promise<void>,
): Promise<void> {
  await writeConfigEntries(db, null, entries, updatedAt, alsoInTrx);
}

/** The entries in force at a venue for these keys: its own values over the global ones. */
export async function loadEntriesInForce(db: Db, venueId: number, keys: readonly string[]): Promise<ConfigEntryRow[]> {
  const byKey = new Map<string, string>();
  for (const { key, value } of await listConfigEntries(db, keys)) byKey.set(key, value);
  for (const { key, value } of await listVenueConfigEntries(db, venueId, keys)) byKey.set(key, value);
  return [...byKey].map(([key, value]) => ({ key, value }));
}
