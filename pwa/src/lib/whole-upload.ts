// The kiosk's side of a storage that takes each clip in one PUT (get-signed-url's uploadKind
// 'single-put': an S3 presigned URL). A PUT stores the whole clip or nothing, so there is no offset
// to resume from: a broken PUT is sent again whole.
// - a 5xx or 429 (S3's SlowDown): wait (backoff) and send again, at most `maxStalls` times;
// - a 403 (the presigned URL expired, or its signature no longer matches): ask the server for a
//   new URL once; a fresh URL refused too is the storage refusing the clip;
// - any other 4xx: the storage refuses the clip.
// No imports besides the shared error, so Node tests run it against an S3 server as in the browser.
import { MAX_STALLS, UploadError } from './resumable-upload.ts';

export interface WholeUploadOptions {
  signal?: AbortSignal;
  onConfirmed?: (offset: number) => void;
  /** A fresh upload URL for the same clip (the old one expired). */
  renewUrl?: () => Promise<string>;
  maxStalls?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

/** Tries of one PUT when the network fails; then the caller decides (outage or refusal). */
const NETWORK_ATTEMPTS = 4;
const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const backoffMs = (stalls: number) => Math.min(30_000, 500 * 2 ** stalls) * (0.5 + Math.random() / 2);

/** PUTs `file` whole to `uploadUrl`; resolves with the URL that stored it. */
export async function wholeUpload(uploadUrl: string, file: Blob, mimeType: string, options: WholeUploadOptions = {}): Promise<string> {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? realSleep;
  const maxStalls = options.maxStalls ?? MAX_STALLS;
  if (file.size === 0) throw new UploadError('empty file');
  let url = uploadUrl;
  let stalls = 0;
  let networkFailures = 0;
  let renewed = false;
  options.onConfirmed?.(0);
  for (;;) {
    let res: Response;
    try {
      res = await doFetch(url, {
        method: 'PUT',
        headers: { 'Content-Type': mimeType },
        body: file,
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (e) {
      if (options.signal?.aborted) throw e;
      if (++networkFailures >= NETWORK_ATTEMPTS) throw e;
      await sleep(500 * 2 ** networkFailures);
      continue;
    }
    networkFailures = 0;
    await res.body?.cancel().catch(() => undefined);
    if (res.ok) {
      options.onConfirmed?.(file.size);
      return url;
    }
    if (res.status === 403 && options.renewUrl && !renewed) {
      renewed = true;
      url = await options.renewUrl();
      continue;
    }
    const problem = `the storage answered ${res.status}`;
    if (res.status !== 429 && res.status < 500) throw new UploadError(problem);
    if (++stalls >= maxStalls) throw new UploadError(`no progress after ${stalls} tries (last: ${problem})`);
    await sleep(backoffMs(stalls));
  }
}
