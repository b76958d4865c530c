// Cloud storage (local disk or Google Drive, whichever is configured) and the CMS media uploads.
import {
  cmsMediaRemovedResponse,
  cmsUploadQuery,
  cmsUploadResponse,
  createFolderRequest,
  cleanupPreviewQuery,
  cleanupPreviewResponse,
  deleteOldFilesRequest,
  filesDeletedResponse,
  folderResponse,
  signedUrlRequest,
  signedUrlResponse,
  storageQuotaResponse,
  storedFileResponse,
  uploadClipParams,
  uploadClipQuery,
  uploadStatusRequest,
  uploadStatusResponse,
  multipartRequest,
  multipartPartsResponse,
  emailPreviewRequest,
  emailPreviewResponse,
} from '../api/index.ts';
import { defineEndpoint, type RawBody } from './endpoint.ts';
import { ROUTES } from './routes.ts';

const tag = 'Storage';
const cmsTag = 'CMS media';

/** 502: the storage provider failed or refused; 503: no storage is configured. */
const PROVIDER_ERRORS = [502, 503] as const;

const multipart = (field: 'video' | 'image', description: string): RawBody => ({
  contentType: 'multipart/form-data',
  description: `One ${field} file, streamed and judged by its first bytes`,
  fields: { [field]: description },
});

export const storageEndpoints = {
  storageQuota: defineEndpoint({
    ...ROUTES.storageQuota,
    tag,
    summary: "The storage's limit and usage in bytes",
    access: 'superAdmin',
    responses: { 200: storageQuotaResponse },
    errors: PROVIDER_ERRORS,
  }),
  deleteOldFiles: defineEndpoint({
    ...ROUTES.deleteOldFiles,
    tag,
    summary: 'Delete the files this product stored before a date in the past',
    access: 'superAdmin',
    body: deleteOldFilesRequest,
    responses: { 200: filesDeletedResponse },
    errors: PROVIDER_ERRORS,
  }),
  emptyDrive: defineEndpoint({
    ...ROUTES.emptyDrive,
    tag,
    summary: 'Delete every file this product stored',
    access: 'superAdmin',
    responses: { 200: filesDeletedResponse },
    errors: PROVIDER_ERRORS,
  }),
  storageCleanupPreview: defineEndpoint({
    ...ROUTES.storageCleanupPreview,
    tag,
    summary: 'How many files, and how many bytes, Delete Old Files (olderThan) or Empty Drive (no olderThan) would remove',
    description: 'Only what this product stored is counted, as only that is deleted. The back-office says it before asking.',
    access: 'superAdmin',
    query: cleanupPreviewQuery,
    responses: { 200: cleanupPreviewResponse },
    errors: PROVIDER_ERRORS,
  }),
  createFolder: defineEndpoint({
    ...ROUTES.createFolder,
    tag,
    summary: "A purchase's folder and its share link",
    description:
      "A named purchase must be one this kiosk made, or of the admin's venue (403); an unknown purchase is 404; " +
      'one that was erased, whose clips were removed, or that ended finally unpaid takes no folder (409). ' +
      "When the storage's domain forbids sharing with anyone with the link, the folder stays private and the link is the purchase's phone page. " +
      "A full Drive is 507, a rate-limited one 503, each with Google's reason in the message.",
    access: 'kioskOrAdmin',
    body: createFolderRequest,
    responses: { 200: folderResponse },
    errors: [403, 404, 409, ...PROVIDER_ERRORS, 507],
  }),
  getSignedUrl: defineEndpoint({
    ...ROUTES.getSignedUrl,
    tag,
    summary: 'A resumable upload URL for one clip into one folder',
    description:
      'Only into a folder the caller may fill (403), of a purchase that still takes clips (409: erased, clips removed, ' +
      'finally unpaid). The upload is recorded as the chosen clip it is: the optional videoId, else by its name ' +
      '(400 for a videoId the purchase does not hold). Local storage: 404 for an unknown folder, 507 when the clip cannot fit.',
    access: 'kioskOrAdmin',
    body: signedUrlRequest,
    responses: { 200: signedUrlResponse },
    errors: [403, 404, 409, ...PROVIDER_ERRORS, 507],
  }),
  uploadStatus: defineEndpoint({
    ...ROUTES.uploadStatus,
    tag,
    summary: "Where one of the caller's own upload sessions stands (a kiosk's, or an admin's Resend), asked server-side",
    description:
      "Drive's CORS hides the Range header of a 308 from the browser. 404 for an upload URL not issued to this caller, 410 for an expired session.",
    access: 'kioskOrAdmin',
    body: uploadStatusRequest,
    responses: { 200: uploadStatusResponse },
    errors: [404, 410, ...PROVIDER_ERRORS],
  }),
  multipartParts: defineEndpoint({
    ...ROUTES.multipartParts,
    tag,
    summary: "Where one of the caller's own multipart uploads stands, with presigned URLs for the parts still to send (S3, large clips)",
    description:
      'The server asks the bucket which parts it holds (ListParts) and presigns an UploadPart URL for each other one, so a kiosk ' +
      'resumes after a reboot. 400 for an upload not sent in parts, 404 for an upload URL not issued to this caller, ' +
      '410 when the bucket no longer has the upload (NoSuchUpload: aborted or expired; ask get-signed-url again and start over).',
    access: 'kioskOrAdmin',
    body: multipartRequest,
    responses: { 200: multipartPartsResponse },
    errors: [404, 410, ...PROVIDER_ERRORS],
  }),
  completeMultipart: defineEndpoint({
    ...ROUTES.completeMultipart,
    tag,
    summary: "Completes one of the caller's own multipart uploads from the parts the bucket holds (CompleteMultipartUpload)",
    description:
      'The ETags come from the bucket (ListParts), not from the browser. Asking again once complete answers complete. ' +
      '400 when a part other than the last is under 5 MiB (EntityTooSmall), 404 for an upload URL not issued to this caller, ' +
      '409 while parts are missing (named in the message), 410 when the bucket no longer has the upload (NoSuchUpload: start over).',
    access: 'kioskOrAdmin',
    body: multipartRequest,
    responses: { 200: uploadStatusResponse },
    errors: [404, 409, 410, ...PROVIDER_ERRORS],
  }),
  uploadClip: defineEndpoint({
    ...ROUTES.uploadClip,
    tag,
    summary: "Local storage's resumable upload (the signed URL get-signed-url answered)",
    description:
      'PUT with Content-Range `bytes start-end/total`; an empty PUT with `bytes */total` asks where the upload stands. The signed link is the credential (403 when it is not valid or has expired).',
    access: 'signed',
    params: uploadClipParams,
    query: uploadClipQuery,
    body: { contentType: 'video/*', description: "The clip's bytes, whole or one chunk" },
    responses: {
      200: storedFileResponse,
      201: storedFileResponse,
      308: {
        contentType: 'application/octet-stream',
        description: 'Resume Incomplete: the Range header names the bytes received (none when absent); empty body',
      },
    },
    errors: [403, 404, 415, 507],
  }),

  emailPreview: defineEndpoint({
    ...ROUTES.emailPreview,
    tag: cmsTag,
    summary: "The purchase e-mail as it would be sent with this copy, for a sample purchase (the CMS tab's preview)",
    description:
      'Made by the same function that composes every real e-mail, so the preview shows what players receive. ' +
      'Nothing is stored or sent.',
    access: 'superAdmin',
    body: emailPreviewRequest,
    responses: { 200: emailPreviewResponse },
  }),
  uploadPromoVideo: defineEndpoint({
    ...ROUTES.uploadPromoVideo,
    tag: cmsTag,
    summary: "The kiosk's promo video (MP4, MOV or WebM, up to 100 MB)",
    access: 'superAdmin',
    query: cmsUploadQuery,
    body: multipart('video', 'The promo video'),
    responses: { 200: cmsUploadResponse },
    errors: [415],
  }),
  uploadPortraitPromoVideo: defineEndpoint({
    ...ROUTES.uploadPortraitPromoVideo,
    tag: cmsTag,
    summary: 'The promo video portrait screens play (MP4, MOV or WebM, up to 100 MB); optional',
    description: 'Without it a portrait screen shows the landscape promo video letterboxed.',
    access: 'superAdmin',
    query: cmsUploadQuery,
    body: multipart('video', 'The portrait promo video'),
    responses: { 200: cmsUploadResponse },
    errors: [415],
  }),
  deletePortraitPromoVideo: defineEndpoint({
    ...ROUTES.deletePortraitPromoVideo,
    tag: cmsTag,
    summary: 'Remove the portrait promo video: portrait screens go back to the landscape one',
    description: '404 when no portrait promo video is set.',
    access: 'superAdmin',
    query: cmsUploadQuery,
    responses: { 200: cmsMediaRemovedResponse },
    errors: [404],
  }),
  uploadBackgroundImage: defineEndpoint({
    ...ROUTES.uploadBackgroundImage,
    tag: cmsTag,
    summary: "The kiosk's background image (JPEG, PNG or WebP, up to 10 MB)",
    access: 'superAdmin',
    query: cmsUploadQuery,
    body: multipart('image', 'The background image'),
    responses: { 200: cmsUploadResponse },
    errors: [415],
  }),
  uploadWatermark: defineEndpoint({
    ...ROUTES.uploadWatermark,
    tag: cmsTag,
    summary: 'The watermark burnt into clips (PNG, up to 5 MB)',
    access: 'superAdmin',
    query: cmsUploadQuery,
    body: multipart('image', 'The watermark (PNG with transparency)'),
    responses: { 200: cmsUploadResponse },
    errors: [415],
  }),
};
