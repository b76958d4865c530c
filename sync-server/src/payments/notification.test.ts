import { NOT_A_NOTIFICATION } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MidtransProvider } from '../adapters/midtrans.ts';
import { midtransSignature } from '../adapters/payment-signature.ts';
import type { SimulatorProvider } from '../adapters/simulator.ts';
import { bodyOf, makeAdapterTestApp, paymentStatusOf, seedPurchase, type AdapterTestApp } from '../adapters/testing/adapter-app.ts';
import { sendJson, startFakeHttp } from '../adapters/testing/fake-http.ts';

const KEY = 'SB-Mid-server-simulated';

function notification(orderId: string, amount: number, status: { code: string; transaction: string; fraud?: string }, key = KEY) {
  const gross = `${amount}.00`;
  return {
    order_id: orderId,
    status_code: status.code,
    gross_amount: gross,
    transaction_status: status.transaction,
    fraud_status: status.fraud ?? 'accept',
    payment_type: 'qris',
    signature_key: midtransSignature(orderId, status.code, gross, key),
  };
}
const SETTLEMENT = { code: '200', transaction: 'settlement' };
const PENDING = { code: '201', transaction: 'pending' };
const DENY = { code: '202', transaction: 'deny', fraud: 'deny' };
const EXPIRE = { code: '407', transaction: 'expire' };

describe('payment notification webhook and simulator', () => {
  let t: AdapterTestApp;
  beforeEach(async () => {
    t = await makeAdapterTestApp({ env: { MIDTRANS_SERVER_KEY: KEY, PAYMENT_PROVIDER: 'simulator' } });
  });
  afterEach(() => t.close());

  it('tells the PWA to load the simulator script, and serves it', async () => {
    const config = await bodyOf(t.app.request('/api/payment/client-config?staging=true'));
    expect(config).toEqual({ scriptUrl: '/api/payment/simulator/snap.js', clientKey: 'simulator', provider: 'simulator' });
    const script = await t.app.request('/api/payment/simulator/snap.js');
    expect(script.headers.get('Content-Type')).toContain('javascript');
    const text = await script.text();
    for (const label of ['Simulate success', 'Simulate pending', 'Simulate failure', 'Close', 'embed:', 'pay:'])
      expect(text).toContain(label);
    expect(text).not.toMatch(/\beval\(|new Function|innerHTML/);
  });

  it('simulator success posts a Midtrans-signed notification: the purchase becomes paid, the callback gets a Midtrans-like result', async () => {
    const { purchase, token } = await seedPurchase(t);
    const order = await bodyOf(t.app.request(`/api/payment/simulator/${token}`));
    expect(order).toEqual({ order_id: purchase.id, gross_amount: 3000 });
    const res = await t.call('simulatePayment', { params: { token: token, outcome: 'success' } }, { raw: true });
    expect(res.status).toBe(200);
    const result = await bodyOf(res);
    expect(result).toMatchObject({ order_id: purchase.id, status_code: '200', transaction_status: 'settlement', gross_amount: '3000.00' });
    expect(result.signature_key).toBeUndefined();
    expect(await paymentStatusOf(t, purchase.id)).toBe('paid');
  });

  it('simulator pending leaves it pending; failure fails it and gives the promo use back', async () => {
    await seedPurchase(t);
    const promo = await t.seed.promo({ code: 'HEMAT', amount: 500, quota: 1 });
    const { purchase, token } = await seedPurchase(t, { promoCode: 'HEMAT', totalAmount: 2500 });
    const used = async () =>
      (await t.db.selectFrom('promo_codes').select('used').where('id', '=', promo.id).executeTakeFirstOrThrow()).used;
    expect(await used()).toBe(1);
    await t.call('simulatePayment', { params: { token: token, outcome: 'pending' } }, { raw: true });
    expect(await paymentStatusOf(t, purchase.id)).toBe('pending');
    const res = await t.call('simulatePayment', { params: { token: token, outcome: 'failure' } }, { raw: true });
    expect((await bodyOf(res)).transaction_status).toBe('deny');
    expect(await paymentStatusOf(t, purchase.id)).toBe('failed');
    expect(await used()).toBe(0);
  });

  it('refuses a forged or tampered signature (401) and changes nothing', async () => {
    const { purchase } = await seedPurchase(t);
    const forged = notification(purchase.id, 3000, SETTLEMENT, 'not-the-server-key');
    await t.call('paymentNotification', { body: forged }, { status: 401 });
    const tampered = { ...notification(purchase.id, 3000, SETTLEMENT), transaction_status: 'settlement', status_code: '201' };
    await t.call('paymentNotification', { body: tampered }, { status: 401 });
    expect((await t.json('POST', '/api/payment/notification', { order_id: purchase.id })).status).toBe(400);
    expect((await t.json('POST', '/api/payment/notification', 'not json{')).status).toBe(400);
    expect(await paymentStatusOf(t, purchase.id)).toBe('pending');
  });

  it('answers whatever is not a notification with the one message, JSON or not', async () => {
    const { purchase } = await seedPurchase(t);
    const signed = notification(purchase.id, 3000, SETTLEMENT);
    const bodies: unknown[] = [
      'not json{',
      [signed],
      { ...signed, status_code: 200 },
      { ...signed, order_id: `${purchase.id}${'X'.repeat(50)}` },
    ];
    for (const body of bodies) {
      const res = await t.json('POST', '/api/payment/notification', body);
      expect(res.status).toBe(400);
      expect(await bodyOf(res)).toEqual({ message: NOT_A_NOTIFICATION });
    }
    expect(await paymentStatusOf(t, purchase.id)).toBe('pending');
  });

  it('moves only forward: replays and late notifications never move a paid purchase back', async () => {
    const { purchase } = await seedPurchase(t);
    // The simulator's status API must agree before "paid" counts.
    await (t.payments as SimulatorProvider).simulate({ orderId: purchase.id, grossAmount: 3000, staging: false }, 'success', t.clock.now());
    const paid = notification(purchase.id, 3000, SETTLEMENT);
    for (let i = 0; i < 3; i++) expect((await t.call('paymentNotification', { body: paid }, { raw: true })).status).toBe(200);
    for (const late of [PENDING, DENY, EXPIRE]) {
      await t.call('paymentNotification', { body: notification(purchase.id, 3000, late) }, { status: 200 });
      expect(await paymentStatusOf(t, purchase.id)).toBe('paid');
    }
  });

  it('an expire the provider does not confirm (it never heard of the order) changes nothing and asks for a retry', async () => {
    const { purchase } = await seedPurchase(t);
    await t.call('paymentNotification', { body: notification(purchase.id, 3000, EXPIRE) }, { status: 503 });
    expect(await paymentStatusOf(t, purchase.id)).toBe('pending');
  });

  it('answers 200 to a well-signed unknown order (another shop on the account must not be retried for days) and 400 for an amount that differs', async () => {
    const { purchase } = await seedPurchase(t);
    const unknown = await t.call('paymentNotification', { body: notification('CR-20261120-unknown', 3000, SETTLEMENT) }, { raw: true });
    expect(unknown.status).toBe(200);
    expect(await bodyOf(unknown)).toEqual({ message: 'OK' });
    expect(await t.db.selectFrom('purchases').select('id').where('id', '=', 'CR-20261120-unknown').executeTakeFirst()).toBeUndefined();
    // A forged one for an unknown order is still refused.
    await t.call('paymentNotification', { body: notification('CR-20261120-unknown', 3000, SETTLEMENT, 'wrong') }, { status: 401 });
    await t.call('paymentNotification', { body: notification(purchase.id, 1, SETTLEMENT) }, { status: 400 });
    expect(await paymentStatusOf(t, purchase.id)).toBe('pending');
  });

  it('refuses simulator tokens it did not issue', async () => {
    const { token } = await seedPurchase(t);
    const [payload] = token.split('.');
    expect((await t.app.request(`/api/payment/simulator/${payload}.AAAA/success`, { method: 'POST' })).status).toBe(404);
    expect((await t.app.request(`/api/payment/simulator/${token}/refund`, { method: 'POST' })).status).toBe(404);
  });
});

describe('notification webhook with the real Midtrans adapter', () => {
  let t: AdapterTestApp;
  let fake: Awaited<ReturnType<typeof startFakeHttp>>;
  let status: Record<string, string>;
  beforeEach(async () => {
    status = { status_code: '201', transaction_status: 'pending' };
    fake = await startFakeHttp((req, res) => {
      if (req.url.pathname.endsWith('/snap/v1/transactions'))
        return sendJson(res, 201, { token: 'snap-token-1', redirect_url: 'https://example/redirect' });
      if (req.url.pathname.endsWith('/status')) return sendJson(res, 200, { ...status, order_id: req.url.pathname.split('/')[2] });
      sendJson(res, 404, {});
    });
    t = await makeAdapterTestApp();
    const keys = { serverKey: KEY, clientKey: 'client' };
    t.deps.payments = new MidtransProvider({
      live: keys,
      sandbox: keys,
      baseUrls: { snapLive: fake.url, snapSandbox: fake.url, apiLive: fake.url, apiSandbox: fake.url },
    });
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  it('asks the status API before marking paid: a settlement the API does not confirm changes nothing and is retried (503)', async () => {
    const { purchase, token } = await seedPurchase(t);
    expect(token).toBe('snap-token-1');
    const settlement = notification(purchase.id, 3000, SETTLEMENT);
    await t.call('paymentNotification', { body: settlement }, { status: 503 });
    expect(await paymentStatusOf(t, purchase.id)).toBe('pending');
    expect(fake.requests.filter((r) => r.url.pathname === `/v2/${purchase.id}/status`)).toHaveLength(1);
    status = { status_code: '200', transaction_status: 'settlement', fraud_status: 'accept' };
    await t.call('paymentNotification', { body: settlement }, { status: 200 });
    expect(await paymentStatusOf(t, purchase.id)).toBe('paid');
  });

  it('answers 503 when the status API cannot be reached, so Midtrans retries', async () => {
    const { purchase } = await seedPurchase(t);
    await fake.close();
    await t.call('paymentNotification', { body: notification(purchase.id, 3000, SETTLEMENT) }, { status: 503 });
    expect(await paymentStatusOf(t, purchase.id)).toBe('pending');
    fake = await startFakeHttp(() => undefined);
  });
});
