// E-mail retries that survive a restart (a due time and the last SMTP answer per delivery) and the
// integration health kept for the Integrations panel and the Errors tab. Kysely's schema builder only.
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const mailRetryAndIntegrations011: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('email_deliveries').addColumn('nextAttemptAt', 'text').execute();
    await db.schema.alterTable('email_deliveries').addColumn('lastError', 'text').execute();
    await db.schema.createIndex('email_deliveries_due').on('email_deliveries').columns(['finishedAt', 'nextAttemptAt']).execute();
    await db.schema
      .createTable('integration_status')
      .addColumn('kind', 'text', (c) => c.primaryKey())
      .addColumn('lastSuccessAt', 'text')
      .addColumn('lastErrorAt', 'text')
      .addColumn('lastErrorMessage', 'text')
      .execute();
    await db.schema
      .createTable('integration_alerts')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('integration', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('advice', 'text', (c) => c.notNull())
      .addColumn('firstAt', 'text', (c) => c.notNull())
      .addColumn('lastAt', 'text', (c) => c.notNull())
      .addColumn('resolvedAt', 'text')
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('integration_alerts').execute();
    await db.schema.dropTable('integration_status').execute();
    await db.schema.dropIndex('email_deliveries_due').execute();
    await db.schema.alterTable('email_deliveries').dropColumn('lastError').execute();
    await db.schema.alterTable('email_deliveries').dropColumn('nextAttemptAt').execute();
  },
};
