// The back-office's language, remembered per admin: English or Bahasa
// Indonesia, chosen with the switch in the header and applied at each login. Existing admins keep
// the spec's English.
import { sql, type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const adminLanguage032: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('admins')
      .addColumn('language', 'text', (col) =>
        col
          .notNull()
          .defaultTo('en')
          .check(sql`language in ('en', 'id')`),
      )
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('admins').dropColumn('language').execute();
  },
};
