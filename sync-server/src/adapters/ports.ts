// The ports the services talk to. Each has a real implementation (Midtrans, Google Drive, SMTP) and
// an embedded default that needs no account (simulator, local disk, .eml outbox). Adapters know no
// feature; two keep a little state in the database (the simulator's orders, the install secret). An
// embedded default that stands in for a provider's own pages (the simulator's pay panel, the local
// disk's upload endpoint and share page) says so by its shape (isPaymentSimulator,
// isSelfHostedStorage), and app.ts mounts those pages.
import type { UploadKind } from '@courtreplay/shared';
import type { Readable } from 'node:stream';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The answer of POST /api/admin/integrations/{payments|storage|mail}/test: does the account work? */
export interface IntegrationTestResult {
  ok: boolean;
  message: string;
  details?: Record<string, unknown>;
}

// ---------------------------------------------------------------- payments (Midtrans Snap shape)

export interface PaymentItem {
  id: string;
  name: string;
  /** Whole rupiah per unit; a discount line is negative. */
  price: number;
  quantity: number;
}

export interface CreatePaymentInput {
  /** The purchase id; Midtrans' order_id (at most 50 characters, unique). */
  orderId: string;
  grossAmount: number;
  items: PaymentItem[];
  /** The player's address, when they gave one. */
  email?: string;
  /** The player's WhatsApp number (E.164), when they gave one. */
  phone?: string;
  staging: boolean;
  customFields: { venue: string; court: string; device: string };
  /**
   * A sale on the player's own phone: paid in redirect mode (the provider's own page, no embedded
   * frame), with the methods that work on the same phone, and back to this address afterwards
   * (the finish page, and the e-wallet apps' return).
   */
  returnUrl?: string;
}

/** The fields of a Midtrans HTTP notification this product reads (the body has more). */
export interface PaymentNotification {
  order_id: string;
  status_code: string;
  gross_amount: string;
  transaction_status: string;
  fraud_status?: string;
  signature_key: string;
  [field: string]: unknown;
}

export type PaymentOutcome = 'paid' | 'pending' | 'failed' | 'expired' | 'refunded';

/** The status API's answer: an outcome, or 'unknown' when the provider has no such order (no method chosen yet). */
export type ProviderStatus = PaymentOutcome | 'unknown';

/** Which reversal the provider reports for a paid order (Midtrans' transaction_status after a settlement). */
export type ReversalKind = 'refund' | 'partial_refund' | 'chargeback' | 'partial_chargeback' | 'deny' | 'cancel' | 'expire';

/** What ending an order at the provider came to: no longer payable, or paid before it could be ended. */
export type EndedPayment = 'ended' | 'paid';

/** The status API's answer with its particulars: what a reversal was and how much it gave back. */
export interface ProviderStatusDetail {
  status: ProviderStatus;
  /** Set when the status is a reversal of money taken (refunded), or a deny/cancel/expire of the order. */
  reversal?: { kind: ReversalKind; amount: number | null };
}

/**
 * The provider answered 429: it asks us to slow down. Thrown by status checks instead of retrying,
 * so the reconciler can end its pass and wait (Retry-After, when given).
 */
export class ProviderRateLimitedError extends Error {
  constructor(readonly retryAfterMs: number | undefined) {
    super('The payment provider asked to slow down (429)');
    this.name = 'ProviderRateLimitedError';
  }
}

export interface PaymentProvider {
  readonly name: 'simulator' | 'midtrans';
  createPayment(input: CreatePaymentInput): Promise<{ token: string; redirectUrl?: string }>;
  /** Constant-time check of signature_key = SHA-512(order_id + status_code + gross_amount + server key). */
  verifyNotification(notification: PaymentNotification, staging: boolean): boolean;
  /**
   * Asks the provider for the authoritative status before any final outcome is recorded. Rejects
   * when the provider cannot be reached or gives no usable answer.
   */
  fetchStatus(orderId: string, staging: boolean): Promise<ProviderStatus>;
  /**
   * fetchStatus with the particulars of a reversal (kind and amount); adapters without them leave it
   * out and payments/status-check.ts falls back to fetchStatus. May reject with ProviderRateLimitedError.
   */
  fetchStatusDetail?(orderId: string, staging: boolean): Promise<ProviderStatusDetail>;
  /**
   * Ends an order still open for payment (Midtrans' expire, or cancel where the payment type allows
   * it), so it can no longer be paid: 'ended', or 'paid' when the provider confirms it was paid
   * first. Rejects when the provider cannot be reached or would not end it.
   */
  endPayment(orderId: string, staging: boolean): Promise<EndedPayment>;
  /** What the PWA loads: the snap.js URL and the client key, for live or staging. */
  clientConfig(staging: boolean): { scriptUrl: string; clientKey: string };
  /** The Integrations panel's Test connection; absent for adapters with nothing to test. */
  testConnection?(): Promise<IntegrationTestResult>;
}

export type SimulatedOutcome = 'success' | 'pending' | 'failure';

/** What a simulator token seals: the order, its amount and whether it is a staging payment. */
export interface SimulatorToken {
  orderId: string;
  grossAmount: number;
  staging: boolean;
  /** A phone's payment (redirect mode): where its page sends the player back. */
  returnUrl?: string;
}

/** The simulator's side of its pay panel (payments/routes.ts): opens a token, builds the notification. */
export interface PaymentSimulator {
  openToken(token: string): SimulatorToken | undefined;
  simulate(token: SimulatorToken, outcome: SimulatedOutcome, now: Date): Promise<PaymentNotification>;
}

// ---------------------------------------------------------------- storage (Drive-like)

export interface StorageQuota {
  limit: number;
  usage: number;
  usageInDrive: number;
  usageInTrash: number;
}

export interface CreateUploadUrlInput {
  folderId: string;
  filename: string;
  mimeType: string;
  size: number;
  /** The kiosk's Origin, so the browser's PUT passes CORS on the real provider. */
  origin: string | undefined;
  /** This server's public base URL (PUBLIC_URL or the request's origin), for adapters that serve uploads themselves. */
  baseUrl?: string;
}

export interface CreateFolderOptions {
  /** This server's public base URL, for adapters whose share link points at this server. */
  baseUrl?: string;
  /** Shown on the share page (local adapter); ignored by Drive. */
  venueName?: string;
  /** Tagged on the Drive folder, so a repeated create finds the folder instead of making a twin. */
  purchaseId?: string;
}

/** Where a resumable upload session stands: bytes the provider holds, and whether the file is whole. */
export interface UploadStatus {
  received: number;
  complete: boolean;
}

/** A multipart upload's state (S3, large clips): the parts the store holds whole, and URLs for the others. */
export interface MultipartPlan {
  size: number;
  partSize: number;
  received: { partNumber: number; size: number }[];
  parts: { partNumber: number; start: number; size: number; uploadUrl: string }[];
}

/** A finished file in a storage folder. */
export interface StoredClip {
  id: string;
  name: string;
  size: number;
  mimeType: string;
}

/** Inclusive end, as in HTTP Range. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface ReadOptions {
  chunkBytes?: number;
}

export interface FileRead {
  body: Readable;
  size: number;
  mimeType: string;
  start: number;
  end: number;
}

/** How many files, and how many bytes, this product stored (or a part of it). */
export interface StoredAmount {
  files: number;
  bytes: number;
}

export interface StorageProvider {
  readonly name: 'local' | 'google-drive' | 's3';
  /** `shared: false`: the folder could not be shared with anyone with the link (a domain policy); it stays private. */
  createFolder(folderName: string, options?: CreateFolderOptions): Promise<{ folderId: string; folderUrl: string; shared?: false }>;
  /**
   * A resumable upload URL (PUT with Content-Range; 308 + Range to resume), or with `uploadKind:
   * 'single-put'` a URL that takes the whole clip in one PUT (S3 presigned).
   */
  createUploadUrl(input: CreateUploadUrlInput): Promise<{ uploadUrl: string; uploadKind?: UploadKind; partSize?: number }>;
  /**
   * For `uploadKind: 'multipart'` (S3, large clips): the parts the store holds (asked of it) and a
   * presigned URL for each other one. DomainError 'gone' when the store no longer has the upload.
   */
  multipartParts?(uploadUrl: string, size: number): Promise<MultipartPlan>;
  /** Completes a multipart upload from the parts the store holds; 'conflict' while parts are missing, 'gone' when aborted. */
  completeMultipart?(uploadUrl: string, size: number): Promise<UploadStatus>;
  /** Aborts the multipart uploads this product began before `cutoff` and never completed (the retention job). */
  abortAbandonedUploads?(cutoff: Date): Promise<number>;
  quota(): Promise<StorageQuota>;
  deleteOlderThan(cutoff: Date): Promise<number>;
  empty(): Promise<number>;
  /**
   * What deleteOlderThan(cutoff), or empty() without a cutoff, would remove: the files this product
   * stored and their bytes, so an admin is told before asking.
   */
  measure(cutoff?: Date): Promise<StoredAmount>;
  /**
   * Asks the provider where a session stands (an empty PUT with `Content-Range: bytes * /total`):
   * the kiosk's browser cannot read Drive's Range header, the server can. DomainError 'gone' when the
   * session has expired.
   */
  uploadStatus(uploadUrl: string, total: number): Promise<UploadStatus>;
  /** The finished files of a folder, in name order; [] for an unknown or deleted folder. */
  listFiles(folderId: string): Promise<StoredClip[]>;
  /**
   * Streams one file or a byte range of it (end clamped to size-1). DomainError 'not_found' when absent; 'bad_range' when start >= size.
   * `options.chunkBytes`: how much to read at a time where the adapter chooses (local disk), so a
   * stream whose reader stalls holds little (the phone page's ZIP).
   */
  readFile(folderId: string, fileId: string, range?: ByteRange, options?: ReadOptions): Promise<FileRead>;
  /** Removes the folder and its files; resolves to how many files went (0 when already gone). */
  deleteFolder(folderId: string): Promise<number>;
  /**
   * Copies a finished file into another folder of this storage, inside the storage (no byte passes
   * through this server): a marked clip into the folder of the purchase that bought it. A file of
   * that name and size already there is answered as it is, so a repeat copies nothing.
   * DomainError 'not_found' when the file or the target folder is gone.
   */
  copyFile(fromFolderId: string, fileId: string, toFolderId: string, name: string): Promise<StoredClip>;
  /** `origin`: the admin's Origin, so a test upload session accepts the browser's PUT. */
  testConnection?(origin?: string): Promise<IntegrationTestResult>;
}

/** What a signed upload URL grants: one file of one size and type into one folder. */
export interface UploadTicket {
  folderId: string;
  name: string;
  size: number;
  mimeType: string;
  nonce: string;
}

export interface StoredFile {
  id: string;
  name: string;
  size: number;
  mimeType: string;
}

export type UploadAnswer = { status: 200 | 201; file: StoredFile } | { status: 308; range: string | undefined };

export interface FolderInfo {
  folderId: string;
  name: string;
  createdAt: string;
  venueName: string | undefined;
  files: { name: string; size: number }[];
}

/** What the share page /d/{folderId} reads (storage/share-page.ts): a folder, and its clips from disk or streamed. */
export interface SharedFolders {
  folder(folderId: string): Promise<FolderInfo | undefined>;
  /** A clip's path on this machine, where there is one (local disk): served with ETag and Last-Modified. */
  filePath?(folderId: string, name: string): Promise<string | undefined>;
  readFile(folderId: string, fileId: string, range?: ByteRange): Promise<FileRead>;
}

/** The local disk's side of its upload endpoint and share page (storage/upload.routes.ts, share-page.ts). */
export interface SelfHostedStorage {
  openUpload(uploadId: string, exp: string | undefined, sig: string | undefined): UploadTicket;
  receive(
    ticket: UploadTicket,
    contentRange: string | undefined,
    contentType: string | undefined,
    body: Readable | null,
  ): Promise<UploadAnswer>;
  folder(folderId: string): Promise<FolderInfo | undefined>;
  filePath(folderId: string, name: string): Promise<string | undefined>;
}

// ---------------------------------------------------------------- mail

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The purchase the message is about, if any (the outbox names its copy after it). */
  purchaseId?: string;
}

/** What an erase asks an adapter that keeps copies of messages on disk (an outbox) to delete. */
export interface ErasedContact {
  purchaseId: string;
  email: string | null;
  phone: string | null;
}

export interface Mailer {
  readonly name: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  testConnection?(to: string): Promise<IntegrationTestResult>;
  /** Deletes the copies kept of the purchase's messages (the outbox); answers how many. */
  forgetPurchase?(erased: ErasedContact): Promise<number>;
}

// ---------------------------------------------------------------- WhatsApp

/** One approved template message: the phone page's link as its body parameter. */
export interface WhatsappMessage {
  /** E.164, with its '+' (the adapter sends it without). */
  to: string;
  /** WHATSAPP_TEMPLATE: an approved utility template with one body parameter, the link. */
  template: string;
  /** The template's language: the purchase's (id or en). */
  language: 'id' | 'en';
  /** The full phone-page link. */
  link: string;
  purchaseId: string;
}

export interface WhatsappSender {
  readonly name: 'cloud' | 'outbox';
  /** Resolves to the message id (wamid.… on the Cloud API); rejects with a WhatsappError. */
  send(message: WhatsappMessage): Promise<string>;
  testConnection?(): Promise<IntegrationTestResult>;
  /** Deletes the copies kept of the purchase's messages (the outbox); answers how many. */
  forgetPurchase?(erased: ErasedContact): Promise<number>;
}

// ---------------------------------------------------------------- delivery seam

/**
 * Called by the purchase service whenever a purchase may have become deliverable: created free,
 * paid by notification, or its link saved. The implementation sends the e-mail exactly once, when
 * the purchase is paid or free and its link is saved, whichever comes last.
 */
export interface Delivery {
  purchaseChanged(purchaseId: string): Promise<void>;
  /** Resend on an admin's request (spec section 4); throws DomainError on failure. */
  resend(purchaseId: string): Promise<void>;
}

/** The simulator stands in for Midtrans' pages: app.ts mounts its snap.js and pay buttons. */
export function isPaymentSimulator(provider: PaymentProvider): provider is PaymentProvider & PaymentSimulator {
  return 'openToken' in provider && 'simulate' in provider;
}

/** The local disk stands in for Drive's upload endpoint: app.ts mounts it. */
export function isSelfHostedStorage(storage: StorageProvider): storage is StorageProvider & SelfHostedStorage {
  return 'openUpload' in storage && 'receive' in storage;
}

/** The local disk and a bucket serve their folders on this server's share page /d/{folderId}: app.ts mounts it. */
export function sharesFolders(storage: StorageProvider): storage is StorageProvider & SharedFolders {
  return 'folder' in storage;
}
