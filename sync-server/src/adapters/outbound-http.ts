// One way out to the providers' HTTP APIs (Midtrans, Google): every call has a timeout, and calls
// that are safe to repeat are retried with jittered exponential backoff on network errors, 429,
// 5xx and Google's rate-limit 403s, honouring Retry-After. A POST is repeated only when the answer
// proves it was not processed (429, a rate-limit 403) or the caller says the API makes it safe.
//
// Hand-written rather than p-retry: the delay of each attempt comes from the answer (Retry-After),
// which p-retry's fixed schedule cannot take, and the loop stays a dozen lines.

export interface OutboundOptions {
  /** Abort an attempt that has not answered (headers) within this many milliseconds. */
  timeoutMs: number;
  /**
   * The answer's body is streamed on (a clip to a phone): the timeout covers only the wait for the
   * headers, since a long file over a slow link may flow for many minutes. Otherwise the timeout
   * also bounds reading the body.
   */
  stream?: boolean;
  /** Attempts after the first; 0 disables retrying. Default 3. */
  retries?: number;
  /** Set when repeating this request cannot do anything twice (e.g. the API dedupes it). */
  idempotent?: boolean;
  /** false: a 429 is handed back at once (the caller backs off on its own schedule). Default true. */
  retryRateLimits?: boolean;
  /** First backoff delay; doubled per attempt, with full jitter. Default 500 ms. */
  baseDelayMs?: number;
  /** No wait (backoff or Retry-After) longer than this. Default 30 s. */
  maxDelayMs?: number;
  /**
   * The whole call, retries and their waits included, ends within this many milliseconds: each
   * attempt gets at most what is left, and no retry starts that could not finish in time.
   */
  totalMs?: number;
  fetch?: typeof fetch;
  /** Injected by tests so retries take no wall-clock time. */
  sleep?: (ms: number) => Promise<void>;
  /** Injected by tests with sleep, so totalMs is measured on the same clock. */
  now?: () => number;
}

export type OutboundFailure = 'timeout' | 'network';

/** The call never got an HTTP answer: it timed out or the connection failed. */
export class OutboundHttpError extends Error {
  constructor(
    readonly kind: OutboundFailure,
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(kind === 'timeout' ? `No answer from ${new URL(url).host} in time` : `Could not reach ${new URL(url).host}`, options);
    this.name = 'OutboundHttpError';
  }
}

export const RATE_LIMIT_REASONS = /rateLimitExceeded|userRateLimitExceeded|quotaExceeded|sharingRateLimitExceeded/;
const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * fetch with a timeout and retries. Resolves with the last Response (callers read its status);
 * rejects with OutboundHttpError only when no attempt got an answer.
 */
export async function outboundFetch(url: string, init: RequestInit, options: OutboundOptions): Promise<Response> {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? realSleep;
  const retries = options.retries ?? 3;
  const method = (init.method ?? 'GET').toUpperCase();
  const repeatable = options.idempotent ?? ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'].includes(method);
  const now = options.now ?? Date.now;
  const endsAt = options.totalMs === undefined ? Infinity : now() + options.totalMs;
  /** Time for another attempt after waiting `wait` ms: at least a tenth of an attempt's timeout. */
  const roomFor = (wait: number) => endsAt - now() - wait >= Math.min(options.timeoutMs / 10, 1_000);

  for (let attempt = 0; ; attempt++) {
    let last = attempt >= retries;
    let res: Response;
    const timeoutMs = Math.max(1, Math.min(options.timeoutMs, endsAt - now()));
    const deadline = options.stream ? headersDeadline(timeoutMs) : { signal: AbortSignal.timeout(timeoutMs), answered() {} };
    try {
      res = await doFetch(url, { ...init, signal: deadline.signal });
    } catch (err) {
      const kind: OutboundFailure = isTimeout(err) ? 'timeout' : 'network';
      const wait = backoff(attempt, options);
      last ||= !roomFor(wait);
      // A refused connection never reached the server; anything else may have been processed.
      if (last || !(repeatable || isConnectionRefused(err))) throw new OutboundHttpError(kind, url, { cause: err });
      await sleep(wait);
      continue;
    } finally {
      deadline.answered();
    }
    const verdict = res.status === 429 && options.retryRateLimits === false ? 'final' : await retryVerdict(res, repeatable);
    const wait = retryAfterMs(res, options) ?? backoff(attempt, options);
    last ||= !roomFor(wait);
    if (last || verdict === 'final') return res;
    await res.body?.cancel().catch(() => undefined);
    await sleep(wait);
  }
}

/** A signal that times out unless `answered()` is called first (when the headers are in). */
function headersDeadline(timeoutMs: number): { signal: AbortSignal; answered(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), timeoutMs);
  return { signal: controller.signal, answered: () => clearTimeout(timer) };
}

/** 'retry' when the answer says try again later and repeating is safe. */
async function retryVerdict(res: Response, repeatable: boolean): Promise<'retry' | 'final'> {
  if (res.status === 429) return 'retry'; // not processed, by definition
  if (res.status === 403 && (await isRateLimit403(res))) return 'retry';
  if (res.status >= 500 && repeatable) return 'retry';
  return 'final';
}

/** Google answers some rate limits with 403 and a reason in the JSON error body. */
async function isRateLimit403(res: Response): Promise<boolean> {
  const text = await res
    .clone()
    .text()
    .catch(() => '');
  return RATE_LIMIT_REASONS.test(text);
}

function backoff(attempt: number, options: OutboundOptions): number {
  const base = options.baseDelayMs ?? 500;
  const cap = Math.min(options.maxDelayMs ?? 30_000, base * 2 ** attempt);
  return Math.round(cap / 2 + Math.random() * (cap / 2));
}

/** Retry-After in seconds or as an HTTP date, capped at maxDelayMs. */
export function retryAfterMs(res: Response, options: Pick<OutboundOptions, 'maxDelayMs'> = {}): number | undefined {
  const header = res.headers.get('retry-after');
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  if (!Number.isFinite(ms)) return undefined;
  return Math.max(0, Math.min(ms, options.maxDelayMs ?? 30_000));
}

function isTimeout(err: unknown): boolean {
  return err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
}

function isConnectionRefused(err: unknown): boolean {
  const cause = (err as { cause?: { code?: string } } | undefined)?.cause;
  return cause?.code === 'ECONNREFUSED';
}
