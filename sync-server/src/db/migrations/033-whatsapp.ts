// Clips on WhatsApp: the player's WhatsApp number beside (or instead of) the e-mail, the
// outcome of its message on the purchase, and the WhatsApp claim table, the twin of
// email_deliveries (same exactly-once claim and retry columns, delivery/queries.ts) plus the Cloud
// API's message id that its status webhooks name. Kysely's schema builder only.
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const whatsapp033: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('purchases').addColumn('phone', 'text').execute();
    await db.schema.alterTable('purchases').addColumn('whatsappStatus', 'text').execute();
    await db.schema.alterTable('purchases').addColumn('whatsappError', 'text').execute();
    await db.schema.alterTable('purchases').addColumn('whatsappSentAt', 'text').execute();
    await db.schema
      .createTable('whatsapp_deliveries')
      .addColumn('purchaseId', 'text', (c) => c.primaryKey())
      .addColumn('claimedAt', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('finishedAt', 'text')
      .addColumn('nextAttemptAt', 'text')
      .addColumn('lastError', 'text')
      .addColumn('messageId', 'text')
      .execute();
    await db.schema.createIndex('whatsapp_deliveries_due').on('whatsapp_deliveries').columns(['finishedAt', 'nextAttemptAt']).execute();
    await db.schema.createIndex('whatsapp_deliveries_message').on('whatsapp_deliveries').column('messageId').execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('whatsapp_deliveries').execute();
    for (const column of ['whatsappSentAt', 'whatsappError', 'whatsappStatus', 'phone']) {
      await db.schema.alterTable('purchases').dropColumn(column).execute();
    }
  },
};
