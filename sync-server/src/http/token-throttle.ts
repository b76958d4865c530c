// Wrong credentials cost the server little, and an address that keeps sending them is throttled
// the way failed logins are (docs/operations.md, "Limits a visitor can meet"). A recorder's or an
// admin's bearer token (by its SHA-256) and a kiosk's X-Device-Id are each looked up in the
// database; after WRONG_BURST wrong ones an address may have one looked up every WRONG_REFILL_MS,
// and meanwhile every credential of its that this instance does not know to be good is answered
// 429 before any lookup or body parsing, the answer held THROTTLED_HOLD_MS (a timer, no CPU), so a
// loop that sends them slows to the pace of its answers. The credentials that worked lately are
// remembered (a bounded set) and pass: a venue's recorder or kiosk behind the same address keeps
// working, and is still looked up on every call, so revoking it takes effect at once. Per instance.
import { RateLimit } from './rate-limit.ts';

export const WRONG_BURST = 30;
export const WRONG_REFILL_MS = 2_000;
export const THROTTLED_HOLD_MS = 1_000;
/** Throttled answers held at once; beyond, they are answered at once (each held one is a socket and a timer). */
export const MAX_HELD = 1_000;
const MAX_KNOWN = 10_000;
const MAX_ADDRESSES = 10_000;

export interface TokenThrottleOptions {
  /** How long a throttled answer is held (tests: 0). */
  holdMs?: number;
  /** Answers held at once at most. */
  maxHeld?: number;
}

export class TokenThrottle {
  private readonly wrong = new RateLimit<string>({ burst: WRONG_BURST, refillMs: WRONG_REFILL_MS, maxKeys: MAX_ADDRESSES });
  /** One warning per address per 10 minutes that it is throttled. */
  private readonly warnings = new RateLimit<string>({ burst: 1, refillMs: 600_000, maxKeys: MAX_ADDRESSES });
  /** Credentials that worked lately, least recently used first. */
  private readonly known = new Set<string>();
  private heldNow = 0;
  private readonly holdMs: number;
  private readonly maxHeld: number;

  constructor(options: TokenThrottleOptions = {}) {
    this.holdMs = options.holdMs ?? THROTTLED_HOLD_MS;
    this.maxHeld = options.maxHeld ?? MAX_HELD;
  }

  /**
   * How long (ms) `address` must wait before these credentials are looked up; 0 when they may be
   * now (the address is within its allowance, or one of them worked lately).
   */
  waitMs(address: string, credentials: readonly string[], now: number): number {
    if (credentials.some((key) => this.known.has(key))) return 0;
    return this.wrong.waitMs(address, now);
  }

  /** A wrong credential from `address`; true when the address is now throttled and was not said to be lately (log it). */
  refused(address: string, credential: string, now: number): boolean {
    this.known.delete(credential);
    this.wrong.take(address, now);
    return this.wrong.waitMs(address, now) > 0 && this.warnings.take(address, now) === 0;
  }

  /** A credential that worked: it passes the throttle from now on (until it fails or is forgotten). */
  accepted(credential: string): void {
    this.known.delete(credential);
    this.known.add(credential);
    if (this.known.size > MAX_KNOWN) this.known.delete(this.known.values().next().value!);
  }

  /** Holds a throttled answer for holdMs, unless maxHeld are held already. */
  async hold(): Promise<void> {
    if (this.holdMs <= 0 || this.heldNow >= this.maxHeld) return;
    this.heldNow += 1;
    try {
      await new Promise((resolve) => setTimeout(resolve, this.holdMs));
    } finally {
      this.heldNow -= 1;
    }
  }

  /** Answers held right now. */
  get held(): number {
    return this.heldNow;
  }
}
