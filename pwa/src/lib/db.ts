// The kiosk's local database (docs/contributing.md, Offline-first): the day's folder handle, the clip cache (durations
// and thumbnails), and the outbox of purchases and clip uploads. Opened with strict durability so
// a committed outbox entry survives a power cut (docs/contributing.md, Rules the server enforces).
import Dexie, { type EntityTable } from 'dexie';
import type { CreatePurchaseBody, UploadKind } from '@courtreplay/shared';

export interface StoredFolder {
  /** One row: the kiosk's folder. */
  id: 'kiosk';
  handle: FileSystemDirectoryHandle;
  /** The venue-local day (YYYY-MM-DD) it was chosen on: restored automatically that day only. */
  day: string;
  savedAt: number;
}

export interface CachedClip {
  /** name|size|lastModified: a changed file gets a new entry. */
  key: string;
  name: string;
  size: number;
  lastModified: number;
  format: string;
  duration?: number;
  thumbnail?: string;
  /** The thumbnail's width in pixels: one narrower than this screen needs is drawn again. */
  thumbnailWidth?: number;
  /** The browser could not decode the file: not probed again. */
  undecodable?: boolean;
  /** When the thumbnail could not be made (timeout, decode error): don't retry on every visit. */
  thumbnailFailed?: boolean;
  cachedAt: number;
}

export type OutboxPurchaseState = 'queued' | 'sent' | 'parked';

/** A purchase on its way to the server (outbox/send-purchase.ts). */
export interface OutboxPurchase {
  idempotencyKey: string;
  body: CreatePurchaseBody;
  staging: boolean;
  state: OutboxPurchaseState;
  attempts: number;
  lastError?: string;
  transactionId?: string;
  createdAt: number;
  nextAttemptAt: number;
}

export type UploadJobState = 'pending' | 'uploading' | 'done' | 'failed';

export interface UploadJobClip {
  name: string;
  size: number;
  lastModified: number;
  mimeType: string;
  uploadName: string;
  uploadUrl?: string;
  /** How uploadUrl takes the clip (get-signed-url's uploadKind); absent: resumable chunks. */
  uploadKind?: UploadKind | undefined;
  /** Bytes the storage confirmed (from its 308 Range or the final answer). */
  confirmedOffset: number;
  state: 'pending' | 'done' | 'failed';
}

/** The clip uploads of one purchase; the link is saved when the last clip is in. */
export interface UploadJob {
  transactionId: string;
  folderName: string;
  folderId?: string;
  folderUrl?: string;
  clips: UploadJobClip[];
  state: UploadJobState;
  linkSaved: boolean;
  lastError?: string;
  createdAt: number;
  updatedAt: number;
}

export class KioskDatabase extends Dexie {
  folders!: EntityTable<StoredFolder, 'id'>;
  clips!: EntityTable<CachedClip, 'key'>;
  outbox!: EntityTable<OutboxPurchase, 'idempotencyKey'>;
  uploads!: EntityTable<UploadJob, 'transactionId'>;

  constructor(name = 'courtreplay-kiosk') {
    super(name, { chromeTransactionDurability: 'strict' });
    this.version(1).stores({
      folders: 'id',
      clips: 'key, cachedAt',
      outbox: 'idempotencyKey, state, nextAttemptAt',
      uploads: 'transactionId, state',
    });
  }
}

export const db = new KioskDatabase();

export const clipKey = (f: { name: string; size: number; lastModified: number }) => `${f.name}|${f.size}|${f.lastModified}`;
