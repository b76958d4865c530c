// The e-mail claim table (see schema/email-delivery.ts). Dialect-neutral: Kysely's schema builder only.
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const emailDeliveries003: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('email_deliveries')
      .addColumn('purchaseId', 'text', (c) => c.primaryKey())
      .addColumn('claimedAt', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('finishedAt', 'text')
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('email_deliveries').execute();
  },
};
