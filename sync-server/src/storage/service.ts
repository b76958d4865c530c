// The purchase folder: made for an authorised kiosk or an admin, named for the share page after
// the venue, and (when the purchase is named) recorded against the purchase it belongs to. Folder
// ids travel in players' e-mails, so knowing one grants nothing: a purchase's folder takes uploads
// only from the kiosk that made the purchase or an admin of its venue; a folder made without naming
// its purchase (the spec's create-folder takes only a name) only from the kiosk or admin that made
// it, or an admin of that venue; a folder this server did not make (an old or foreign id), from no
// one but a super admin.
// Upload sessions: every upload URL issued to a kiosk is remembered (by hash), so the kiosk may ask
// where its own upload stands (Drive's CORS hides the Range header of a 308 from the browser).
import { SERVER_MESSAGES } from '@courtreplay/shared';
import { createHash } from 'node:crypto';
import type { StorageProvider, UploadStatus } from '../adapters/ports.ts';
import type { Db } from '../db/database.ts';
import type { DeviceRow } from '../devices/queries.ts';
import { findVenue } from '../venues/queries.ts';
import type { SessionAdmin } from '../auth/queries.ts';
import { assertVenueAccess } from '../auth/venue-access.ts';
import { forbidden, DomainError, notFound } from '../errors.ts';
import { ensurePhoneToken, phoneUrlOf } from '../purchases/phone-token.ts';
import { findPurchase, setFolder, type PurchaseRow } from '../purchases/queries.ts';
import { findFolderPurchase, findStorageFolder, findUploadSession, insertStorageFolder, insertUploadSession } from './queries.ts';

export type FolderCaller = { admin: SessionAdmin; device?: undefined } | { device: DeviceRow; admin?: undefined };

export interface CreateFolderInput {
  folderName: string;
  purchaseId?: string | undefined;
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
    if (!purchase) throw notFound(SERVER_MESSAGES.purchases.transactionNotFound);
    assertMayAddTo(caller, purchase);
    venueId = purchase.venueId;
  }
  const venue = venueId === null ? undefined : await findVenue(db, venueId);
  const made = await storage.createFolder(input.folderName, {
    baseUrl: input.baseUrl,
    ...(venue ? { venueName: venue.name } : {}),
    ...(input.purchaseId ? { purchaseId: input.purchaseId } : {}),
  });
  // A folder the domain would not share is no link for a player: the phone page is (it streams
  // the clips through this server), so it is the purchase's link and the one the e-mail carries.
  const phoneToken = made.shared === false && input.purchaseId ? await ensurePhoneToken(db, input.purchaseId) : undefined;
  const folder = { folderId: made.folderId, folderUrl: phoneToken ? phoneUrlOf(input.baseUrl, phoneToken) : made.folderUrl };
  if (input.purchaseId) await setFolder(db, input.purchaseId, folder, deps.now);
  await insertStorageFolder(db, {
    folderId: folder.folderId,
    deviceId: caller.device?.deviceId ?? null,
    adminId: caller.admin?.id ?? null,
    venueId,
    createdAt: deps.now.toISOString(),
  });
  return folder;
}

function assertMayAddTo(caller: FolderCaller, purchase: Pick<PurchaseRow, 'deviceId' | 'venueId'>): void {
  if (caller.admin) assertVenueAccess(caller.admin, purchase.venueId);
  else if (caller.device.deviceId !== purchase.deviceId) throw forbidden(SERVER_MESSAGES.storage.notYourPurchase);
}

/** Before an upload URL into `folderId`: 403 when the folder is another caller's purchase's. */
export async function assertMayUploadTo(db: Db, caller: FolderCaller, folderId: string): Promise<void> {
  const owner = await findFolderPurchase(db, folderId);
  if (owner) return assertMayAddTo(caller, owner);
  if (caller.admin?.role === 'super_admin') return;
  const made = await findStorageFolder(db, folderId);
  if (!made) throw forbidden(SERVER_MESSAGES.storage.notYourFolder);
  if (caller.device) {
    if (caller.device.deviceId !== made.deviceId) throw forbidden(SERVER_MESSAGES.storage.notYourFolder);
  } else if (made.venueId === null) {
    if (caller.admin.id !== made.adminId) throw forbidden(SERVER_MESSAGES.storage.notYourFolder);
  } else {
    assertVenueAccess(caller.admin, made.venueId);
  }
}

const hashOf = (uploadUrl: string) => createHash('sha256').update(uploadUrl).digest('hex');

/** Remembers that this upload URL was issued to this kiosk (called by get-signed-url). */
export async function recordUploadSession(db: Db, input: { uploadUrl: string; deviceId: string; size: number; now: Date }): Promise<void> {
  await insertUploadSession(db, {
    urlHash: hashOf(input.uploadUrl),
    deviceId: input.deviceId,
    size: input.size,
    createdAt: input.now.toISOString(),
  });
}

/** Where one of this kiosk's uploads stands; 404 for any other URL. */
export async function kioskUploadStatus(
  deps: { db: Db; storage: StorageProvider | undefined },
  deviceId: string,
  uploadUrl: string,
): Promise<UploadStatus> {
  const session = await findUploadSession(deps.db, hashOf(uploadUrl));
  // Same answer for unknown and someone else's: nothing to learn about other kiosks' uploads.
  if (!session || session.deviceId !== deviceId) throw new DomainError('not_found', SERVER_MESSAGES.storage.notKioskUpload);
  if (!deps.storage) throw new DomainError('unavailable', SERVER_MESSAGES.storage.notConfigured);
  return deps.storage.uploadStatus(uploadUrl, session.size);
}
