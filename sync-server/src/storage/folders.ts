// The purchase folder: made for an authorised kiosk or an admin, named for the share page after
// the venue, and (when the purchase is named) recorded against the purchase it belongs to. A
// purchase's folder is its own: folder ids travel in players' e-mails, so knowing one grants nothing;
// only the kiosk that made the purchase, or an admin of its venue (or a super admin), may add to it.
import type { StorageProvider } from '../adapters/ports.ts';
import type { Db } from '../db/database.ts';
import type { DeviceRow } from '../db/queries/devices.ts';
import { findVenue } from '../db/queries/venues.ts';
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
  return folder;
}

export const NOT_YOUR_PURCHASE = 'Only the kiosk that made this purchase can upload its videos.';

function assertMayAddTo(caller: FolderCaller, purchase: Pick<PurchaseRow, 'deviceId' | 'venueId'>): void {
  if (caller.admin) assertVenueAccess(caller.admin, purchase.venueId);
  else if (caller.device.deviceId !== purchase.deviceId) throw forbidden(NOT_YOUR_PURCHASE);
}

/** Before an upload URL into `folderId`: 403 when the folder is another caller's purchase's. */
export async function assertMayUploadTo(db: Db, caller: FolderCaller, folderId: string): Promise<void> {
  const owner = await db.selectFrom('purchases').select(['deviceId', 'venueId']).where('folderId', '=', folderId).executeTakeFirst();
  if (owner) assertMayAddTo(caller, owner);
}
