// Cloud storage (spec section 7, /google-drive/* and /storage/*) and the CMS media uploads: the
// requests the server parses and every answer it sends. Request bodies drop unknown fields rather
// than refusing them, as these calls always have (the kiosk's outbox replays old bodies).
import { z } from 'zod';
import { SERVER_MESSAGES } from '../messages.ts';
import { dateSchema, timestamp } from './common.ts';

export const storageQuotaSchema = z.object({
  /** Bytes; 0 when the storage sets no limit. */
  limit: z.number(),
  usage: z.number(),
  usageInDrive: z.number(),
  usageInTrash: z.number(),
  lastUpdated: timestamp,
});
export type StorageQuota = z.infer<typeof storageQuotaSchema>;

export const storageQuotaResponse = z.object({ success: z.literal(true), quota: storageQuotaSchema });
export type StorageQuotaResponse = z.infer<typeof storageQuotaResponse>;

/** POST /google-drive/delete-old-files: files made before `olderThan` (a date in the past). */
export const deleteOldFilesRequest = z.object({
  olderThan: dateSchema(SERVER_MESSAGES.storage.olderThanInvalid, { instants: true }),
});
export type DeleteOldFilesRequest = z.input<typeof deleteOldFilesRequest>;

/** GET /google-drive/cleanup-preview: what Delete Old Files (with olderThan) or Empty Drive (without) would remove. */
export const cleanupPreviewQuery = z.object({
  olderThan: dateSchema(SERVER_MESSAGES.storage.olderThanInvalid, { instants: true }).optional(),
});
export const cleanupPreviewResponse = z.object({
  files: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
});
export type CleanupPreviewResponse = z.infer<typeof cleanupPreviewResponse>;

export const filesDeletedResponse = z.object({ success: z.literal(true), filesDeleted: z.number().int().nonnegative() });
export type FilesDeletedResponse = z.infer<typeof filesDeletedResponse>;

/** POST /google-drive/create-folder: the purchase, when named, is recorded against the folder. */
export const createFolderRequest = z.object({
  folderName: z.string().trim().min(1).max(200),
  purchaseId: z.string().max(50).optional(),
});
export type CreateFolderRequest = z.input<typeof createFolderRequest>;

export const folderResponse = z.object({ folderId: z.string(), folderUrl: z.string() });
export type FolderResponse = z.infer<typeof folderResponse>;

/** POST /google-drive/get-signed-url: one resumable upload URL for one clip into one folder. */
export const signedUrlRequest = z.object({
  filename: z.string().max(500),
  mimeType: z.string().min(1).max(100),
  size: z.number().int().positive(),
  folderId: z.string().min(1).max(200),
  /**
   * Optional: the id (from videoIds) of the chosen clip this file is. Without it the server pairs
   * the file with its clip by name; with it, a purchase's folder refuses an id it does not hold (400).
   */
  videoId: z.string().min(1).max(500).optional(),
});
export type SignedUrlRequest = z.input<typeof signedUrlRequest>;

/**
 * How the kiosk sends the clip to uploadUrl: `resumable` (the default when absent: PUT chunks with
 * Content-Range, 308 + Range to resume; local disk and Google Drive), `single-put` (one PUT of the
 * whole clip with its Content-Type, as an S3 presigned URL takes it; a broken one is sent again whole)
 * or `multipart` (a large clip on S3: uploadUrl names the bucket's multipart upload; the kiosk asks
 * multipart/parts for presigned part URLs, PUTs each part, then asks multipart/complete).
 */
export const UPLOAD_KINDS = ['resumable', 'single-put', 'multipart'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const signedUrlResponse = z.object({
  uploadUrl: z.string(),
  uploadKind: z.enum(UPLOAD_KINDS).optional().meta({
    description:
      'How to send the clip: resumable chunks (when absent), one PUT of the whole clip (S3 storage), or presigned parts (S3 storage, large clips)',
  }),
  partSize: z
    .number()
    .int()
    .positive()
    .optional()
    .meta({ description: 'multipart only: the bytes of every part but the last (at least 5 MiB)' }),
});
export type SignedUrlResponse = z.infer<typeof signedUrlResponse>;

/** POST /storage/upload-status: where one of this kiosk's upload sessions stands. */
export const uploadStatusRequest = z.object({ uploadUrl: z.string().url().max(4000) });
export type UploadStatusRequest = z.input<typeof uploadStatusRequest>;

export const uploadStatusResponse = z.object({ received: z.number().int().nonnegative(), complete: z.boolean() });
export type UploadStatusResponse = z.infer<typeof uploadStatusResponse>;

/**
 * POST /storage/multipart/parts and /complete: one of the caller's own multipart uploads, named by
 * the uploadUrl get-signed-url answered (the server looks up what it issued; it takes no key, upload
 * id or purchase from the browser).
 */
export const multipartRequest = z.object({ uploadUrl: z.string().url().max(4000) });
export type MultipartRequest = z.input<typeof multipartRequest>;

const heldPart = z.object({ partNumber: z.number().int().min(1).max(10_000), size: z.number().int().nonnegative() });

export const multipartPartsResponse = z.object({
  size: z.number().int().positive().meta({ description: "The clip's bytes, as get-signed-url was told" }),
  partSize: z.number().int().positive().meta({ description: 'Bytes of every part but the last' }),
  received: z.array(heldPart).meta({ description: 'The parts the bucket already holds whole (asked of it with ListParts)' }),
  parts: z
    .array(
      z.object({
        partNumber: z.number().int().min(1).max(10_000),
        start: z.number().int().nonnegative().meta({ description: "The part's first byte in the clip" }),
        size: z.number().int().positive(),
        uploadUrl: z
          .string()
          .meta({ description: 'A presigned UploadPart URL: PUT exactly these bytes; it lives at most UPLOAD_URL_TTL_MINUTES' }),
      }),
    )
    .meta({ description: 'The parts still to send, each with its presigned URL' }),
});
export type MultipartPartsResponse = z.infer<typeof multipartPartsResponse>;

/** PUT /storage/upload/{uploadId}: the link's ticket and its signature, as the server signed them. */
export const uploadClipQuery = z.object({
  exp: z.string().optional().meta({ description: 'Expiry of the link (Unix seconds)' }),
  sig: z.string().optional().meta({ description: "The server's signature of the ticket and expiry" }),
});
export const uploadClipParams = z.object({ uploadId: z.string().meta({ description: 'The signed ticket (base64url JSON)' }) });

/** The clip as stored once its last byte is in (local storage). */
export const storedFileResponse = z.object({ id: z.string(), name: z.string(), size: z.number(), mimeType: z.string() });
export type StoredFileResponse = z.infer<typeof storedFileResponse>;

/** The CMS uploads: `?staging=true` writes the _STAGING key instead of the live one. */
export const cmsUploadQuery = z.object({
  staging: z.string().optional().meta({ description: '"true" to upload to the staging key' }),
});

export const cmsUploadResponse = z.object({ message: z.string(), key: z.string(), url: z.string() });
export type CmsUploadResponse = z.infer<typeof cmsUploadResponse>;

/** The portrait promo video removed: the key it cleared (the home screen falls back to the landscape one). */
export const cmsMediaRemovedResponse = z.object({ message: z.string(), key: z.string() });
