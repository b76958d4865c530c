// Accounts and the audit log: when each admin last logged in, and who changed
// what, when, with the old and new values (never a password or a secret).
import type { Kysely, Migration } from 'kysely';
import { isPostgres } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const accountsAudit019: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('admins').addColumn('lastLoginAt', 'text').execute();
    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'integer', (c) => (isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('adminId', 'integer')
      .addColumn('adminEmail', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('entity', 'text', (c) => c.notNull())
      .addColumn('entityId', 'text')
      .addColumn('venueId', 'integer')
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .execute();
    await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('audit_log').execute();
    await db.schema.alterTable('admins').dropColumn('lastLoginAt').execute();
  },
};
