// Purchases, their per-scope counters and the Idempotency-Key store. Dialect-neutral: Kysely's
// schema builder only.
//
// The admin list must open page 20,000 of a million purchases about as fast as page 1. An OFFSET
// walks every skipped index entry, so each purchase carries dense ranks (seq overall, venueSeq in
// its venue, fieldSeq in its court) and the list seeks straight to `rank <= total - offset`.
import { sql, type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const purchases002: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('purchases')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('venueSeq', 'integer', (c) => c.notNull())
      .addColumn('fieldSeq', 'integer')
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('videoCount', 'integer', (c) => c.notNull())
      .addColumn('videoIds', 'text', (c) => c.notNull())
      .addColumn('videoTitles', 'text', (c) => c.notNull())
      .addColumn('subtotal', 'integer', (c) => c.notNull())
      .addColumn('discount', 'integer', (c) => c.notNull())
      .addColumn('totalAmount', 'integer', (c) => c.notNull())
      .addColumn('venueId', 'integer', (c) => c.notNull())
      .addColumn('fieldId', 'integer')
      .addColumn('deviceId', 'text', (c) => c.notNull())
      .addColumn('promoId', 'integer')
      .addColumn('promoCode', 'text')
      .addColumn('isStaging', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('paymentStatus', 'text', (c) =>
        c
          .notNull()
          .defaultTo('pending')
          .check(sql`"paymentStatus" in ('pending', 'paid', 'free', 'failed', 'expired')`),
      )
      .addColumn('paymentToken', 'text')
      .addColumn('emailStatus', 'text', (c) => c.check(sql`"emailStatus" is null or "emailStatus" in ('sent', 'failed')`))
      .addColumn('emailError', 'text')
      .addColumn('emailSentAt', 'text')
      .addColumn('zipUrl', 'text')
      .addColumn('folderId', 'text')
      .addColumn('uploadError', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .addColumn('paidAt', 'text')
      .execute();

    // Page seeks by rank, per scope.
    await db.schema.createIndex('purchases_seq_idx').on('purchases').column('seq').unique().execute();
    await db.schema.createIndex('purchases_venue_seq_idx').on('purchases').columns(['venueId', 'venueSeq']).unique().execute();
    await db.schema.createIndex('purchases_field_seq_idx').on('purchases').columns(['fieldId', 'fieldSeq']).unique().execute();
    // Date filters: the ranks at the edges of a date range, per scope (covering: no table reads).
    await db.schema.createIndex('purchases_created_idx').on('purchases').columns(['createdAt', 'seq']).execute();
    await db.schema.createIndex('purchases_venue_created_idx').on('purchases').columns(['venueId', 'createdAt', 'venueSeq']).execute();
    await db.schema.createIndex('purchases_field_created_idx').on('purchases').columns(['fieldId', 'createdAt', 'fieldSeq']).execute();
    // E-mail search (a substring, so no seek is possible) walks this narrow index newest first
    // instead of the table: counting and skipping to a deep page read no table rows.
    await db.schema.createIndex('purchases_seq_email_idx').on('purchases').columns(['seq', 'email']).execute();
    // Expiry of stale pending payments.
    await db.schema.createIndex('purchases_status_created_idx').on('purchases').columns(['paymentStatus', 'createdAt']).execute();

    await db.schema
      .createTable('purchase_counters')
      .addColumn('scope', 'text', (c) => c.primaryKey())
      .addColumn('value', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('idempotency_keys')
      .addColumn('deviceId', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('requestHash', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`"status" in ('running', 'done')`))
      .addColumn('responseStatus', 'integer')
      .addColumn('responseBody', 'text')
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['deviceId', 'key'])
      .execute();
    await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('createdAt').execute();
  },

  async down(db: AnyDb) {
    for (const table of ['idempotency_keys', 'purchase_counters', 'purchases']) await db.schema.dropTable(table).execute();
  },
};
