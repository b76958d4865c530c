// The purchase folder: made for an authorised kiosk or an admin, named for the share page after
// the venue, and (when the purchase is named) recorded against the purchase it belongs to.
import type { StorageProvider } from '../adapters/ports.ts';
import type { Db } from '../db/database.ts';
import type { DeviceRow } from '../db/queries/devices.ts';
import { findVenue } from '../db/queries/venues.ts';
import { assertVenueAccess, type SessionAdmin } from '../http/auth.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { findPurchase, setFolder } from '../purchases/queries.ts';

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
    if (caller.admin) assertVenueAccess(caller.admin, purchase.venueId);
    else if (caller.device.deviceId !== purchase.deviceId) throw forbidden('Only the kiosk that made this purchase can upload its videos.');
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
