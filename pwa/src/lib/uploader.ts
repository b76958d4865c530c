// Uploads a purchase's clips to the storage (design section 1: one code path for the local disk
// adapter and Google Drive): create the folder, ask an upload URL per clip, then send the clip in
// chunks with the resumable protocol (PUT with Content-Range; 308 + Range says where to continue;
// an empty PUT with `bytes */total` asks). A clip that fails is skipped; none uploaded, no link.
import { api } from './api-client.ts';

/** Multiple of 256 KiB, as Google's resumable uploads require. */
export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;
const CHUNK_ATTEMPTS = 4;

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
  /** Called when a clip's upload URL is known and after each confirmed chunk (the outbox stores it). */
  onClipState?: (clipIndex: number, state: { uploadUrl: string; confirmedOffset: number; done: boolean }) => void;
  chunkBytes?: number;
  signal?: AbortSignal;
}

export interface UploadResult {
  folderId: string | null;
  folderUrl: string | null;
  uploaded: number;
  failed: string[];
}

export class UploadError extends Error {}

/** The purchase's folder; the server records it, and its link is then the only one it accepts as the purchase's. */
export async function createUploadFolder(folderName: string, purchaseId: string): Promise<{ folderId: string; folderUrl: string }> {
  return api('/google-drive/create-folder', { method: 'POST', body: { folderName, purchaseId } });
}

export async function requestUploadUrl(input: { filename: string; mimeType: string; size: number; folderId: string }): Promise<string> {
  const { uploadUrl } = await api<{ uploadUrl: string }>('/google-drive/get-signed-url', { method: 'POST', body: input });
  return uploadUrl;
}

/** The next byte to send, read from a 308's Range header ('bytes=0-N'); 0 when absent. */
export function nextOffsetFromRange(range: string | null): number {
  const m = range && /bytes=\d+-(\d+)/.exec(range);
  return m ? Number(m[1]) + 1 : 0;
}

/** Asks the storage how much of the clip it holds: a byte offset, or 'complete'. */
export async function queryUploadOffset(uploadUrl: string, size: number, signal?: AbortSignal): Promise<number | 'complete'> {
  const res = await fetch(uploadUrl, { method: 'PUT', headers: { 'Content-Range': `bytes */${size}` }, signal });
  if (res.status === 200 || res.status === 201) return 'complete';
  if (res.status === 308) return nextOffsetFromRange(res.headers.get('Range'));
  throw new UploadError(`status query answered ${res.status}`);
}

/** Sends `file` from `offset` to the end, resuming after network errors where the storage says. */
export async function resumableUpload(
  uploadUrl: string,
  file: Blob,
  mimeType: string,
  options: { offset?: number; chunkBytes?: number; signal?: AbortSignal; onConfirmed?: (offset: number) => void } = {},
): Promise<void> {
  const size = file.size;
  const chunk = options.chunkBytes ?? UPLOAD_CHUNK_BYTES;
  let offset = options.offset ?? 0;
  let failures = 0;
  if (size === 0) throw new UploadError('empty file');
  while (offset < size) {
    const end = Math.min(offset + chunk, size);
    try {
      const res = await fetch(uploadUrl, {
        method: 'PUT',
        headers: { 'Content-Type': mimeType, 'Content-Range': `bytes ${offset}-${end - 1}/${size}` },
        body: file.slice(offset, end),
        signal: options.signal,
      });
      if (res.status === 200 || res.status === 201) {
        options.onConfirmed?.(size);
        return;
      }
      if (res.status !== 308) throw new UploadError(`upload answered ${res.status}`);
      offset = nextOffsetFromRange(res.headers.get('Range'));
      options.onConfirmed?.(offset);
      failures = 0;
    } catch (e) {
      if (options.signal?.aborted || e instanceof UploadError || ++failures >= CHUNK_ATTEMPTS) throw e;
      await new Promise((r) => setTimeout(r, 500 * 2 ** failures));
      const known = await queryUploadOffset(uploadUrl, size, options.signal).catch(() => offset);
      if (known === 'complete') return;
      offset = known;
    }
  }
}

/** Creates the purchase's folder and uploads every clip into it; failed clips are skipped. */
export async function uploadClips(folder: { name: string; purchaseId: string }, clips: ClipToUpload[], hooks: UploadHooks = {}): Promise<UploadResult> {
  const { folderId, folderUrl } = await createUploadFolder(folder.name, folder.purchaseId);
  const bytesTotal = clips.reduce((s, c) => s + c.file.size, 0);
  let bytesDone = 0;
  let uploaded = 0;
  const failed: string[] = [];
  for (const [i, clip] of clips.entries()) {
    const report = (offset: number) =>
      hooks.onProgress?.({ clipIndex: i, clipCount: clips.length, bytesSent: bytesDone + offset, bytesTotal });
    try {
      const uploadUrl = await requestUploadUrl({ filename: clip.name, mimeType: clip.mimeType, size: clip.file.size, folderId });
      hooks.onClipState?.(i, { uploadUrl, confirmedOffset: 0, done: false });
      await resumableUpload(uploadUrl, clip.file, clip.mimeType, {
        chunkBytes: hooks.chunkBytes,
        signal: hooks.signal,
        onConfirmed: (offset) => {
          report(offset);
          hooks.onClipState?.(i, { uploadUrl, confirmedOffset: offset, done: offset >= clip.file.size });
        },
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
