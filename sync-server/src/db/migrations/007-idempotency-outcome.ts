// An Idempotency-Key records the purchase it made in the same transaction as the purchase row, and
// the process that runs it: after a crash between the insert and the answer, the kiosk's retry
// finds the purchase (and answers it) instead of waiting out the key and buying a second time.
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const idempotencyOutcome007: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('idempotency_keys').addColumn('purchaseId', 'text').execute();
    await db.schema.alterTable('idempotency_keys').addColumn('ownerBoot', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('idempotency_keys').dropColumn('ownerBoot').execute();
    await db.schema.alterTable('idempotency_keys').dropColumn('purchaseId').execute();
  },
};
