// Promo codes with a season: optional first and last days, venue-local and
// inclusive (YYYY-MM-DD in Asia/Jakarta), and an on/off switch, so a venue can plan a campaign and
// pause a code without deleting it (and losing its count of uses).
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const promoSchedule022: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('promo_codes').addColumn('startsOn', 'text').execute();
    await db.schema.alterTable('promo_codes').addColumn('endsOn', 'text').execute();
    await db.schema
      .alterTable('promo_codes')
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  },
  async down(db: AnyDb) {
    for (const column of ['active', 'endsOn', 'startsOn']) await db.schema.alterTable('promo_codes').dropColumn(column).execute();
  },
};
