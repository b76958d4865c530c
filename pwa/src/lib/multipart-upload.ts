// The kiosk's side of a large clip on S3 (get-signed-url's uploadKind 'multipart'): uploadUrl names
// the bucket's multipart upload. The kiosk asks our server which parts the bucket holds and for a
// presigned URL of each other one (multipart/parts), PUTs those parts (PART_CONCURRENCY at once),
// and asks our server to complete the upload (multipart/complete). What the bucket holds is asked
// each time, never remembered here, so after a reboot the clip resumes from its last whole part.
// - a 5xx or 429 on a part (S3's SlowDown): wait (backoff) and send it again, at most `maxStalls` times;
// - a 403 on a part (its URL expired): ask for the parts again (fresh URLs);
// - our server answers 409 on completion (a part is missing) or 400 (the bucket found a part too
//   small, EntityTooSmall): ask for the parts again, at most `maxStalls` times;
// - our server answers 410 (NoSuchUpload: the upload was aborted, or has expired): ask for a new
//   upload URL once and send the clip over from its first part;
// - any other 4xx on a part: the storage refuses the clip.
// No imports besides the shared error, so Node tests run it against an S3 server as in the browser.
import { MAX_STALLS, UploadError } from './resumable-upload.ts';

export interface PartToSend {
  partNumber: number;
  start: number;
  size: number;
  uploadUrl: string;
}

export interface MultipartPlan {
  received: { partNumber: number; size: number }[];
  parts: PartToSend[];
}

export interface MultipartUploadOptions {
  /** multipart/parts for this upload URL: what the bucket holds, and URLs for the other parts. */
  askParts: (uploadUrl: string) => Promise<MultipartPlan>;
  /** multipart/complete for this upload URL. */
  complete: (uploadUrl: string) => Promise<unknown>;
  /** A fresh upload URL for the same clip (the old upload was aborted or expired). */
  renewUrl?: () => Promise<string>;
  signal?: AbortSignal;
  onConfirmed?: (offset: number) => void;
  maxStalls?: number;
  /** Parts in flight at once (PART_CONCURRENCY). */
  concurrency?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Parts sent at once. One after another, each part's request and the store's writing of it leave
 * the line idle in between (the bench measured a quarter of a plain PUT's throughput that way);
 * three keep it busy, well within a browser's six connections to one host.
 */
export const PART_CONCURRENCY = 3;
/** Tries of one part when the network fails; then the caller decides (outage or refusal). */
const NETWORK_ATTEMPTS = 4;
const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const backoffMs = (stalls: number) => Math.min(30_000, 500 * 2 ** stalls) * (0.5 + Math.random() / 2);
/** Our server's answer status, on the errors its client throws (ApiError). */
const statusOf = (e: unknown) => (typeof e === 'object' && e !== null && 'status' in e ? (e as { status: unknown }).status : undefined);

/** Asks the parts again: a part URL expired, or completion found a part missing. */
class Replan extends Error {}

/** Sends `file` in the parts the server names and completes it; resolves with the upload URL that finished it. */
export async function multipartUpload(uploadUrl: string, file: Blob, options: MultipartUploadOptions): Promise<string> {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? realSleep;
  const maxStalls = options.maxStalls ?? MAX_STALLS;
  if (file.size === 0) throw new UploadError('empty file');
  let url = uploadUrl;
  let renewed = false;
  let replans = 0;
  let stalls = 0;

  /** PUTs one part; resolves once the bucket took it. */
  const sendPart = async (part: PartToSend): Promise<void> => {
    let networkFailures = 0;
    for (;;) {
      let res: Response;
      try {
        res = await doFetch(part.uploadUrl, {
          method: 'PUT',
          body: file.slice(part.start, part.start + part.size),
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
      if (res.ok) return;
      if (res.status === 403) throw new Replan();
      const problem = `the storage answered ${res.status} to part ${part.partNumber}`;
      if (res.status !== 429 && res.status < 500) throw new UploadError(problem);
      if (++stalls >= maxStalls) throw new UploadError(`no progress after ${stalls} tries (last: ${problem})`);
      await sleep(backoffMs(stalls));
    }
  };

  for (;;) {
    try {
      const plan = await options.askParts(url);
      let confirmed = plan.received.reduce((n, p) => n + p.size, 0);
      options.onConfirmed?.(confirmed);
      const queue = [...plan.parts];
      let failure: unknown;
      const worker = async () => {
        for (let part = queue.shift(); part && failure === undefined; part = queue.shift()) {
          try {
            await sendPart(part);
          } catch (e) {
            failure ??= e;
            return;
          }
          stalls = 0;
          confirmed += part.size;
          options.onConfirmed?.(confirmed);
        }
      };
      await Promise.all(Array.from({ length: Math.min(options.concurrency ?? PART_CONCURRENCY, queue.length) }, worker));
      if (failure !== undefined) throw failure;
      try {
        await options.complete(url);
      } catch (e) {
        // 409: a part is missing; 400: the bucket refused a part's size (EntityTooSmall). The
        // server's next list offers those parts again.
        if (statusOf(e) === 409 || statusOf(e) === 400) throw new Replan();
        throw e;
      }
      options.onConfirmed?.(file.size);
      return url;
    } catch (e) {
      if (e instanceof Replan) {
        if (++replans >= maxStalls) throw new UploadError(`the parts could not all be stored after ${replans} tries`);
        continue;
      }
      if (statusOf(e) === 410 && options.renewUrl && !renewed) {
        renewed = true;
        url = await options.renewUrl();
        continue;
      }
      throw e;
    }
  }
}
