// The phone that marked a rally becomes its store. A marked clip and its preview go up to the
// venue's storage as soon as the recorder cuts them (mark_clips: the mark's folder and the bytes sent;
// mark_files: each file's upload, kept whole so a recorder that restarts resumes it instead of
// sending it twice). Every phone that tapped within a mark's window claims it (mark_claims), so two
// phones that tap the same rally both have it. A phone's purchase is a purchase like a kiosk's
// (channel 'phone', no kiosk device); purchase_marks says which marks it bought and whether each
// clip is copied into its folder yet; phone_open_orders holds each phone's one unpaid order, so a
// second Pay never opens a second payment; mark_notices are the messages a player asked for while
// the venue was offline.
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const phoneStore064: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('mark_clips')
      // No foreign key: a mark is deleted after a day, its clip's folder only once it is removed from storage.
      .addColumn('markId', 'integer', (c) => c.primaryKey())
      .addColumn('venueId', 'integer', (c) => c.notNull())
      .addColumn('fieldId', 'integer', (c) => c.notNull())
      .addColumn('markedAt', 'text', (c) => c.notNull())
      .addColumn('bytesSent', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('bytesTotal', 'bigint')
      .addColumn('durationMs', 'integer')
      .addColumn('folderId', 'text')
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .addColumn('readyAt', 'text')
      .addColumn('removedAt', 'text')
      .execute();
    await db.schema.createIndex('mark_clips_venue_time').on('mark_clips').columns(['venueId', 'markedAt']).execute();
    await db.schema
      .createTable('mark_files')
      .addColumn('markId', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('fileName', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('mimeType', 'text', (c) => c.notNull())
      .addColumn('uploadUrl', 'text', (c) => c.notNull())
      .addColumn('uploadKind', 'text', (c) => c.notNull())
      .addColumn('partSize', 'bigint')
      .addColumn('fileId', 'text')
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('completedAt', 'text')
      .addPrimaryKeyConstraint('mark_files_pk', ['markId', 'kind'])
      .execute();
    await db.schema
      .createTable('mark_claims')
      .addColumn('markId', 'integer', (c) => c.notNull().references('court_marks.id').onDelete('cascade'))
      .addColumn('phoneKey', 'text', (c) => c.notNull())
      .addColumn('claimedAt', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('mark_claims_pk', ['markId', 'phoneKey'])
      .execute();
    await db.schema.createIndex('mark_claims_phone').on('mark_claims').columns(['phoneKey', 'claimedAt']).execute();
    await db.schema
      .createTable('purchase_marks')
      .addColumn('purchaseId', 'text', (c) => c.notNull())
      .addColumn('markId', 'integer', (c) => c.notNull())
      .addColumn('clipIndex', 'integer', (c) => c.notNull())
      .addColumn('copiedAt', 'text')
      .addPrimaryKeyConstraint('purchase_marks_pk', ['purchaseId', 'markId'])
      .execute();
    await db.schema.createIndex('purchase_marks_mark').on('purchase_marks').column('markId').execute();
    await db.schema
      .createTable('phone_open_orders')
      .addColumn('phoneKey', 'text', (c) => c.primaryKey())
      .addColumn('purchaseId', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('mark_notices')
      .addColumn('markId', 'integer', (c) => c.notNull())
      .addColumn('phoneKey', 'text', (c) => c.notNull())
      .addColumn('email', 'text')
      .addColumn('phone', 'text')
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('sentAt', 'text')
      .addPrimaryKeyConstraint('mark_notices_pk', ['markId', 'phoneKey'])
      .execute();
    await db.schema
      .alterTable('purchases')
      .addColumn('channel', 'text', (c) => c.notNull().defaultTo('kiosk'))
      .execute();
    await db.schema.alterTable('purchases').addColumn('buyerKey', 'text').execute();
    await db.schema.alterTable('purchases').addColumn('paymentUrl', 'text').execute();
  },
  async down(db: AnyDb) {
    for (const column of ['paymentUrl', 'buyerKey', 'channel']) await db.schema.alterTable('purchases').dropColumn(column).execute();
    for (const table of ['mark_notices', 'phone_open_orders', 'purchase_marks', 'mark_claims', 'mark_files', 'mark_clips'])
      await db.schema.dropTable(table).execute();
  },
};
