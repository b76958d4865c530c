// When to try again and when to give up. The outbox retries anything that may succeed
// later (no network, 5xx, 409 "still running", 429) with exponential backoff and jitter, so twenty
// kiosks coming back online after the same outage don't hit the server in the same second. A 4xx
// the server will answer again for the same request is parked for an operator instead.

export const RETRY_BASE_MS = 2_000;
export const RETRY_MAX_MS = 5 * 60_000;

/**
 * Delay before attempt `attempt + 1` after `attempt` failures (1-based): "equal jitter", half of
 * the exponential step fixed and half random, so the delay never collapses to 0 and never exceeds
 * the cap. `random` is Math.random's range [0, 1).
 */
export function retryDelayMs(attempt: number, random: number, base = RETRY_BASE_MS, max = RETRY_MAX_MS): number {
  const step = Math.min(max, base * 2 ** Math.max(0, attempt - 1));
  return Math.round(step / 2 + (random * step) / 2);
}

export type SendOutcome = 'done' | 'retry' | 'park';

/**
 * What an answer's HTTP status means for a queued request. 0 is "never reached the server".
 * 409 is the Idempotency-Key draft's "the first request is still running": retry later. 408 and
 * 429 are transient by definition. Any other 4xx would be answered the same way again.
 */
export function outcomeOfStatus(status: number): SendOutcome {
  if (status >= 200 && status < 300) return 'done';
  if (status === 0 || status === 408 || status === 409 || status === 429 || status >= 500) return 'retry';
  return 'park';
}
