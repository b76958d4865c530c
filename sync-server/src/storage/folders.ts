// The purchase folder: made for an authorised kiosk or an admin, named for the share page after
// the venue, and (when the purchase is named) recorded against the purchase it belongs to. Folder
// ids travel in players' e-mails, so knowing one grants nothing: a purchase's folder takes uploads
// only from the kiosk that made the purchase or an admin of its venue; a folder made without naming
// its purchase (the spec's create-folder takes only a name) only from the kiosk or admin that made
// it, or an admin of that venue; a folder this server did not make (an old or foreign id), from no
// one but a super admin.
import type { StorageProvider } from '../adapters/ports.ts';
import type { Db } from '../db/database.ts';
import type { DeviceRow } from '../devices/queries.ts';
import { findVenue } from '../venues/queries.ts';
import { assertVenueAccess, type SessionAdmin } from '../http/auth.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { findPurchase, setFolder, type PurchaseRow } from '../purchases/queries.ts';

export type FolderCaller = { admin: SessionAdmin; device?: undefined } | { device: DeviceRow; admin?: undefined };

export interface CreateFolderInput {
  folderName: string;
  purchaseId?: string;
  baseUrl: string;
}

export async function createPurchaseFolder(
  deps: { db: Db; storage: StorageProvider; now: Date },
  caller: FolderCaller,
  input: CreateFolderInput,
): Promise<{ folderId: string; folderUrl: string }> {
  const { db, storage } = deps;
  let venueId = caller.device?.venueId ?? caller.admin?.venueId ?? null;
  if (input.purchaseId) {
    const purchase = await findPurchase(db, input.purchaseId);
    if (!purchase) throw notFound('Transaction not found');
    assertMayAddTo(caller, purchase);
    venueId = purchase.venueId;
  }
  const venue = venueId === null ? undefined : await findVenue(db, venueId);
  const folder = await storage.createFolder(input.folderName, {
    baseUrl: input.baseUrl,
    ...(venue ? { venueName: venue.name } : {}),
    ...(input.purchaseId ? { purchaseId: input.purchaseId } : {}),
  });
  if (input.purchaseId) await setFolder(db, input.purchaseId, folder, deps.now);
  await db
    .insertInto('storage_folders')
    .values({ folderId: folder.folderId, deviceId: caller.device?.deviceId ?? null, adminId: caller.admin?.id ?? null, venueId, createdAt: deps.now.toISOString() })
    .onConflict((oc) => oc.column('folderId').doNothing())
    .execute();
  return folder;
}

export const NOT_YOUR_PURCHASE = 'Only the kiosk that made this purchase can upload its videos.';
export const NOT_YOUR_FOLDER = 'Only the kiosk or admin that made this folder can upload into it.';

function assertMayAddTo(caller: FolderCaller, purchase: Pick<PurchaseRow, 'deviceId' | 'venueId'>): void {
  if (caller.admin) assertVenueAccess(caller.admin, purchase.venueId);
  else if (caller.device.deviceId !== purchase.deviceId) throw forbidden(NOT_YOUR_PURCHASE);
}

/** Before an upload URL into `folderId`: 403 when the folder is another caller's purchase's. */
export async function assertMayUploadTo(db: Db, caller: FolderCaller, folderId: string): Promise<void> {
  const owner = await db.selectFrom('purchases').select(['deviceId', 'venueId']).where('folderId', '=', folderId).executeTakeFirst();
  if (owner) return assertMayAddTo(caller, owner);
  if (caller.admin?.role === 'super_admin') return;
  const made = await db.selectFrom('storage_folders').selectAll().where('folderId', '=', folderId).executeTakeFirst();
  if (!made) throw forbidden(NOT_YOUR_FOLDER);
  if (caller.device) {
    if (caller.device.deviceId !== made.deviceId) throw forbidden(NOT_YOUR_FOLDER);
  } else if (made.venueId === null) {
    if (caller.admin.id !== made.adminId) throw forbidden(NOT_YOUR_FOLDER);
  } else {
    assertVenueAccess(caller.admin, made.venueId);
  }
}
