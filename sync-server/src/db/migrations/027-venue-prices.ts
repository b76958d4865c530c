// Per-venue prices and promo codes: a venue may override the global price, tier
// table and gateway switch (and their staging twins) with rows of its own in venue_config_entries;
// the global entries stay in config_entries. A promo code may belong to one venue (venueId; null:
// every venue). Codes stay unique over all venues, so a code names one promo wherever it is typed.
// An index lets the Promo tab count each code's paid and held uses.
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const venuePrices027: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('venue_config_entries')
      .addColumn('venueId', 'integer', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('venue_config_entries_pk', ['venueId', 'key'])
      .execute();
    // Looked up by key when a global change is checked against every venue that keeps it.
    await db.schema.createIndex('venue_config_entries_key_idx').on('venue_config_entries').column('key').execute();
    await db.schema.alterTable('promo_codes').addColumn('venueId', 'integer').execute();
    // The Promo tab counts each code's uses as paid and held (pending) from the purchases.
    await db.schema.createIndex('purchases_promo_status_idx').on('purchases').columns(['promoId', 'paymentStatus']).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('purchases_promo_status_idx').execute();
    await db.schema.alterTable('promo_codes').dropColumn('venueId').execute();
    await db.schema.dropTable('venue_config_entries').execute();
  },
};
