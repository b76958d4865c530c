// The kiosk's side of the resumable upload protocol, for both storages (local disk and Google
// Drive): PUT chunks with Content-Range; 308 + Range says where to continue. It survives what a
// venue's network and Google do to long uploads:
// - the network fails: put-with-retry.ts sends the chunk again a few times, then the caller decides;
// - a 5xx or 429 on a chunk: continue where the storage says (asked of our server), waiting
//   (backoff) when that is no further on;
// - an expired session (404/410): ask the server for a new upload URL and start the clip over;
// - a 308 whose Range the browser cannot read (Drive's CORS does not expose it): ask our server,
//   which can read it (POST /api/storage/upload-status), instead of resending chunk 0 forever;
// - 200 or 201: the clip is stored; any other answer: the storage refuses the clip;
// - no progress in `maxStalls` tries in a row: stop with a reason the operator can read.
// No imports besides the shared PUT, so Node tests run it against the Drive imitation as it runs
// in the browser.
import { answered, isBusy, putWithRetry, retryAfterMs, Stalls, UploadError, type Sleep } from './put-with-retry.ts';

export { MAX_STALLS, StorageBusy, UploadError } from './put-with-retry.ts';

/** Multiple of 256 KiB, as Google's resumable uploads require. */
export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;

export interface SessionStatus {
  received: number;
  complete: boolean;
}

export interface ResumeOptions {
  offset?: number;
  chunkBytes?: number;
  signal?: AbortSignal;
  onConfirmed?: (offset: number) => void;
  /** Where the session stands, asked of our server; rejects with status 404/410 when expired. */
  askServer?: (uploadUrl: string) => Promise<SessionStatus>;
  /** A fresh upload URL for the same clip (the old session expired). */
  renewUrl?: () => Promise<string>;
  maxStalls?: number;
  fetch?: typeof fetch;
  sleep?: Sleep;
}

/** The next byte to send, read from a 308's Range header ('bytes=0-N'); 0 when absent. */
export function nextOffsetFromRange(range: string | null): number {
  const m = range && /bytes=\d+-(\d+)/.exec(range);
  return m ? Number(m[1]) + 1 : 0;
}

/** Sends `file` from `offset` to the end; resolves with the upload URL that finished it. */
export async function resumableUpload(uploadUrl: string, file: Blob, mimeType: string, options: ResumeOptions = {}): Promise<string> {
  const size = file.size;
  const chunk = options.chunkBytes ?? UPLOAD_CHUNK_BYTES;
  if (size === 0) throw new UploadError('empty file');
  let url = uploadUrl;
  let offset = options.offset ?? 0;
  const stalls = new Stalls(options.maxStalls, options.sleep);

  const advance = (next: number) => {
    if (next > offset) stalls.reset();
    offset = next;
    options.onConfirmed?.(offset);
  };
  const renew = async () => {
    if (!options.renewUrl) throw new UploadError('the upload session expired');
    url = await options.renewUrl();
    offset = 0;
    options.onConfirmed?.(0);
  };
  /** Where to continue when the answer did not say (hidden Range, or an error): our server knows. */
  const locate = async (): Promise<number | 'complete' | 'expired'> => {
    if (!options.askServer) return offset;
    try {
      const status = await options.askServer(url);
      return status.complete ? 'complete' : status.received;
    } catch (e) {
      const status = (e as { status?: number }).status;
      if (status === 404 || status === 410) return 'expired';
      return offset;
    }
  };

  while (offset < size) {
    const end = Math.min(offset + chunk, size);
    const res = await putWithRetry(url, file.slice(offset, end), {
      headers: { 'Content-Type': mimeType, 'Content-Range': `bytes ${offset}-${end - 1}/${size}` },
      signal: options.signal,
      fetch: options.fetch,
      sleep: options.sleep,
    });
    if (res.status === 200 || res.status === 201) {
      options.onConfirmed?.(size);
      return url;
    }
    if (res.status === 404 || res.status === 410) {
      stalls.count('session expired');
      await renew();
      continue;
    }
    const problem = res.status === 308 ? '' : answered(res.status);
    if (res.status !== 308 && !isBusy(res.status)) throw new UploadError(problem);
    const range = res.status === 308 ? res.headers.get('Range') : null;
    const where = range ? nextOffsetFromRange(range) : await locate();
    if (where === 'complete') {
      options.onConfirmed?.(size);
      return url;
    }
    if (where === 'expired') {
      await renew();
      continue;
    }
    const before = offset;
    advance(where);
    if (offset <= before)
      await stalls.wait(problem || 'the storage kept nothing of the chunk', {
        busy: isBusy(res.status),
        retryAfterMs: retryAfterMs(res.headers.get('Retry-After')),
      });
  }
  return url;
}
