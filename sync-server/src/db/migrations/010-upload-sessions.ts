// Which kiosk each upload URL was issued to: the kiosk may ask the server where a session stands
// (Drive hides Range from the browser), and only for its own uploads.
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const uploadSessions010: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('upload_sessions')
      .addColumn('urlHash', 'text', (c) => c.primaryKey())
      .addColumn('deviceId', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('upload_sessions').execute();
  },
};
