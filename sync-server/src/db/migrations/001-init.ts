// The first schema: admins and their sessions, venues, courts (fields), devices, promo codes,
// configuration entries and failed login attempts. Dialect-neutral: Kysely's schema builder only,
// with the one difference (auto-generated integer ids) chosen by dialect.
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

function idColumn(db: AnyDb): (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c) => (postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
}

export const init001: Migration = {
  async up(db: AnyDb) {
    const id = idColumn(db);

    await db.schema
      .createTable('venues')
      .addColumn('id', 'integer', id)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('location', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('fields')
      .addColumn('id', 'integer', id)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('venueId', 'integer', (c) => c.notNull().references('venues.id').onDelete('cascade'))
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('fields_venue_idx').on('fields').column('venueId').execute();

    await db.schema
      .createTable('admins')
      .addColumn('id', 'integer', id)
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('passwordHash', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull().check(sql`"role" in ('super_admin', 'admin')`))
      .addColumn('venueId', 'integer', (c) => c.references('venues.id').onDelete('set null'))
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('adminId', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('expiresAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_admin_idx').on('sessions').column('adminId').execute();

    await db.schema
      .createTable('devices')
      .addColumn('id', 'integer', id)
      .addColumn('deviceId', 'text', (c) => c.notNull().unique())
      .addColumn('venueId', 'integer', (c) => c.notNull().references('venues.id').onDelete('cascade'))
      .addColumn('fieldId', 'integer', (c) => c.references('fields.id').onDelete('set null'))
      .addColumn('isAuthorized', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('devices_venue_idx').on('devices').column('venueId').execute();

    await db.schema
      .createTable('promo_codes')
      .addColumn('id', 'integer', id)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('amount', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('percent', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('quota', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('config_entries')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('login_attempts')
      .addColumn('id', 'integer', id)
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('attemptedAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('login_attempts_email_idx').on('login_attempts').columns(['email', 'attemptedAt']).execute();
    await db.schema.createIndex('login_attempts_ip_idx').on('login_attempts').columns(['ip', 'attemptedAt']).execute();
  },

  async down(db: AnyDb) {
    for (const table of ['login_attempts', 'config_entries', 'promo_codes', 'devices', 'sessions', 'admins', 'fields', 'venues']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
