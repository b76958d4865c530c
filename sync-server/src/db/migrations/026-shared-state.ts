// State that two server instances on one database must share: the install secret
// that signs local upload URLs and the simulator's tokens (it lived in a file in each instance's
// DATA_DIR), and what the payment simulator "knows" about each order (it lived in memory).
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const sharedState026: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('server_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('simulator_orders')
      .addColumn('orderId', 'text', (c) => c.primaryKey())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('simulator_orders').execute();
    await db.schema.dropTable('server_secrets').execute();
  },
};
