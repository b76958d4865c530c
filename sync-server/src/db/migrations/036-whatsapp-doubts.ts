// WhatsApp sends whose outcome is in doubt, and statuses that come before the send's answer. Each
// claim table gets sendingSince: set just before a message is handed to its provider and cleared
// once the outcome is known, so a restart can tell a send that may have gone out (never repeated)
// from one that never started. whatsapp_messages keeps every Cloud API message id of a purchase (a
// resend's status still finds its purchase after a newer message replaced it), and
// whatsapp_pending_statuses keeps statuses naming a message id not recorded yet, until it is.
// Kysely's schema builder only.
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const whatsappDoubts036: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('email_deliveries').addColumn('sendingSince', 'text').execute();
    await db.schema.alterTable('whatsapp_deliveries').addColumn('sendingSince', 'text').execute();
    await db.schema
      .createTable('whatsapp_messages')
      .addColumn('messageId', 'text', (c) => c.primaryKey())
      .addColumn('purchaseId', 'text', (c) => c.notNull())
      .addColumn('sentAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('whatsapp_messages_purchase').on('whatsapp_messages').column('purchaseId').execute();
    await db.schema
      .createTable('whatsapp_pending_statuses')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('messageId', 'text', (c) => c.notNull())
      .addColumn('recipient', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('receivedAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('whatsapp_pending_message').on('whatsapp_pending_statuses').column('messageId').execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('whatsapp_pending_statuses').execute();
    await db.schema.dropTable('whatsapp_messages').execute();
    await db.schema.alterTable('whatsapp_deliveries').dropColumn('sendingSince').execute();
    await db.schema.alterTable('email_deliveries').dropColumn('sendingSince').execute();
  },
};
