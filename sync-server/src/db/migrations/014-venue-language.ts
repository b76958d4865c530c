// The language a venue's kiosks start in and go back to after each player.
// Existing venues keep the spec's English.
import { sql, type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const venueLanguage014: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('venues')
      .addColumn('language', 'text', (col) =>
        col
          .notNull()
          .defaultTo('en')
          .check(sql`language in ('en', 'id')`),
      )
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('venues').dropColumn('language').execute();
  },
};
