// The kiosk's stock of phone-page tokens: tokens the server drew and issued to this kiosk (POST
// /api/device/phone-tokens), so a purchase, even a free one accepted offline, shows its QR code at
// once with a token the server will accept. The server refuses any token it did not issue to this
// kiosk, and each only once, so a token leaves the stock the moment a purchase takes it.
// - take(): synchronous (the checkout draws its token as the player presses Pay), so the stock lives
//   in a synchronous store (localStorage in the browser); undefined when empty, and the purchase
//   then goes without one (the server draws it; an offline sale shows no QR code);
// - refill(): whenever online, tops the stock up to PHONE_TOKEN_STOCK; one request at a time, and
//   after a refusal (not yet authorised, say) it waits REFUSED_PAUSE_MS before asking again. Nothing
//   waits on it: the home screen and the checkout read only what is stored.
import { PHONE_TOKEN_STOCK } from '@courtreplay/shared';

/** Where the tokens are kept across reloads: the browser's localStorage, or a Map in tests. */
export interface TokenStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface PhoneTokenStockDeps {
  store: TokenStore;
  /** Asks the server for `count` fresh tokens issued to this kiosk. */
  fetchTokens(count: number): Promise<string[]>;
  isOnline(): boolean;
  /** Whether this browser is a kiosk the server may issue tokens to (it has a device id). */
  isKiosk(): boolean;
  now(): number;
}

export const STOCK_KEY = 'phoneTokenStock';
/** After the server refused to issue tokens, the stock asks again no sooner than this. */
export const REFUSED_PAUSE_MS = 5 * 60_000;

export interface PhoneTokenStock {
  /** A token for one purchase, removed from the stock at once; undefined when the stock is empty. */
  take(): string | undefined;
  /** Tops the stock up to PHONE_TOKEN_STOCK when online; resolves once done (or there was nothing to do). */
  refill(): Promise<void>;
  size(): number;
}

export function createPhoneTokenStock(deps: PhoneTokenStockDeps): PhoneTokenStock {
  let inFlight: Promise<void> | null = null;
  let pausedUntil = 0;

  const read = (): string[] => {
    try {
      const parsed: unknown = JSON.parse(deps.store.getItem(STOCK_KEY) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
    } catch {
      return [];
    }
  };
  const write = (tokens: string[]) => deps.store.setItem(STOCK_KEY, JSON.stringify(tokens));

  const missing = () => PHONE_TOKEN_STOCK - read().length;
  const mayAsk = () => missing() > 0 && deps.isOnline() && deps.isKiosk() && deps.now() >= pausedUntil;

  /** Asks until the stock is full (a sale during a request leaves it short again), a few rounds at most. */
  const topUp = async (): Promise<void> => {
    for (let round = 0; round < 3 && mayAsk(); round++) {
      let fresh: string[];
      try {
        fresh = await deps.fetchTokens(missing());
      } catch (e) {
        // A refusal (401, 403: not a kiosk, or not authorised yet) will not change in seconds; a
        // lost network is retried at the next online moment.
        const status = (e as { status?: unknown }).status;
        if (typeof status === 'number' && status >= 400 && status < 500) pausedUntil = deps.now() + REFUSED_PAUSE_MS;
        return;
      }
      // Read again: a sale may have taken a token while the request was out.
      const held = read();
      write([...held, ...fresh.filter((t) => !held.includes(t))]);
    }
  };

  const refill = (): Promise<void> => {
    if (!inFlight && !mayAsk()) return Promise.resolve();
    inFlight ??= topUp().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  return {
    take() {
      const [token, ...rest] = read();
      if (token === undefined) return undefined;
      write(rest);
      void refill();
      return token;
    },
    refill,
    size: () => read().length,
  };
}
