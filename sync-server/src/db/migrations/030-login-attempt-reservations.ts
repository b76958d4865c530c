// Concurrent wrong guesses cannot pass the login and staff-PIN throttles: an
// attempt reserves its row before the slow password check, marked pending until the check ends
// (then a failure, or deleted on success), so however many arrive at once only the limit of them is
// ever checked.
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const loginAttemptReservations030: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('login_attempts')
      .addColumn('pending', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('login_attempts').dropColumn('pending').execute();
  },
};
