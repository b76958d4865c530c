// Who made each storage folder. A folder made without naming its purchase (the spec's create-folder
// takes only a folder name) still belongs to the kiosk or admin that made it, so knowing its id (it
// travels in players' e-mails) grants no upload into it.
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const storageFolders012: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('storage_folders')
      .addColumn('folderId', 'text', (c) => c.primaryKey())
      .addColumn('deviceId', 'text')
      .addColumn('adminId', 'integer')
      .addColumn('venueId', 'integer')
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('storage_folders').execute();
  },
};
