// SQL of the first-run checklist: which of the things a kiosk needs to sell exist yet.
import type { Db } from '../db/database.ts';

/** Whether there is a venue, a court, a default price (global or a venue's) and an authorised kiosk. */
export async function installProgress(db: Db): Promise<{ venue: boolean; court: boolean; price: boolean; kiosk: boolean }> {
  const exists = async (query: { executeTakeFirst(): Promise<unknown> }) => (await query.executeTakeFirst()) !== undefined;
  const [venue, court, price, kiosk] = await Promise.all([
    exists(db.selectFrom('venues').select('id').limit(1)),
    exists(db.selectFrom('fields').select('id').limit(1)),
    // A price for every venue, or a venue's own (migration 027): either lets its kiosks sell.
    (await exists(db.selectFrom('config_entries').select('key').where('key', '=', 'DEFAULT_PRICE').limit(1))) ||
      exists(db.selectFrom('venue_config_entries').select('key').where('key', '=', 'DEFAULT_PRICE').limit(1)),
    exists(db.selectFrom('devices').select('id').where('isAuthorized', '=', 1).limit(1)),
  ]);
  return { venue, court, price, kiosk };
}
