// One staff PIN per venue, kept only as a scrypt hash; it goes with its venue.
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const staffPins013: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('staff_pins')
      .addColumn('venueId', 'integer', (c) => c.primaryKey().references('venues.id').onDelete('cascade'))
      .addColumn('pinHash', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('staff_pins').execute();
  },
};
