// A purchase's place is its clips' courts (docs/back-office.md, Courts). purchases.videoCourts keeps
// each clip's court as the kiosk sent it (a JSON list in videoIds order, null: not sent), for the
// export's one row per clip; the list's and the report's court filter find a court's purchases
// through purchase_courts by court, hence its index.
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const clipCourtList050: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('purchases').addColumn('videoCourts', 'text').execute();
    await db.schema.createIndex('purchase_courts_field').on('purchase_courts').columns(['fieldId', 'purchaseId']).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('purchase_courts_field').execute();
    await db.schema.alterTable('purchases').dropColumn('videoCourts').execute();
  },
};
