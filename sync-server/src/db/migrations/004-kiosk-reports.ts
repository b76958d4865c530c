// What kiosks report about their offline work: purchases their outbox parked (the server refused
// them; an operator looks at the reason) and each purchase's clip upload progress. Dialect-neutral:
// Kysely's schema builder only, the auto-generated id chosen by dialect as in 001.
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const kioskReports004: Migration = {
  async up(db: AnyDb) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('parked_purchases')
      .addColumn('id', 'integer', (c) => (postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
      .addColumn('deviceId', 'text', (c) => c.notNull())
      .addColumn('venueId', 'integer', (c) => c.notNull())
      .addColumn('idempotencyKey', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('videoCount', 'integer', (c) => c.notNull())
      .addColumn('totalAmount', 'integer', (c) => c.notNull())
      .addColumn('isStaging', 'integer', (c) => c.notNull())
      .addColumn('queuedAt', 'text', (c) => c.notNull())
      .addColumn('parkedAt', 'text', (c) => c.notNull())
      .addColumn('reportedAt', 'text', (c) => c.notNull())
      .addUniqueConstraint('parked_purchases_device_key_uq', ['deviceId', 'idempotencyKey'])
      .execute();
    await db.schema.createIndex('parked_purchases_venue_idx').on('parked_purchases').columns(['venueId', 'reportedAt']).execute();
    await db.schema.createIndex('parked_purchases_reported_idx').on('parked_purchases').column('reportedAt').execute();

    await db.schema
      .createTable('upload_progress')
      .addColumn('purchaseId', 'text', (c) => c.primaryKey())
      .addColumn('deviceId', 'text', (c) => c.notNull())
      .addColumn('uploaded', 'integer', (c) => c.notNull())
      .addColumn('failed', 'integer', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull().check(sql`"state" in ('uploading', 'done', 'failed')`))
      .addColumn('reason', 'text')
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();
  },

  async down(db: AnyDb) {
    await db.schema.dropTable('upload_progress').execute();
    await db.schema.dropTable('parked_purchases').execute();
  },
};
