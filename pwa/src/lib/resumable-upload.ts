// The kiosk's side of the resumable upload protocol, for both storages (local disk and Google
// Drive): PUT chunks with Content-Range; 308 + Range says where to continue. It survives what a
// venue's network and Google do to long uploads:
// - a 5xx or 429 on a chunk: wait (backoff) and continue where the storage says;
// - an expired session (404/410): ask the server for a new upload URL and start the clip over;
// - a 308 whose Range the browser cannot read (Drive's CORS does not expose it): ask our server,
//   which can read it (POST /api/storage/upload-status), instead of resending chunk 0 forever;
// - no progress in `maxStalls` tries in a row: stop with a reason the operator can read.
// No imports, so Node tests run it against the Drive imitation as it runs in the browser.

/** Multiple of 256 KiB, as Google's resumable uploads require. */
export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;
export const MAX_STALLS = 6;
/** Tries of one chunk when the network fails; then the caller decides (outage or refusal). */
const NETWORK_ATTEMPTS = 4;

/** The storage refused the clip, or it made no progress: retrying now will not help. */
export class UploadError extends Error {}

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
  sleep?: (ms: number) => Promise<void>;
}

/** The next byte to send, read from a 308's Range header ('bytes=0-N'); 0 when absent. */
export function nextOffsetFromRange(range: string | null): number {
  const m = range && /bytes=\d+-(\d+)/.exec(range);
  return m ? Number(m[1]) + 1 : 0;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const backoffMs = (stalls: number) => Math.min(30_000, 500 * 2 ** stalls) * (0.5 + Math.random() / 2);

/** Sends `file` from `offset` to the end; resolves with the upload URL that finished it. */
export async function resumableUpload(uploadUrl: string, file: Blob, mimeType: string, options: ResumeOptions = {}): Promise<string> {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? realSleep;
  const maxStalls = options.maxStalls ?? MAX_STALLS;
  const size = file.size;
  const chunk = options.chunkBytes ?? UPLOAD_CHUNK_BYTES;
  if (size === 0) throw new UploadError('empty file');
  let url = uploadUrl;
  let offset = options.offset ?? 0;
  let stalls = 0;
  let networkFailures = 0;
  let lastProblem = '';

  /** Counts a try that moved nothing; gives up after maxStalls in a row. */
  const stalled = async (problem: string) => {
    lastProblem = problem;
    if (++stalls >= maxStalls) throw new UploadError(`no progress after ${stalls} tries (last: ${lastProblem})`);
    await sleep(backoffMs(stalls));
  };
  const advance = (next: number) => {
    if (next > offset) stalls = 0;
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
    let res: Response;
    try {
      res = await doFetch(url, {
        method: 'PUT',
        headers: { 'Content-Type': mimeType, 'Content-Range': `bytes ${offset}-${end - 1}/${size}` },
        body: file.slice(offset, end),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (e) {
      if (options.signal?.aborted) throw e;
      // The network is gone: after a few quick tries let the caller decide (wait for the network,
      // or skip the clip when our server answers and only the storage is unreachable).
      if (++networkFailures >= NETWORK_ATTEMPTS) throw e;
      await sleep(500 * 2 ** networkFailures);
      continue;
    }
    networkFailures = 0;
    await res.body?.cancel().catch(() => undefined);
    if (res.status === 200 || res.status === 201) {
      options.onConfirmed?.(size);
      return url;
    }
    if (res.status === 404 || res.status === 410) {
      lastProblem = 'session expired';
      if (++stalls >= maxStalls) throw new UploadError(`no progress after ${stalls} tries (last: ${lastProblem})`);
      await renew();
      continue;
    }
    const problem = res.status === 308 ? '' : `the storage answered ${res.status}`;
    if (res.status !== 308 && res.status !== 429 && res.status < 500) throw new UploadError(problem);
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
    if (offset <= before) await stalled(problem || 'the storage kept nothing of the chunk');
  }
  return url;
}
