// A device's `staging` flag: only a test device may make staging purchases, which are priced with
// the _STAGING configuration (often 0). Existing devices are live kiosks, so the default is 0.
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const deviceStaging006: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('devices')
      .addColumn('staging', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('devices').dropColumn('staging').execute();
  },
};
