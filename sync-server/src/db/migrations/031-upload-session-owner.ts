// An upload session belongs to whoever was given its URL: a kiosk ('kiosk:{deviceId}') or an admin
// whose Resend uploads from the back-office ('admin:{id}'), so both may ask the server where their
// own upload stands and resume a clip larger than one chunk.
import { sql, type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const uploadSessionOwner031: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('upload_sessions').renameColumn('deviceId', 'owner').execute();
    await db
      .updateTable('upload_sessions')
      .set({ owner: sql`'kiosk:' || ${sql.ref('owner')}` })
      .execute();
  },
  async down(db: AnyDb) {
    await db.deleteFrom('upload_sessions').where('owner', 'not like', 'kiosk:%').execute();
    await db
      .updateTable('upload_sessions')
      .set({ owner: sql`substr(${sql.ref('owner')}, 7)` })
      .execute();
    await db.schema.alterTable('upload_sessions').renameColumn('owner', 'deviceId').execute();
  },
};
