import { PURCHASE_MESSAGES } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countRows } from '../testing/index.ts';
import { created, messageOf, PRICE, promoUsed, purchaseWorld, type PurchaseWorld } from './test-support.ts';

let w: PurchaseWorld;
beforeEach(async () => {
  w = await purchaseWorld();
});
afterEach(async () => {
  await w.t.close();
});

const key = (value: string) => ({ 'Idempotency-Key': value });

describe('Idempotency-Key on POST /api/transaction', () => {
  it('answers a retry with the same key and body with the first answer, storing one purchase', async () => {
    const first = await w.buy(w.kioskA, w.body(), key('"outbox-1"'));
    expect(first.status).toBe(201);
    // The same body with its keys in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(w.body()).reverse());
    const again = await w.buy(w.kioskA, reordered, key('"outbox-1"'));
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.clone().json());
    expect(await countRows(w.t.db, 'purchases')).toBe(1);
    expect(w.payments.calls).toHaveLength(1);
  });

  it('resumes the purchase of a key whose server process died before answering, instead of 409 or a second purchase', async () => {
    const first = await created(await w.buy(w.kioskA, w.body(), key('outbox-dead')));
    // As a SIGKILL after the insert leaves it: still running, its purchase recorded, its process gone.
    await w.t.db
      .updateTable('idempotency_keys')
      .set({ status: 'running', responseStatus: null, responseBody: null, ownerBoot: 'a-dead-process' })
      .execute();
    const retry = await w.buy(w.kioskA, w.body(), key('outbox-dead'));
    expect(retry.status).toBe(201);
    expect((await created(retry)).transaction.id).toBe(first.transaction.id);
    expect(await countRows(w.t.db, 'purchases')).toBe(1);
    expect(w.payments.calls).toHaveLength(1);
  });

  it('answers 422 when the key comes back with another body', async () => {
    await w.buy(w.kioskA, w.body(), key('outbox-2'));
    const other = await w.buy(w.kioskA, w.body({ email: 'someone.else@example.com' }), key('outbox-2'));
    expect(other.status).toBe(422);
    expect(await messageOf(other)).toBe(PURCHASE_MESSAGES.idempotencyKeyReused);
    expect(await countRows(w.t.db, 'purchases')).toBe(1);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    let release = () => {};
    w.payments.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = w.buy(w.kioskA, w.body(), key('outbox-3'));
    while (w.payments.calls.length === 0) await new Promise((r) => setTimeout(r, 5));
    const second = await w.buy(w.kioskA, w.body(), key('outbox-3'));
    expect(second.status).toBe(409);
    expect(await messageOf(second)).toBe(PURCHASE_MESSAGES.idempotencyKeyRunning);
    release();
    expect((await first).status).toBe(201);
    expect(await countRows(w.t.db, 'purchases')).toBe(1);
  });

  it('scopes keys by device: another kiosk with the same key makes its own purchase', async () => {
    await w.buy(w.kioskA, w.body({ venueId: null, fieldId: null }), key('shared-key'));
    const other = await w.buy(w.kioskB, w.body({ venueId: null, fieldId: null }), key('shared-key'));
    expect(other.status).toBe(201);
    expect(other.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await countRows(w.t.db, 'purchases')).toBe(2);
  });

  it('frees the key after an error, so the outbox can retry once the provider is back', async () => {
    const promo = await w.t.seed.promo({ code: 'ONE', amount: 1000, quota: 1 });
    const payload = w.body({ promoCode: 'ONE', totalAmount: PRICE - 1000 });
    w.payments.failWith = new Error('provider down');
    expect((await w.buy(w.kioskA, payload, key('retry-me'))).status).toBe(502);
    w.payments.failWith = undefined;
    const retry = await w.buy(w.kioskA, payload, key('retry-me'));
    expect(retry.status).toBe(201);
    expect((await created(retry)).transaction.promoCode).toBe('ONE');
    expect(await promoUsed(w.t, promo.id)).toBe(1);
  });

  it('refuses a malformed key with 400 and stores nothing', async () => {
    for (const bad of ['', 'has space', 'x'.repeat(256), 'naïve']) {
      const res = await w.buy(w.kioskA, w.body(), key(bad));
      expect(res.status).toBe(400);
      expect(await messageOf(res)).toBe(PURCHASE_MESSAGES.idempotencyKeyInvalid);
    }
    expect(await countRows(w.t.db, 'purchases')).toBe(0);
  });
});
