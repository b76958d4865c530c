// One row per resend an admin asked for (see schema/email-resend.ts): the hourly resend limit
// survives a restart. Dialect-neutral: Kysely's schema builder only.
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const emailResends008: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('email_resends')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('purchaseId', 'text', (c) => c.notNull())
      .addColumn('requestedAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('email_resends_purchase_idx').on('email_resends').columns(['purchaseId', 'requestedAt']).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('email_resends').execute();
  },
};
