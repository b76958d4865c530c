// A purchase's history: what happened to its e-mail and its clips after the sale, and
// which admin did it (e-mail sent or failed, resent, corrected, clips expired, erased on request).
// Append-only; the purchase detail's timeline reads it, oldest first and, within one instant, in
// insertion order: SQLite's rowid; on PostgreSQL an identity column of the same name gives that order.
import type { Kysely, Migration } from 'kysely';
import { isPostgres } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const purchaseEvents017: Migration = {
  async up(db: AnyDb) {
    let table = db.schema.createTable('purchase_events');
    if (isPostgres(db)) table = table.addColumn('rowid', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity());
    await table
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('purchaseId', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('adminId', 'integer')
      .addColumn('detail', 'text')
      .execute();
    await db.schema.createIndex('purchase_events_purchase_idx').on('purchase_events').columns(['purchaseId', 'at']).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('purchase_events').execute();
  },
};
