// The real MidtransProvider, unmodified, against the Midtrans imitation with injected faults.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { frozenClock } from '../testing/clock.ts';
import { MemoryIntegrationHealth } from '../integrations/health.ts';
import { DEFAULT_ENABLED_PAYMENTS, MIDTRANS_TIMEOUT_MS, MidtransProvider, type MidtransOptions } from './midtrans.ts';
import { bodyOf, makeAdapterTestApp, paymentStatusOf } from './testing/adapter-app.ts';
import { startMidtransImitation, type MidtransImitation } from './testing/midtrans-imitation.ts';

const LIVE = { serverKey: 'Mid-server-LIVE', clientKey: 'Mid-client-LIVE' };
const SANDBOX = { serverKey: 'SB-Mid-server-TEST', clientKey: 'SB-Mid-client-TEST' };
const INIT_FAILED = 'Payment initialization failed. Please try again later.';

const input = {
  orderId: 'CR-20261120-abc',
  grossAmount: 3000,
  items: [{ id: 'videos', name: '3 videos', price: 1000, quantity: 3 }],
  email: 'player@example.com',
  staging: false,
  customFields: { venue: 'Arena', court: 'Court 1', device: 'dev_1' },
};

let midtrans: MidtransImitation;
let health: MemoryIntegrationHealth;
let waits: number[];

beforeEach(async () => {
  midtrans = await startMidtransImitation({ serverKeys: [LIVE.serverKey, SANDBOX.serverKey] });
  health = new MemoryIntegrationHealth(frozenClock());
  waits = [];
});
afterEach(() => midtrans.close());

function provider(options: Partial<MidtransOptions> = {}) {
  return new MidtransProvider({
    live: LIVE,
    sandbox: SANDBOX,
    baseUrls: midtrans.baseUrls,
    health,
    sleep: async (ms) => void waits.push(ms),
    ...options,
  });
}

describe('Snap request', () => {
  it('limits the methods to ones a kiosk can finish, brings redirects back to the kiosk, and sets an expiry', async () => {
    await provider({ finishUrl: 'https://kiosk.example/payment/success', expiryMinutes: 15 }).createPayment(input);
    const body = midtrans.orders.get(input.orderId)!.body;
    expect(body.enabled_payments).toEqual(['other_qris', 'gopay', 'shopeepay', 'credit_card']);
    expect(body.callbacks).toEqual({ finish: 'https://kiosk.example/payment/success' });
    expect(body.expiry).toEqual({ unit: 'minutes', duration: 15 });
    expect(DEFAULT_ENABLED_PAYMENTS).not.toContain('bca_klikpay');
    await provider({ enabledPayments: ['other_qris'] }).createPayment({ ...input, orderId: 'CR-2' });
    expect(midtrans.orders.get('CR-2')!.body.enabled_payments).toEqual(['other_qris']);
  });

  it('gives up on a stalled Snap with the initialization message, without repeating the POST', async () => {
    midtrans.inject({ on: 'snap', fault: 'hang' });
    // A stalled Snap without the timeout would hang this test until Vitest's own limit fails it.
    // Long enough for the POST to reach the imitation on a busy machine before the limit cuts it.
    await expect(provider({ timeoutMs: 1_000 }).createPayment(input)).rejects.toMatchObject({
      code: 'upstream_failed',
      message: INIT_FAILED,
    });
    expect(midtrans.requests.filter((r) => r.path === '/snap/v1/transactions')).toHaveLength(1);
    expect(health.status('payments').lastError?.message).toMatch(/No answer/);
    // The kiosk hears back within ~10 s even with the default timeout.
    expect(MIDTRANS_TIMEOUT_MS).toBeLessThanOrEqual(8_000);
  });

  it('does not repeat a Snap create answered 500 (it may have been processed), but does after a 429 with Retry-After', async () => {
    midtrans.inject({ on: 'snap', fault: '500', times: 1 });
    await expect(provider().createPayment(input)).rejects.toMatchObject({ code: 'upstream_failed', message: INIT_FAILED });
    expect(midtrans.requests).toHaveLength(1);
    midtrans.inject({ on: 'snap', fault: '429', times: 1, retryAfterSeconds: 2 });
    expect((await provider().createPayment(input)).token).toBeTruthy();
    expect(waits).toEqual([2000]);
  });

  it('reports a refused server key as a credential alert', async () => {
    await expect(provider({ live: { serverKey: 'wrong', clientKey: 'c' } }).createPayment(input)).rejects.toMatchObject({
      code: 'upstream_failed',
    });
    expect(health.status('payments').lastError?.alert?.code).toBe('midtrans_unauthorized');
  });
});

describe('status API', () => {
  it('reads "404" in the body of an HTTP 200 as an order Midtrans does not know, and retries 5xx and HTML answers', async () => {
    await provider().createPayment(input);
    expect(await provider().fetchStatus(input.orderId, false)).toBe('unknown');
    midtrans.setStatus(input.orderId, 'settlement');
    midtrans.inject({ on: 'status', fault: '503-html', times: 1 });
    midtrans.inject({ on: 'status', fault: '500', times: 1 });
    expect(await provider().fetchStatus(input.orderId, false)).toBe('paid');
    expect(waits).toHaveLength(2);
    expect(health.status('payments').lastSuccessAt).toBeDefined();
    midtrans.setStatus(input.orderId, 'refund');
    expect(await provider().fetchStatus(input.orderId, false)).toBe('refunded');
  });

  it('rejects after its retries when the status API keeps hanging', async () => {
    midtrans.inject({ on: 'status', fault: 'hang' });
    // Each of the three attempts must reach the imitation before its limit, also on a busy machine.
    await expect(provider({ timeoutMs: 1_000 }).fetchStatus('CR-x', false)).rejects.toThrow();
    expect(midtrans.requests).toHaveLength(3);
  });
});

describe('testConnection', () => {
  it('is ok when Midtrans knows the keys (a random order answers "404")', async () => {
    const result = await provider().testConnection();
    expect(result).toMatchObject({ ok: true, details: { production: 'key accepted', sandbox: 'key accepted' } });
  });

  it('names the variable of a refused key and raises the credential alert', async () => {
    const result = await provider({ sandbox: { serverKey: 'SB-wrong', clientKey: 'c' } }).testConnection();
    expect(result.ok).toBe(false);
    expect(result.message).toContain('MIDTRANS_SERVER_KEY_SANDBOX');
    expect(health.status('payments').lastError?.alert).toMatchObject({
      code: 'midtrans_unauthorized',
      advice: expect.stringContaining('Access Keys'),
    });
  });

  it('tests only the keys that are set', async () => {
    const result = await provider({ live: { serverKey: undefined, clientKey: undefined } }).testConnection();
    expect(result).toMatchObject({ ok: true, details: { sandbox: 'key accepted' } });
    expect(result.details).not.toHaveProperty('production');
  });
});

describe('kiosk Pay Now with a stalled Snap', () => {
  it('answers the kiosk in time with the initialization message and ends the purchase', async () => {
    const t = await makeAdapterTestApp();
    try {
      t.deps.payments = provider({ timeoutMs: 300 });
      midtrans.inject({ on: 'snap', fault: 'hang' });
      const venue = await t.seed.venue({});
      const device = await t.seed.device({ venueId: venue.id });
      const res = await t.call(
        'createPurchase',
        { body: { email: 'p@example.com', videoIds: ['v1'], videoTitles: ['Rally'], totalAmount: 1000 } },
        { headers: device.headers, raw: true },
      );
      expect(res.status).toBe(502);
      expect((await bodyOf(res)).message).toBe(INIT_FAILED);
      const [row] = await t.db.selectFrom('purchases').select('id').execute();
      expect(await paymentStatusOf(t, row!.id)).toBe('failed');
    } finally {
      await t.close();
    }
  });
});
