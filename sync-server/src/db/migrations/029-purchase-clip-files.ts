// Which folder and which file belong to which purchase and which chosen clip.
// storage_folders learns the purchase a folder was made for, so every folder ever made for it (an
// upload that ended short, a resend) goes with it on erase and retention, not only the last one.
// purchase_clip_files records, as each upload URL is issued, which chosen clip an uploaded file is:
// the phone page, the ZIP and the e-mail title each file by that record, never by file order.
import { sql, type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const purchaseClipFiles029: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('storage_folders').addColumn('purchaseId', 'text').execute();
    await db.schema.createIndex('storage_folders_purchase').on('storage_folders').column('purchaseId').execute();
    // Folders recorded before: the purchase whose current folder it is.
    await sql`update storage_folders set "purchaseId" = (select p.id from purchases p where p."folderId" = storage_folders."folderId")`.execute(
      db,
    );
    await db.schema
      .createTable('purchase_clip_files')
      .addColumn('folderId', 'text', (c) => c.notNull())
      .addColumn('fileName', 'text', (c) => c.notNull())
      .addColumn('purchaseId', 'text', (c) => c.notNull())
      .addColumn('clipIndex', 'integer')
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('purchase_clip_files_pk', ['folderId', 'fileName'])
      .execute();
    await db.schema.createIndex('purchase_clip_files_purchase').on('purchase_clip_files').column('purchaseId').execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('purchase_clip_files').execute();
    await db.schema.dropIndex('storage_folders_purchase').execute();
    await db.schema.alterTable('storage_folders').dropColumn('purchaseId').execute();
  },
};
