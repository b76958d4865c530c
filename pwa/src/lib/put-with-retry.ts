// One PUT of a clip's bytes to a storage's upload URL, sent again when it did not get through. The
// kiosk's three ways of sending a clip (whole-upload.ts, resumable-upload.ts, multipart-upload.ts)
// share it; what any other answer means for the clip stays with each of them.
// - the network fails (fetch rejects): send again after 1 s, 2 s and 4 s; the fourth failure in a
//   row goes to the caller, which decides (wait for the network, or give the clip up when our
//   server answers and only the storage is unreachable). Any answer starts the count again;
// - the kiosk aborts (its signal): the failure goes to the caller at once, never sent again;
// - the storage is busy (429, such as S3's SlowDown, or a 5xx): with `busy`, the answer counts as a
//   stall, is waited out (exponential backoff with jitter, at most 30 s, or longer when the answer's
//   Retry-After asks it) and the PUT is sent again; `maxStalls` stalls stop the clip with a
//   StorageBusy, which the outbox treats as an outage (the clip waits for the job's next run, it is
//   never given up). Without `busy` the answer goes to the caller (the resumable protocol asks where
//   to continue instead);
// - any other answer goes to the caller with its body discarded: only its status and headers count.
// No imports, so Node tests run it against the storage imitations as it runs in the browser.

export const MAX_STALLS = 6;
/** Tries of one PUT when the network fails; then the caller decides (outage or refusal). */
export const NETWORK_ATTEMPTS = 4;

/** The storage refused the clip, or it made no progress: retrying now will not help. */
export class UploadError extends Error {}

/**
 * The storage (or our server on its behalf) kept answering "busy" (S3's SlowDown, a 503 "try again
 * in a minute"): a temporary refusal, so the clip is kept for a later run instead of given up.
 */
export class StorageBusy extends UploadError {}

/** The longest Retry-After honoured: a longer one is the job's next run to wait out, not this loop's. */
export const MAX_RETRY_AFTER_MS = 5 * 60_000;

/** A Retry-After (seconds, or an HTTP date) in ms, at most MAX_RETRY_AFTER_MS; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  const ms = /^\d+$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

export type Sleep = (ms: number) => Promise<void>;

const realSleep: Sleep = (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The wait after the `stalls`-th stall in a row: 500 ms doubled each time up to 30 s, less up to half at random. */
export function backoffMs(stalls: number, random: number = Math.random()): number {
  return Math.min(30_000, 500 * 2 ** stalls) * (0.5 + random / 2);
}

/** A storage that may take the same PUT a moment later: too many requests (429) or a server error. */
export const isBusy = (status: number): boolean => status === 429 || status >= 500;

export const answered = (status: number): string => `the storage answered ${status}`;

/** Tries in a row that moved nothing of a clip; the clip stops at the `max`-th. */
export class Stalls {
  private tries = 0;
  private readonly max: number;
  private readonly sleep: Sleep;

  constructor(max: number | undefined, sleep: Sleep | undefined) {
    this.max = max ?? MAX_STALLS;
    this.sleep = sleep ?? realSleep;
  }

  /** Counts a try that moved nothing; throws an UploadError naming `problem` at the max (a StorageBusy when it was `busy`). */
  count(problem: string, busy = false): void {
    if (++this.tries < this.max) return;
    const message = `no progress after ${this.tries} tries (last: ${problem})`;
    throw busy ? new StorageBusy(message) : new UploadError(message);
  }

  /** Counts a try that moved nothing, then waits the backoff (or the Retry-After asked, when longer) before the next. */
  async wait(problem: string, options: { busy?: boolean; retryAfterMs?: number | undefined } = {}): Promise<void> {
    this.count(problem, options.busy);
    await this.sleep(Math.max(backoffMs(this.tries), options.retryAfterMs ?? 0));
  }

  /** Something moved: the next stall is the first in a row again. */
  reset(): void {
    this.tries = 0;
  }
}

export interface PutWithRetryOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  fetch?: typeof fetch;
  sleep?: Sleep;
  /** Waits out a busy storage on `stalls` and sends again; `problem` names the answer in the UploadError. */
  busy?: { stalls: Stalls; problem: (status: number) => string };
}

/** PUTs `body` to `url` until the network carries it (and the storage is not busy, with `busy`); resolves with the answer. */
export async function putWithRetry(url: string, body: Blob, options: PutWithRetryOptions = {}): Promise<Response> {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? realSleep;
  let networkFailures = 0;
  for (;;) {
    let res: Response;
    try {
      res = await doFetch(url, {
        method: 'PUT',
        ...(options.headers ? { headers: options.headers } : {}),
        body,
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
    if (!options.busy || !isBusy(res.status)) return res;
    await options.busy.stalls.wait(options.busy.problem(res.status), {
      busy: true,
      retryAfterMs: retryAfterMs(res.headers.get('Retry-After')),
    });
  }
}
