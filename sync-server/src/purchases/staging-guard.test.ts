// Staging prices (the _STAGING configuration, often 0) deliver real clips, so only a test device
// (marked by a super admin) may use them: a live kiosk's staging purchase is refused and stores
// nothing, and a live kiosk does not even read the staging configuration.
import { DEVICE_MESSAGES } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countRows } from '../testing/index.ts';
import { messageOf, purchaseWorld, type PurchaseWorld } from './test-support.ts';

let w: PurchaseWorld;
beforeEach(async () => {
  w = await purchaseWorld();
  await w.t.seed.config('DEFAULT_PRICE_STAGING', '0');
});
afterEach(async () => {
  await w.t.close();
});

describe('a staging purchase', () => {
  it('is refused with 403 on a live device and stores nothing', async () => {
    const res = await w.buy(w.kioskA, w.body({ totalAmount: 0, isStaging: true }));
    expect(res.status).toBe(403);
    expect(await messageOf(res)).toBe(DEVICE_MESSAGES.notTestDevice);
    expect(await countRows(w.t.db, 'purchases')).toBe(0);
    expect(w.payments.calls).toEqual([]);
    expect(w.delivery.changed).toEqual([]);
  });

  it('is refused with an Idempotency-Key too, and the key stays free for a real purchase', async () => {
    const res = await w.buy(w.kioskA, w.body({ totalAmount: 0, isStaging: true }), { 'Idempotency-Key': 'k-1' });
    expect(res.status).toBe(403);
    expect(await countRows(w.t.db, 'purchases')).toBe(0);
  });

  it('is accepted at staging prices on a test device', async () => {
    const res = await w.buy(w.testKioskA, w.body({ totalAmount: 0, isStaging: true }));
    expect(res.status).toBe(201);
    expect(await countRows(w.t.db, 'purchases')).toBe(1);
  });
});

describe('GET /api/admin/config from a kiosk', () => {
  const keysFor = async (headers: Record<string, string>) => (await w.t.call('getConfig', {}, { headers })).map((e) => e.key);

  it('leaves the _STAGING entries out for a live device and gives them to a test device', async () => {
    expect(await keysFor(w.kioskA.headers)).not.toContain('DEFAULT_PRICE_STAGING');
    expect(await keysFor(w.kioskA.headers)).toContain('DEFAULT_PRICE');
    expect(await keysFor(w.testKioskA.headers)).toContain('DEFAULT_PRICE_STAGING');
  });
});
