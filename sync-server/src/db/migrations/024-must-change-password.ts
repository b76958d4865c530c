// A one-time password is one time: after a super admin's reset, the admin must
// choose their own password before anything else.
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const mustChangePassword024: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('admins')
      .addColumn('mustChangePassword', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('admins').dropColumn('mustChangePassword').execute();
  },
};
