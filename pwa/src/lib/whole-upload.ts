// The kiosk's side of a storage that takes each clip in one PUT (get-signed-url's uploadKind
// 'single-put': an S3 presigned URL). A PUT stores the whole clip or nothing, so there is no offset
// to resume from: a broken PUT is sent again whole (put-with-retry.ts: the network, and a 5xx or
// 429 such as S3's SlowDown, at most `maxStalls` times).
// - a 2xx: the clip is stored;
// - a 403 (the presigned URL expired, or its signature no longer matches): ask the server for a
//   new URL once; a fresh URL refused too is the storage refusing the clip;
// - any other answer (a 4xx, a 3xx): the storage refuses the clip.
// No imports besides the shared PUT, so Node tests run it against an S3 server as in the browser.
import { answered, putWithRetry, Stalls, UploadError, type Sleep } from './put-with-retry.ts';

export interface WholeUploadOptions {
  signal?: AbortSignal;
  onConfirmed?: (offset: number) => void;
  /** A fresh upload URL for the same clip (the old one expired). */
  renewUrl?: () => Promise<string>;
  maxStalls?: number;
  fetch?: typeof fetch;
  sleep?: Sleep;
}

/** PUTs `file` whole to `uploadUrl`; resolves with the URL that stored it. */
export async function wholeUpload(uploadUrl: string, file: Blob, mimeType: string, options: WholeUploadOptions = {}): Promise<string> {
  if (file.size === 0) throw new UploadError('empty file');
  // One count for the clip, across a renewed URL: a stall is never undone by a later try.
  const stalls = new Stalls(options.maxStalls, options.sleep);
  let url = uploadUrl;
  let renewed = false;
  options.onConfirmed?.(0);
  for (;;) {
    const res = await putWithRetry(url, file, {
      headers: { 'Content-Type': mimeType },
      signal: options.signal,
      fetch: options.fetch,
      sleep: options.sleep,
      busy: { stalls, problem: answered },
    });
    if (res.ok) {
      options.onConfirmed?.(file.size);
      return url;
    }
    if (res.status === 403 && options.renewUrl && !renewed) {
      renewed = true;
      url = await options.renewUrl();
      continue;
    }
    throw new UploadError(answered(res.status));
  }
}
