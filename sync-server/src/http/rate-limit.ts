// A token bucket per key (a recorder, a client address), kept in memory by each instance: `burst`
// calls at once, then one more every `refillMs`. It answers how long the caller must wait, which
// becomes the 429's Retry-After. Its keys are bounded (past `maxKeys` the least recently used
// go), so a flood of new keys cannot grow the server's memory.

export interface RateLimitOptions {
  /** Calls allowed at once. */
  burst: number;
  /** One call more every this many ms. */
  refillMs: number;
  /** Keys remembered at most. */
  maxKeys?: number;
}

/** A bucket's credit in ms of refill (one call costs refillMs), so that waits are whole milliseconds. */
interface Bucket {
  credit: number;
  at: number;
}

export class RateLimit<K> {
  private readonly buckets = new Map<K, Bucket>();
  private readonly maxKeys: number;

  constructor(private readonly options: RateLimitOptions) {
    this.maxKeys = options.maxKeys ?? 10_000;
  }

  /** The key's credit as of `now`, refilled for the time since it was last spent. */
  private credit(key: K, now: number): number {
    const full = this.options.burst * this.options.refillMs;
    const seen = this.buckets.get(key);
    return seen ? Math.min(full, seen.credit + Math.max(0, now - seen.at)) : full;
  }

  /** How long (ms) until the key may call again; 0 when it may now. Spends nothing. */
  waitMs(key: K, now: number): number {
    return Math.max(0, this.options.refillMs - this.credit(key, now));
  }

  /** Spends one call for the key: 0 when it was allowed, else how long (ms) until one is. */
  take(key: K, now: number): number {
    const credit = this.credit(key, now);
    if (credit < this.options.refillMs) return this.options.refillMs - credit;
    this.buckets.delete(key);
    this.buckets.set(key, { credit: credit - this.options.refillMs, at: now });
    this.bound();
    return 0;
  }

  /** Forgets the key (its calls are all allowed again). */
  forget(key: K): void {
    this.buckets.delete(key);
  }

  get size(): number {
    return this.buckets.size;
  }

  /** Past maxKeys, the least recently spent tenth goes at once (a Map keeps the order of insertion). */
  private bound(): void {
    if (this.buckets.size <= this.maxKeys) return;
    const keep = Math.floor(this.maxKeys * 0.9);
    for (const key of this.buckets.keys()) {
      if (this.buckets.size <= keep) break;
      this.buckets.delete(key);
    }
  }
}
