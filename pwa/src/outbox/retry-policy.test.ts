import { describe, expect, it } from 'vitest';
import { outcomeOfStatus, retryDelayMs, RETRY_BASE_MS, RETRY_MAX_MS } from './retry-policy.ts';

describe('backoff with jitter', () => {
  it('doubles the step with each failure, between half and all of it', () => {
    for (const attempt of [1, 2, 3, 4, 5]) {
      const step = RETRY_BASE_MS * 2 ** (attempt - 1);
      expect(retryDelayMs(attempt, 0)).toBe(step / 2);
      expect(retryDelayMs(attempt, 0.999999)).toBeLessThanOrEqual(step);
      expect(retryDelayMs(attempt, 0.999999)).toBeGreaterThan(step * 0.99);
    }
    expect(retryDelayMs(1, 0.5)).toBe(1_500);
    expect(retryDelayMs(3, 0.5)).toBe(6_000);
  });

  it('never exceeds the cap, however many failures', () => {
    expect(retryDelayMs(30, 0.999999)).toBeLessThanOrEqual(RETRY_MAX_MS);
    expect(retryDelayMs(1000, 0)).toBe(RETRY_MAX_MS / 2);
  });

  it('spreads kiosks that failed together over the window', () => {
    const delays = new Set(Array.from({ length: 50 }, (_, i) => retryDelayMs(4, i / 50)));
    expect(delays.size).toBe(50);
  });
});

describe('what a status means for a queued purchase', () => {
  it('is done on 2xx', () => {
    expect(outcomeOfStatus(200)).toBe('done');
    expect(outcomeOfStatus(201)).toBe('done');
  });
  it('retries no network, 409 still running, 408, 429 and 5xx', () => {
    for (const s of [0, 408, 409, 429, 500, 502, 503, 504]) expect(outcomeOfStatus(s)).toBe('retry');
  });
  it('parks any other 4xx for an operator', () => {
    for (const s of [400, 401, 403, 404, 413, 422]) expect(outcomeOfStatus(s)).toBe('park');
  });
});
