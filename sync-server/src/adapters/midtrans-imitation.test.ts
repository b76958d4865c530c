// The imitation itself, over real HTTP both ways, as a browser test will use it: snap.js's button
// pays the order, the imitation posts the signed notification to the app, the app asks its status.
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeAdapterTestApp, paymentStatusOf, seedPurchase, type AdapterTestApp } from './testing/adapter-app.ts';
import { startMidtransImitation, type MidtransImitation } from './testing/midtrans-imitation.ts';

const KEYS = {
  MIDTRANS_SERVER_KEY: 'Mid-server-LIVE',
  MIDTRANS_CLIENT_KEY: 'Mid-client-LIVE',
  MIDTRANS_SERVER_KEY_SANDBOX: 'SB-Mid-server-TEST',
  MIDTRANS_CLIENT_KEY_SANDBOX: 'SB-Mid-client-TEST',
};

describe('Midtrans imitation over HTTP', () => {
  let t: AdapterTestApp;
  let server: ServerType;
  let midtrans: MidtransImitation;

  beforeEach(async () => {
    const appUrl = await new Promise<string>((done) => {
      // Started before the app exists: the handler reads `t` per request.
      server = serve({ fetch: (req) => t.app.fetch(req), port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
        done(`http://127.0.0.1:${info.port}`),
      );
    });
    midtrans = await startMidtransImitation({
      serverKeys: [KEYS.MIDTRANS_SERVER_KEY, KEYS.MIDTRANS_SERVER_KEY_SANDBOX],
      notificationUrl: `${appUrl}/api/payment/notification`,
    });
    t = await makeAdapterTestApp({ env: { ...KEYS, ...midtrans.env } });
  });
  afterEach(async () => {
    await t.close();
    await midtrans.close();
    await new Promise((done) => server.close(done));
  });

  it('serves a snap.js whose pay button settles the order and notifies the app, which confirms and marks it paid', async () => {
    const { purchase, token } = await seedPurchase(t);
    const script = await fetch(`${midtrans.url}/snap/snap.js`);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(await script.text()).toContain('window.snap');
    const res = await fetch(`${midtrans.url}/imitation/${token}/pay`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ order_id: purchase.id, transaction_status: 'settlement', status_code: '200' });
    expect(await paymentStatusOf(t, purchase.id)).toBe('paid');
    expect(midtrans.requests.map((r) => `${r.method} ${r.path}`)).toContain(`GET /v2/${purchase.id}/status`);
  });

  it('takes a phone’s payment in redirect mode: the methods a phone can use, and back to its page from Snap and the e-wallet app', async () => {
    const phonePage = 'https://replay.example/p/AbCdEfGhIjKlMnOpQrStUv';
    const answer = await t.payments.createPayment({
      orderId: 'CR-20261120-PHONE0001',
      grossAmount: 15_000,
      items: [{ id: 'video', name: 'Video replay', price: 15_000, quantity: 1 }],
      staging: false,
      customFields: { venue: 'Arena Senayan', court: 'Court 1', device: 'phone' },
      returnUrl: phonePage,
    });
    const order = midtrans.orders.get('CR-20261120-PHONE0001')!;
    expect(order.body).toMatchObject({
      enabled_payments: ['gopay', 'shopeepay', 'dana', 'other_qris', 'credit_card'],
      callbacks: { finish: phonePage },
      gopay: { enable_callback: true, callback_url: phonePage },
      shopeepay: { callback_url: phonePage },
      dana: { callback_url: phonePage },
    });
    expect(answer.redirectUrl).toBe(`${midtrans.url}/snap/v4/redirection/${answer.token}`);
    const page = await (await fetch(answer.redirectUrl!)).text();
    for (const method of ['gopay', 'shopeepay', 'dana', 'other_qris', 'credit_card']) expect(page).toContain(`value="${method}"`);
    const paid = await fetch(`${answer.redirectUrl}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'method=gopay',
      redirect: 'manual',
    });
    expect(paid.status).toBe(302);
    expect(paid.headers.get('Location')).toBe(`${phonePage}?order_id=CR-20261120-PHONE0001&status_code=200&transaction_status=settlement`);
    // Snap refuses a return address that is no web address, as the dashboard's settings do.
    const refused = await fetch(`${midtrans.url}/snap/v1/transactions`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${KEYS.MIDTRANS_SERVER_KEY}:`).toString('base64')}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ transaction_details: { order_id: 'x-1', gross_amount: 1 }, gopay: { callback_url: 'not a url' } }),
    });
    expect(refused.status).toBe(400);
  });

  it('answers a wrong key with 401 and an unknown order with "404" in an HTTP 200, as Midtrans documents', async () => {
    const wrong = await fetch(`${midtrans.url}/v2/CR-x/status`, {
      headers: { Authorization: `Basic ${Buffer.from('nope:').toString('base64')}` },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ status_code: '401' });
    const unknown = await fetch(`${midtrans.url}/v2/CR-x/status`, {
      headers: { Authorization: `Basic ${Buffer.from(`${KEYS.MIDTRANS_SERVER_KEY}:`).toString('base64')}` },
    });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toMatchObject({ status_code: '404' });
  });
});
