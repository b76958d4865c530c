// The kiosk's stock of server-issued phone-page tokens, with a Map for localStorage and a recording
// server: what a sale takes, when and how much the stock asks for, and what it does on a refusal.
import { PHONE_TOKEN_STOCK } from '@courtreplay/shared';
import { describe, expect, it } from 'vitest';
import { createPhoneTokenStock, REFUSED_PAUSE_MS, STOCK_KEY, type PhoneTokenStockDeps } from './phone-token-stock.ts';

function world(overrides: Partial<PhoneTokenStockDeps> = {}) {
  const stored = new Map<string, string>();
  const asked: number[] = [];
  let issued = 0;
  let online = true;
  let now = 0;
  const gates: (() => void)[] = [];
  const w = {
    stored,
    asked,
    gates,
    /** Requests wait for a gate to open instead of answering at once. */
    gated: false,
    refuse: null as null | number,
    setOnline: (value: boolean) => void (online = value),
    advance: (ms: number) => void (now += ms),
    stock: createPhoneTokenStock({
      store: { getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => void stored.set(k, v) },
      fetchTokens: async (count) => {
        asked.push(count);
        if (w.gated) await new Promise<void>((resolve) => gates.push(resolve));
        if (w.refuse !== null) throw Object.assign(new Error('refused'), { status: w.refuse });
        return Array.from({ length: count }, () => `server-token-${String(++issued).padStart(10, '0')}`);
      },
      isOnline: () => online,
      isKiosk: () => true,
      now: () => now,
      ...overrides,
    }),
  };
  return w;
}

describe('the phone-token stock', () => {
  it('fills up to PHONE_TOKEN_STOCK from the server, and keeps the tokens across a reload', async () => {
    const w = world();
    await w.stock.refill();
    expect(w.asked).toEqual([PHONE_TOKEN_STOCK]);
    expect(w.stock.size()).toBe(PHONE_TOKEN_STOCK);
    await w.stock.refill();
    expect(w.asked).toHaveLength(1);
    // A reloaded page reads the same store.
    expect(JSON.parse(w.stored.get(STOCK_KEY)!)).toHaveLength(PHONE_TOKEN_STOCK);
  });

  it('hands each token out once, oldest first, and asks for as many as were taken', async () => {
    const w = world();
    await w.stock.refill();
    const first = w.stock.take();
    const second = w.stock.take();
    expect(first).toBe('server-token-0000000001');
    expect(second).toBe('server-token-0000000002');
    await w.stock.refill();
    expect(w.asked.slice(1).reduce((a, b) => a + b, 0)).toBe(2);
    const all = JSON.parse(w.stored.get(STOCK_KEY)!) as string[];
    expect(all).toHaveLength(PHONE_TOKEN_STOCK);
    expect(all).not.toContain(first);
    expect(all).not.toContain(second);
  });

  it('sells offline from the stock without asking, and gives nothing (undefined) once it is empty', async () => {
    const w = world();
    await w.stock.refill();
    w.setOnline(false);
    const sold = Array.from({ length: PHONE_TOKEN_STOCK }, () => w.stock.take());
    expect(new Set(sold).size).toBe(PHONE_TOKEN_STOCK);
    expect(w.stock.take()).toBeUndefined();
    expect(w.asked).toHaveLength(1);
    w.setOnline(true);
    await w.stock.refill();
    expect(w.asked).toEqual([PHONE_TOKEN_STOCK, PHONE_TOKEN_STOCK]);
  });

  it('sends one request at a time, and keeps a token sold while it was out of the stock it writes back', async () => {
    const w = world();
    await w.stock.refill();
    w.gated = true;
    const taken = w.stock.take();
    const again = w.stock.refill();
    expect(w.asked).toEqual([PHONE_TOKEN_STOCK, 1]);
    const takenDuring = w.stock.take();
    w.gates.forEach((open) => open());
    // The first answer leaves the stock one short (a sale meanwhile): it asks once more.
    await expect.poll(() => w.gates.length).toBe(2);
    expect(w.asked).toEqual([PHONE_TOKEN_STOCK, 1, 1]);
    w.gates.forEach((open) => open());
    await again;
    const all = JSON.parse(w.stored.get(STOCK_KEY)!) as string[];
    expect(all).not.toContain(taken);
    expect(all).not.toContain(takenDuring);
    expect(all).toHaveLength(PHONE_TOKEN_STOCK);
  });

  it('waits REFUSED_PAUSE_MS after the server refuses (not authorised yet), but asks again at once after a lost network', async () => {
    const w = world();
    w.refuse = 403;
    await w.stock.refill();
    await w.stock.refill();
    expect(w.asked).toHaveLength(1);
    w.advance(REFUSED_PAUSE_MS);
    w.refuse = 0;
    await w.stock.refill();
    await w.stock.refill();
    expect(w.asked).toHaveLength(3);
    w.refuse = null;
    await w.stock.refill();
    expect(w.stock.size()).toBe(PHONE_TOKEN_STOCK);
  });

  it('asks nothing on a page that is no kiosk, and reads a damaged store as empty', async () => {
    const w = world({ isKiosk: () => false });
    await w.stock.refill();
    expect(w.asked).toEqual([]);
    w.stored.set(STOCK_KEY, '{not json');
    expect(w.stock.take()).toBeUndefined();
  });
});
