import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countRows } from '../testing/index.ts';
import { IDEMPOTENCY_KEY_TTL_MS } from './idempotency.ts';
import { runPurchaseMaintenance } from './maintenance.ts';
import { markPurchaseOutcome } from './outcomes.ts';
import { created, PRICE, promoUsed, purchaseWorld, storedPurchases, type PurchaseWorld } from './test-support.ts';

let w: PurchaseWorld;
beforeEach(async () => {
  w = await purchaseWorld();
});
afterEach(async () => {
  await w.t.close();
});

async function buyWithPromo(code: string): Promise<string> {
  const res = await w.buy(w.kioskA, w.body({ promoCode: code, totalAmount: PRICE - 1000 }));
  expect(res.status).toBe(201);
  return (await created(res)).transaction.id;
}

const statusOf = async (id: string) => (await storedPurchases(w.t)).find((p) => p.id === id)?.paymentStatus;

describe('markPurchaseOutcome', () => {
  it('moves pending to paid once, with paidAt, and never back', async () => {
    await w.t.seed.promo({ code: 'P', amount: 1000, quota: 2 });
    const id = await buyWithPromo('P');
    w.t.clock.advance(60_000);
    const paid = await markPurchaseOutcome(w.t.db, id, 'paid', w.t.clock.now());
    expect(paid.changed).toBe(true);
    expect(paid.purchase?.paidAt).toBe(w.t.clock.now().toISOString());
    for (const late of ['failed', 'expired', 'paid'] as const) {
      expect((await markPurchaseOutcome(w.t.db, id, late, w.t.clock.now())).changed).toBe(false);
    }
    expect(await statusOf(id)).toBe('paid');
  });

  it('gives the promo use back exactly once when a purchase fails', async () => {
    const promo = await w.t.seed.promo({ code: 'P', amount: 1000, quota: 1 });
    const id = await buyWithPromo('P');
    expect(await promoUsed(w.t, promo.id)).toBe(1);
    expect((await markPurchaseOutcome(w.t.db, id, 'failed', w.t.clock.now())).changed).toBe(true);
    expect(await promoUsed(w.t, promo.id)).toBe(0);
    await markPurchaseOutcome(w.t.db, id, 'failed', w.t.clock.now());
    await markPurchaseOutcome(w.t.db, id, 'expired', w.t.clock.now());
    expect(await promoUsed(w.t, promo.id)).toBe(0);
    // The use is free again: another purchase can take it.
    await buyWithPromo('P');
    expect(await promoUsed(w.t, promo.id)).toBe(1);
  });

  it('keeps the promo use of a paid purchase', async () => {
    const promo = await w.t.seed.promo({ code: 'P', amount: 1000, quota: 1 });
    const id = await buyWithPromo('P');
    await markPurchaseOutcome(w.t.db, id, 'paid', w.t.clock.now());
    expect(await promoUsed(w.t, promo.id)).toBe(1);
  });

  it('leaves a free purchase free', async () => {
    await w.t.seed.config('ENABLE_PAYMENT_GATEWAY', 'false');
    const id = (await created(await w.buy(w.kioskA, w.body({ totalAmount: 0 })))).transaction.id;
    expect((await markPurchaseOutcome(w.t.db, id, 'failed', w.t.clock.now())).changed).toBe(false);
    expect(await statusOf(id)).toBe('free');
  });

  it('counts a payment the provider confirms after our own expiry, taking the promo use again', async () => {
    const promo = await w.t.seed.promo({ code: 'P', amount: 1000, quota: 1 });
    const id = await buyWithPromo('P');
    expect((await markPurchaseOutcome(w.t.db, id, 'expired', w.t.clock.now())).changed).toBe(true);
    expect(await promoUsed(w.t, promo.id)).toBe(0);
    const late = await markPurchaseOutcome(w.t.db, id, 'paid', w.t.clock.now());
    expect(late.changed).toBe(true);
    expect(await statusOf(id)).toBe('paid');
    expect(await promoUsed(w.t, promo.id)).toBe(1);
  });

  it('pays a failed purchase the provider settles after all (a retry inside the window), taking the promo use back even over the quota', async () => {
    const promo = await w.t.seed.promo({ code: 'P', amount: 1000, quota: 1 });
    const id = await buyWithPromo('P');
    await markPurchaseOutcome(w.t.db, id, 'failed', w.t.clock.now());
    expect(await promoUsed(w.t, promo.id)).toBe(0);
    // The hold ended with the failure: another player takes the last use meanwhile.
    await buyWithPromo('P');
    expect(await promoUsed(w.t, promo.id)).toBe(1);
    const late = await markPurchaseOutcome(w.t.db, id, 'paid', w.t.clock.now(), { confirmed: true });
    expect(late).toMatchObject({ changed: true, previous: 'failed', promoOverQuota: true });
    expect(await statusOf(id)).toBe('paid');
    expect(await promoUsed(w.t, promo.id)).toBe(2);
  });

  it("moves between the unpaid ends only on the provider's word, never on the kiosk's Close", async () => {
    const promo = await w.t.seed.promo({ code: 'P', amount: 1000, quota: 1 });
    const id = await buyWithPromo('P');
    await markPurchaseOutcome(w.t.db, id, 'failed', w.t.clock.now());
    expect((await markPurchaseOutcome(w.t.db, id, 'expired', w.t.clock.now())).changed).toBe(false);
    expect((await markPurchaseOutcome(w.t.db, id, 'expired', w.t.clock.now(), { confirmed: true })).changed).toBe(true);
    expect(await statusOf(id)).toBe('expired');
    // The hold was given back once, at the first unpaid end.
    expect(await promoUsed(w.t, promo.id)).toBe(0);
  });

  it('reports an unknown id as unchanged', async () => {
    expect(await markPurchaseOutcome(w.t.db, 'CR-NOPE', 'paid', w.t.clock.now())).toEqual({ changed: false, purchase: undefined });
  });
});

describe('runPurchaseMaintenance (every minute from main)', () => {
  it('drops Idempotency-Key answers older than a day, and leaves pending payments to the reconciler (only the provider ends them)', async () => {
    const res = await w.buy(w.kioskA, w.body(), { 'Idempotency-Key': 'old-key' });
    const id = (await created(res)).transaction.id;
    w.t.clock.advance(Math.max(w.t.config.pendingPaymentExpiryMs, IDEMPOTENCY_KEY_TTL_MS) + 1);
    await runPurchaseMaintenance(w.t.deps);
    expect(await statusOf(id)).toBe('pending');
    expect(await countRows(w.t.db, 'idempotency_keys')).toBe(0);
  });
});
