// The share link of the folder the server made for a purchase: a kiosk may only save that link as
// the purchase's download link (it is what the e-mail sends), never an address of its own.
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const purchaseFolderUrl005: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('purchases').addColumn('folderUrl', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('purchases').dropColumn('folderUrl').execute();
  },
};
