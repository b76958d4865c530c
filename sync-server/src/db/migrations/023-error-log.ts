// The error log: which entries an admin marked resolved, and an index so the
// log finds failed e-mails and uploads in the purchase history without reading all of it.
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const errorLog023: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('error_resolutions')
      .addColumn('entryId', 'text', (c) => c.primaryKey())
      .addColumn('resolvedAt', 'text', (c) => c.notNull())
      .addColumn('adminId', 'integer')
      .addColumn('adminEmail', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('purchase_events_kind_at').on('purchase_events').columns(['kind', 'at']).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('purchase_events_kind_at').execute();
    await db.schema.dropTable('error_resolutions').execute();
  },
};
