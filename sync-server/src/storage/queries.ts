// SQL of the storage feature: who made each folder, which purchase a folder belongs to, and which
// kiosk each upload URL was issued to (by the URL's hash: the URL itself is a credential).
import type { Db } from '../db/database.ts';
import type { StorageFolderTable } from '../db/schema/storage-folder.ts';
import type { UploadSessionTable } from '../db/schema/upload-session.ts';

/** The kiosk and venue of the purchase whose folder this is, if one is. */
export async function findFolderPurchase(db: Db, folderId: string): Promise<{ deviceId: string; venueId: number } | undefined> {
  return db.selectFrom('purchases').select(['deviceId', 'venueId']).where('folderId', '=', folderId).executeTakeFirst();
}

/** Records who made a folder; a repeated id keeps its first maker. */
export async function insertStorageFolder(db: Db, row: StorageFolderTable): Promise<void> {
  await db
    .insertInto('storage_folders')
    .values(row)
    .onConflict((oc) => oc.column('folderId').doNothing())
    .execute();
}

export async function findStorageFolder(db: Db, folderId: string): Promise<StorageFolderTable | undefined> {
  return db.selectFrom('storage_folders').selectAll().where('folderId', '=', folderId).executeTakeFirst();
}

export async function insertUploadSession(db: Db, row: UploadSessionTable): Promise<void> {
  await db
    .insertInto('upload_sessions')
    .values(row)
    .onConflict((oc) => oc.column('urlHash').doNothing())
    .execute();
}

export async function findUploadSession(db: Db, urlHash: string): Promise<UploadSessionTable | undefined> {
  return db.selectFrom('upload_sessions').selectAll().where('urlHash', '=', urlHash).executeTakeFirst();
}
