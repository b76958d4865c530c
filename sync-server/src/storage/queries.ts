// SQL of the storage feature: who made each folder, which purchase a folder belongs to, and which
// kiosk each upload URL was issued to (by the URL's hash: the URL itself is a credential).
import type { Db } from '../db/database.ts';
import type { PurchaseClipFileTable } from '../db/schema/purchase-clip-file.ts';
import type { StorageFolderTable } from '../db/schema/storage-folder.ts';
import type { UploadSessionTable } from '../db/schema/upload-session.ts';

/** What the storage guards and the clip pairing read of a purchase. */
export interface FolderPurchase {
  id: string;
  deviceId: string;
  venueId: number;
  paymentStatus: string;
  createdAt: string;
  erasedAt: string | null;
  clipsExpiredAt: string | null;
  videoIds: string;
  videoTitles: string;
}

const folderPurchaseColumns = [
  'purchases.id',
  'purchases.deviceId',
  'purchases.venueId',
  'purchases.paymentStatus',
  'purchases.createdAt',
  'purchases.erasedAt',
  'purchases.clipsExpiredAt',
  'purchases.videoIds',
  'purchases.videoTitles',
] as const;

export async function findPurchaseForFolders(db: Db, purchaseId: string): Promise<FolderPurchase | undefined> {
  return db.selectFrom('purchases').select(folderPurchaseColumns).where('purchases.id', '=', purchaseId).executeTakeFirst();
}

/**
 * The purchase a folder belongs to, if one does: the purchase whose current folder it is, or the one
 * it was made for (an earlier folder of the purchase: an upload that ended short, a resend).
 */
export async function findFolderPurchase(db: Db, folderId: string): Promise<FolderPurchase | undefined> {
  const current = await db
    .selectFrom('purchases')
    .select(folderPurchaseColumns)
    .where('purchases.folderId', '=', folderId)
    .executeTakeFirst();
  if (current) return current;
  return db
    .selectFrom('storage_folders')
    .innerJoin('purchases', 'purchases.id', 'storage_folders.purchaseId')
    .select(folderPurchaseColumns)
    .where('storage_folders.folderId', '=', folderId)
    .executeTakeFirst();
}

/** Every folder ever made for a purchase (its current one included), oldest first. */
export async function foldersOfPurchase(db: Db, purchase: { id: string; folderId: string | null }): Promise<string[]> {
  const rows = await db
    .selectFrom('storage_folders')
    .select('folderId')
    .where('purchaseId', '=', purchase.id)
    .orderBy('createdAt')
    .execute();
  const ids = rows.map((r) => r.folderId);
  if (purchase.folderId && !ids.includes(purchase.folderId)) ids.push(purchase.folderId);
  return ids;
}

/** Records (or re-records, for a repeated upload URL) which chosen clip a folder's file is. */
export async function recordClipFile(db: Db, row: PurchaseClipFileTable): Promise<void> {
  await db
    .insertInto('purchase_clip_files')
    .values(row)
    .onConflict((oc) => oc.columns(['folderId', 'fileName']).doUpdateSet({ clipIndex: row.clipIndex, purchaseId: row.purchaseId }))
    .execute();
}

/** File name -> clip index (null: no chosen clip) of the files recorded for a folder. */
export async function clipFilesOf(db: Db, folderId: string): Promise<Map<string, number | null>> {
  const rows = await db.selectFrom('purchase_clip_files').select(['fileName', 'clipIndex']).where('folderId', '=', folderId).execute();
  return new Map(rows.map((r) => [r.fileName, r.clipIndex === null ? null : Number(r.clipIndex)]));
}

export async function forgetClipFiles(db: Db, purchaseId: string): Promise<void> {
  await db.deleteFrom('purchase_clip_files').where('purchaseId', '=', purchaseId).execute();
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
