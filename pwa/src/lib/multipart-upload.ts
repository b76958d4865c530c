// The kiosk's side of a large clip on S3 (get-signed-url's uploadKind 'multipart'): uploadUrl names
// the bucket's multipart upload. The kiosk asks our server which parts the bucket holds and for a
// presigned URL of each other one (multipart/parts), PUTs those parts (PART_CONCURRENCY at once),
// and asks our server to complete the upload (multipart/complete). What the bucket holds is asked
// each time, never remembered here, so after a reboot the clip resumes from its last whole part.
// - a 5xx or 429 on a part (S3's SlowDown): wait (backoff) and send it again (put-with-retry.ts, as
//   when the network fails), at most `maxStalls` times in a row across the parts in flight;
// - a 403 on a part (its URL expired): ask for the parts again (fresh URLs);
// - a 404 on a part (S3's NoSuchUpload: the upload was aborted while the part travelled): ask our
//   server, whose list then answers 410 and the clip starts again as below;
// - our server answers 503 or 429 to listing the parts, completing, or a new upload URL (the
//   bucket's SlowDown, "try again in a minute"): wait (its Retry-After when longer than the
//   backoff) and ask again, counted with the parts' stalls; at `maxStalls` a StorageBusy, which
//   the outbox waits out like an outage;
// - our server answers 409 on completion (a part is missing) or 400 (the bucket found a part too
//   small, EntityTooSmall): ask for the parts again, at most `maxStalls` times;
// - our server answers 410 (NoSuchUpload: the upload was aborted, or has expired): ask for a new
//   upload URL once and send the clip over from its first part;
// - any other 4xx on a part: the storage refuses the clip.
// No imports besides the shared PUT, so Node tests run it against an S3 server as in the browser.
import { answered, MAX_STALLS, putWithRetry, retryAfterMs, Stalls, UploadError, type Sleep } from './put-with-retry.ts';

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
  sleep?: Sleep;
}

/**
 * Parts sent at once. One after another, each part's request and the store's writing of it leave
 * the line idle in between (the bench measured a quarter of a plain PUT's throughput that way);
 * three keep it busy, well within a browser's six connections to one host.
 */
export const PART_CONCURRENCY = 3;
/** Our server's answer status, on the errors its client throws (ApiError). */
const statusOf = (e: unknown) => (typeof e === 'object' && e !== null && 'status' in e ? (e as { status: unknown }).status : undefined);
/** Our server's Retry-After, on the errors its client throws (ApiError.retryAfter). */
const retryAfterOf = (e: unknown) =>
  typeof e === 'object' && e !== null && 'retryAfter' in e ? retryAfterMs((e as { retryAfter: string | null }).retryAfter) : undefined;
/** Our server passing on a storage that refuses for now (SlowDown), or asking the kiosk to slow down. */
const isTemporary = (status: unknown) => status === 503 || status === 429;

/** Asks the parts again: a part URL expired, or completion found a part missing. */
class Replan extends Error {}

/** Sends `file` in the parts the server names and completes it; resolves with the upload URL that finished it. */
export async function multipartUpload(uploadUrl: string, file: Blob, options: MultipartUploadOptions): Promise<string> {
  const maxStalls = options.maxStalls ?? MAX_STALLS;
  if (file.size === 0) throw new UploadError('empty file');
  let url = uploadUrl;
  let renewed = false;
  let replans = 0;
  // Shared by the parts in flight: any part stored ends the run of stalls.
  const stalls = new Stalls(maxStalls, options.sleep);

  /** PUTs one part; resolves once the bucket took it. */
  const sendPart = async (part: PartToSend): Promise<void> => {
    const problem = (status: number) => `${answered(status)} to part ${part.partNumber}`;
    const res = await putWithRetry(part.uploadUrl, file.slice(part.start, part.start + part.size), {
      signal: options.signal,
      fetch: options.fetch,
      sleep: options.sleep,
      busy: { stalls, problem },
    });
    if (res.ok) return;
    // 403: the part's URL expired. 404: NoSuchUpload, the upload is gone; the next list says so (410).
    if (res.status === 403 || res.status === 404) throw new Replan();
    throw new UploadError(problem(res.status));
  };

  let renewing = false;
  for (;;) {
    try {
      if (renewing && options.renewUrl) {
        url = await options.renewUrl();
        renewing = false;
      }
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
          stalls.reset();
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
        renewing = true;
        continue;
      }
      if (isTemporary(statusOf(e))) {
        await stalls.wait(`our server answered ${String(statusOf(e))}: ${e instanceof Error ? e.message : String(e)}`, {
          busy: true,
          retryAfterMs: retryAfterOf(e),
        });
        continue;
      }
      throw e;
    }
  }
}
