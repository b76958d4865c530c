// The purchase folder: made for an authorised kiosk or an admin, named for the share page after
// the venue, and (when the purchase is named) recorded against the purchase it belongs to. Folder
// ids travel in players' e-mails, so knowing one grants nothing: a purchase's folder takes uploads
// only from the kiosk that made the purchase or an admin of its venue; a folder made without naming
// its purchase (the spec's create-folder takes only a name) only from the kiosk or admin that made
// it, or an admin of that venue; a folder this server did not make (an old or foreign id), from no
// one but a super admin.
// Upload sessions: every upload URL issued to a kiosk is remembered (by hash), so the kiosk may ask
// where its own upload stands (Drive's CORS hides the Range header of a 308 from the browser), and
// ask for the parts of, and complete, its own multipart uploads (S3): the URL's hash found for this
// caller is what makes the key and upload id it names the server's own, never the browser's.
import { SERVER_MESSAGES } from '@courtreplay/shared';
import { createHash } from 'node:crypto';
import type { MultipartPlan, StorageProvider, UploadStatus } from '../adapters/ports.ts';
import type { Db } from '../db/database.ts';
import type { DeviceRow } from '../devices/service.ts';
import { findVenue } from '../venues/service.ts';
import { assertVenueAccess, type SessionAdmin } from '../auth/venue-access.ts';
import { forbidden, DomainError, invalidInput, notFound } from '../errors.ts';
import { assertOpenForUploads } from '../purchases/open-for-uploads.ts';
import { ensurePhoneToken, phoneUrlOf } from '../purchases/phone-token.ts';
import { setFolder, type PurchaseRow } from '../purchases/service.ts';
import { sanitizeStoredName } from '../adapters/file-names.ts';
import { chosenClips, pairByName } from './clip-pairing.ts';
import {
  clipFilesOf,
  findFolderPurchase,
  findPurchaseForFolders,
  findStorageFolder,
  findUploadSession,
  insertStorageFolder,
  insertUploadSession,
  recordClipFile,
  type FolderPurchase,
} from './queries.ts';

export type FolderCaller = { admin: SessionAdmin; device?: undefined } | { device: DeviceRow; admin?: undefined };

export interface CreateFolderInput {
  folderName: string;
  purchaseId?: string | undefined;
  baseUrl: string;
}

export interface FolderDeps {
  db: Db;
  storage: StorageProvider;
  now: Date;
  /** PENDING_PAYMENT_EXPIRY_MINUTES: when a failed or expired purchase stops taking uploads (with the grace). */
  paymentWindowMs: number;
}

export async function createPurchaseFolder(
  deps: FolderDeps,
  caller: FolderCaller,
  input: CreateFolderInput,
): Promise<{ folderId: string; folderUrl: string }> {
  const { db, storage } = deps;
  let venueId = caller.device?.venueId ?? caller.admin?.venueId ?? null;
  if (input.purchaseId) {
    const purchase = await findPurchaseForFolders(db, input.purchaseId);
    if (!purchase) throw notFound(SERVER_MESSAGES.purchases.transactionNotFound);
    assertMayAddTo(caller, purchase);
    assertOpenForUploads(purchase, deps.now, deps.paymentWindowMs);
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
    purchaseId: input.purchaseId ?? null,
  });
  return folder;
}

function assertMayAddTo(caller: FolderCaller, purchase: Pick<PurchaseRow, 'deviceId' | 'venueId'>): void {
  if (caller.admin) assertVenueAccess(caller.admin, purchase.venueId);
  else if (caller.device.deviceId !== purchase.deviceId) throw forbidden(SERVER_MESSAGES.storage.notYourPurchase);
}

/**
 * Before an upload URL into `folderId`: 403 when the folder is another caller's purchase's, 409 when
 * its purchase takes no more clips. Answers the folder's purchase, if it has one.
 */
export async function assertMayUploadTo(
  deps: Pick<FolderDeps, 'db' | 'now' | 'paymentWindowMs'>,
  caller: FolderCaller,
  folderId: string,
): Promise<FolderPurchase | undefined> {
  const { db } = deps;
  const owner = await findFolderPurchase(db, folderId);
  if (owner) {
    assertMayAddTo(caller, owner);
    assertOpenForUploads(owner, deps.now, deps.paymentWindowMs);
    return owner;
  }
  if (caller.admin?.role === 'super_admin') return undefined;
  const made = await findStorageFolder(db, folderId);
  if (!made) throw forbidden(SERVER_MESSAGES.storage.notYourFolder);
  if (caller.device) {
    if (caller.device.deviceId !== made.deviceId) throw forbidden(SERVER_MESSAGES.storage.notYourFolder);
  } else if (made.venueId === null) {
    if (caller.admin.id !== made.adminId) throw forbidden(SERVER_MESSAGES.storage.notYourFolder);
  } else {
    assertVenueAccess(caller.admin, made.venueId);
  }
  return undefined;
}

/**
 * Records which chosen clip the file an upload URL was just issued for is: the
 * kiosk's hint when it sent one (an id the purchase does not hold is refused, 400), else by name
 * among the clips no other file of the folder is yet. Recorded before the URL is issued, so a
 * refused hint issues none.
 */
export async function recordUploadedClip(
  db: Db,
  purchase: FolderPurchase,
  input: { folderId: string; filename: string; videoId?: string | undefined; now: Date },
): Promise<void> {
  const clips = chosenClips(purchase.videoIds, purchase.videoTitles);
  const fileName = sanitizeStoredName(input.filename);
  let clipIndex: number | null;
  if (input.videoId !== undefined) {
    const hinted = clips.find((clip) => clip.id === input.videoId);
    if (!hinted) throw invalidInput(SERVER_MESSAGES.storage.clipNotInPurchase);
    clipIndex = hinted.index;
  } else {
    const recorded = await clipFilesOf(db, input.folderId);
    recorded.delete(fileName);
    const taken = new Set([...recorded.values()].filter((index): index is number => index !== null));
    clipIndex = pairByName(fileName, clips, taken) ?? null;
  }
  await recordClipFile(db, { folderId: input.folderId, fileName, purchaseId: purchase.id, clipIndex, createdAt: input.now.toISOString() });
}

const hashOf = (uploadUrl: string) => createHash('sha256').update(uploadUrl).digest('hex');

/** Who an upload URL was issued to, as upload_sessions records it. */
export function uploadOwner(caller: FolderCaller): string {
  return caller.admin ? `admin:${caller.admin.id}` : `kiosk:${caller.device.deviceId}`;
}

/** Remembers who this upload URL was issued to (called by get-signed-url). */
export async function recordUploadSession(db: Db, input: { uploadUrl: string; owner: string; size: number; now: Date }): Promise<void> {
  await insertUploadSession(db, {
    urlHash: hashOf(input.uploadUrl),
    owner: input.owner,
    size: input.size,
    createdAt: input.now.toISOString(),
  });
}

type UploadDeps = { db: Db; storage: StorageProvider | undefined };

/** The size of one of the caller's own uploads, and the storage; 404 for a URL not issued to this caller. */
async function ownUpload(deps: UploadDeps, owner: string, uploadUrl: string): Promise<{ size: number; storage: StorageProvider }> {
  const session = await findUploadSession(deps.db, hashOf(uploadUrl));
  // Same answer for unknown and someone else's: nothing to learn about other callers' uploads.
  if (!session || session.owner !== owner) throw new DomainError('not_found', SERVER_MESSAGES.storage.notYourUpload);
  if (!deps.storage) throw new DomainError('unavailable', SERVER_MESSAGES.storage.notConfigured);
  return { size: session.size, storage: deps.storage };
}

/** Where one of the caller's own uploads stands (a kiosk's, or an admin's Resend); 404 for any other URL. */
export async function ownUploadStatus(deps: UploadDeps, owner: string, uploadUrl: string): Promise<UploadStatus> {
  const { size, storage } = await ownUpload(deps, owner, uploadUrl);
  return storage.uploadStatus(uploadUrl, size);
}

/** The parts one of the caller's own multipart uploads still needs, with their URLs; 400 for an upload not in parts. */
export async function ownMultipartParts(deps: UploadDeps, owner: string, uploadUrl: string): Promise<MultipartPlan> {
  const { size, storage } = await ownUpload(deps, owner, uploadUrl);
  if (!storage.multipartParts) throw invalidInput(SERVER_MESSAGES.s3.notMultipart);
  return storage.multipartParts(uploadUrl, size);
}

/** Completes one of the caller's own multipart uploads from the parts the storage holds. */
export async function completeOwnMultipart(deps: UploadDeps, owner: string, uploadUrl: string): Promise<UploadStatus> {
  const { size, storage } = await ownUpload(deps, owner, uploadUrl);
  if (!storage.completeMultipart) throw invalidInput(SERVER_MESSAGES.s3.notMultipart);
  return storage.completeMultipart(uploadUrl, size);
}

// What the other features use of this one; its queries.ts is its own.
export { clipFilesOf, foldersOfPurchase, forgetClipFiles, insertStorageFolder } from './queries.ts';
