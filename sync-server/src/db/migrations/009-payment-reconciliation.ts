// Payment reconciliation: when the reconciler next asks the provider about a pending purchase and
// how often it already asked (so the backoff survives a restart), and the reversal flag of a paid
// purchase whose money the provider took back (deny, cancel, refund after settlement). The flag
// never changes paymentStatus: the clips are delivered, an admin decides.
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const paymentReconciliation009: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('purchases')
      .addColumn('reconcileAttempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('purchases').addColumn('reconcileAt', 'text').execute();
    await db.schema.alterTable('purchases').addColumn('paymentReversal', 'text').execute();
    await db.schema.alterTable('purchases').addColumn('paymentReversedAt', 'text').execute();
    await db.schema.createIndex('purchases_reversed_idx').on('purchases').columns(['paymentReversedAt']).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('purchases_reversed_idx').execute();
    for (const column of ['paymentReversedAt', 'paymentReversal', 'reconcileAt', 'reconcileAttempts']) {
      await db.schema.alterTable('purchases').dropColumn(column).execute();
    }
  },
};
