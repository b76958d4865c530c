// Accounts an owner can look after (issue 14 point 6): when each admin last logged in, and whether
// the password they hold is a one-time one a super admin set (to be changed at their next login).
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const adminAccounts023: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('admins').addColumn('lastLoginAt', 'text').execute();
    await db.schema
      .alterTable('admins')
      .addColumn('mustChangePassword', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('admins').dropColumn('mustChangePassword').execute();
    await db.schema.alterTable('admins').dropColumn('lastLoginAt').execute();
  },
};
