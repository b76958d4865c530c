// Uploads a purchase's clips to the storage (docs/contributing.md, Shape: one code path for the local disk
// adapter and Google Drive): create the folder, ask an upload URL per clip, then send the clip in
// chunks with the resumable protocol (PUT with Content-Range; 308 + Range says where to continue;
// an empty PUT with `bytes */total` asks), or, when the server says the URL takes it so (S3), in one
// PUT of the whole clip, or for a large clip in presigned parts. A clip that fails is skipped; none
// uploaded, no link.
import type { Answer, Endpoints, UploadKind } from '@courtreplay/shared';
import { call } from './api-client.ts';
import { resumableUpload, UploadError, type ResumeOptions } from './resumable-upload.ts';
import { multipartUpload } from './multipart-upload.ts';
import { wholeUpload } from './whole-upload.ts';

export { nextOffsetFromRange, resumableUpload, StorageBusy, UPLOAD_CHUNK_BYTES, UploadError } from './resumable-upload.ts';

export interface ClipToUpload {
  file: Blob;
  /** Sanitised upload name (see uploadFileName). */
  name: string;
  mimeType: string;
}

export interface UploadProgress {
  clipIndex: number;
  clipCount: number;
  /** Bytes confirmed across all clips so far. */
  bytesSent: number;
  bytesTotal: number;
}

export interface UploadHooks {
  onProgress?: (p: UploadProgress) => void;
  chunkBytes?: number;
  signal?: AbortSignal;
}

export interface UploadResult {
  folderId: string | null;
  folderUrl: string | null;
  uploaded: number;
  failed: string[];
}

/** The purchase's folder; the server records it, and its link is then the only one it accepts as the purchase's. */
export async function createUploadFolder(folderName: string, purchaseId: string): Promise<Answer<Endpoints['createFolder']>> {
  return call('createFolder', { body: { folderName, purchaseId } });
}

/** Where to send one clip, and how: resumable chunks (local disk, Google Drive) unless the server says 'single-put' or 'multipart' (S3). */
export interface UploadTarget {
  uploadUrl: string;
  uploadKind?: UploadKind | undefined;
}

export async function requestUploadUrl(input: {
  filename: string;
  mimeType: string;
  size: number;
  folderId: string;
}): Promise<UploadTarget> {
  const { uploadUrl, uploadKind } = await call('getSignedUrl', { body: input });
  return { uploadUrl, uploadKind };
}

/** Sends a clip the way its upload URL takes it; resolves with the URL that finished it. */
export function sendClip(target: UploadTarget, file: Blob, mimeType: string, options: ResumeOptions): Promise<string> {
  if (target.uploadKind === undefined || target.uploadKind === 'resumable')
    return resumableUpload(target.uploadUrl, file, mimeType, options);
  const common = {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.renewUrl ? { renewUrl: options.renewUrl } : {}),
    ...(options.onConfirmed ? { onConfirmed: options.onConfirmed } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
  };
  if (target.uploadKind === 'single-put') return wholeUpload(target.uploadUrl, file, mimeType, common);
  return multipartUpload(target.uploadUrl, file, {
    ...common,
    // Asked of our server, which asks the bucket (ListParts) and signs each part's URL.
    askParts: (uploadUrl) => call('multipartParts', { body: { uploadUrl } }),
    complete: (uploadUrl) => call('completeMultipart', { body: { uploadUrl } }),
  });
}

/** Saves the purchase's link (or none, with the error flag) on the server, which then sends the e-mail. */
export async function saveDownloadLink(transactionId: string, zipUrl: string | null, error: boolean): Promise<void> {
  await call('updateZipUrl', { params: { id: transactionId }, body: { zipUrl, error } });
}

/** Where an upload session stands, asked of our server (which can read Drive's Range header). */
export async function askUploadStatus(uploadUrl: string): Promise<Answer<Endpoints['uploadStatus']>> {
  return call('uploadStatus', { body: { uploadUrl } });
}

/** Creates the purchase's folder and uploads every clip into it; failed clips are skipped. */
export async function uploadClips(
  folder: { name: string; purchaseId: string },
  clips: ClipToUpload[],
  hooks: UploadHooks = {},
): Promise<UploadResult> {
  const { folderId, folderUrl } = await createUploadFolder(folder.name, folder.purchaseId);
  const bytesTotal = clips.reduce((s, c) => s + c.file.size, 0);
  let bytesDone = 0;
  let uploaded = 0;
  const failed: string[] = [];
  for (const [i, clip] of clips.entries()) {
    const report = (offset: number) =>
      hooks.onProgress?.({ clipIndex: i, clipCount: clips.length, bytesSent: bytesDone + offset, bytesTotal });
    try {
      const newTarget = () => requestUploadUrl({ filename: clip.name, mimeType: clip.mimeType, size: clip.file.size, folderId });
      const newUrl = async () => (await newTarget()).uploadUrl;
      await sendClip(await newTarget(), clip.file, clip.mimeType, {
        ...(hooks.chunkBytes ? { chunkBytes: hooks.chunkBytes } : {}),
        ...(hooks.signal ? { signal: hooks.signal } : {}),
        // Drive hides a 308's Range from the browser; our server reads it for whoever was given the URL.
        askServer: askUploadStatus,
        renewUrl: newUrl,
        onConfirmed: report,
      });
      uploaded++;
    } catch {
      if (hooks.signal?.aborted) throw new UploadError('aborted');
      failed.push(clip.name);
    }
    bytesDone += clip.file.size;
    report(0);
  }
  return uploaded > 0 ? { folderId, folderUrl, uploaded, failed } : { folderId: null, folderUrl: null, uploaded, failed };
}
