// Ending an earlier order before the kiosk opens a second one for the same cart: against the
// simulator (which imitates Midtrans' expire) and the real MidtransProvider against its imitation
// over HTTP (expire, cancel where the payment type allows it, 412 once paid). An ended order can
// never be paid afterwards, and one paid first is answered paid rather than ended.
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@courtreplay/shared';
import { makeAdapterTestApp, paymentStatusOf, seedPurchase, type AdapterTestApp } from '../adapters/testing/adapter-app.ts';
import { startMidtransImitation, type MidtransImitation } from '../adapters/testing/midtrans-imitation.ts';

let t: AdapterTestApp | undefined;
let midtrans: MidtransImitation | undefined;
let server: ServerType | undefined;
afterEach(async () => {
  await t?.delivery.idle();
  await t?.close();
  await midtrans?.close();
  if (server) await new Promise((done) => server!.close(done));
  t = midtrans = server = undefined;
});

const end = (app: AdapterTestApp, id: string, headers: Record<string, string>) =>
  app.app.request(`/api/transaction/${id}/end-payment`, { method: 'POST', headers });
const settle = (app: AdapterTestApp, token: string) =>
  app.app.request(`/api/payment/simulator/${encodeURIComponent(token)}/success`, { method: 'POST' });

describe('ending an earlier order (simulator)', () => {
  it('ends a pending order so that a later settlement is refused and it stays unpaid', async () => {
    t = await makeAdapterTestApp();
    const { purchase, token, device } = await seedPurchase(t, { videos: 1 });
    const res = await end(t, purchase.id, device.headers);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ paymentStatus: 'expired' });

    const late = await settle(t, token);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ message: SERVER_MESSAGES.payments.orderEnded });
    expect(await paymentStatusOf(t, purchase.id)).toBe('expired');
  });

  it('answers an order paid before it could be ended as paid, with its phone page', async () => {
    t = await makeAdapterTestApp();
    const { purchase, token, device } = await seedPurchase(t, { videos: 1 });
    expect((await settle(t, token)).status).toBe(200);
    const res = await end(t, purchase.id, device.headers);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ paymentStatus: 'paid', phoneUrl: expect.stringMatching(/\/p\//) });
    expect(await paymentStatusOf(t, purchase.id)).toBe('paid');
  });

  it("refuses another kiosk's order and changes nothing", async () => {
    t = await makeAdapterTestApp();
    const { purchase, venue } = await seedPurchase(t, { videos: 1 });
    const other = await t.seed.device({ venueId: venue.id });
    expect((await end(t, purchase.id, other.headers)).status).toBe(403);
    expect(await paymentStatusOf(t, purchase.id)).toBe('pending');
  });
});

const KEYS = { MIDTRANS_SERVER_KEY: 'Mid-server-LIVE', MIDTRANS_CLIENT_KEY: 'Mid-client-LIVE' };

async function withMidtrans() {
  const appUrl = await new Promise<string>((done) => {
    server = serve({ fetch: (req) => t!.app.fetch(req), port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      done(`http://127.0.0.1:${info.port}`),
    );
  });
  midtrans = await startMidtransImitation({
    serverKeys: [KEYS.MIDTRANS_SERVER_KEY],
    notificationUrl: `${appUrl}/api/payment/notification`,
  });
  t = await makeAdapterTestApp({ env: { ...KEYS, ...midtrans.env } });
  return midtrans;
}

describe('ending an earlier order (Midtrans, against its imitation)', () => {
  it('expires a pending QRIS order (407): the player can no longer pay it', async () => {
    const m = await withMidtrans();
    const { purchase, token, device } = await seedPurchase(t!, { videos: 1 });
    m.setStatus(purchase.id, 'pending');
    const res = await end(t!, purchase.id, device.headers);
    expect(await res.json()).toMatchObject({ paymentStatus: 'expired' });
    expect(m.requests.map((r) => `${r.method} ${r.path}`)).toContain(`POST /v2/${purchase.id}/expire`);
    expect(m.orders.get(purchase.id)!.transactionStatus).toBe('expire');
    const pay = await fetch(`${m.url}/imitation/${token}/pay`, { method: 'POST' });
    expect(pay.ok).toBe(false);
    expect(await paymentStatusOf(t!, purchase.id)).toBe('expired');
  });

  it('answers paid when Midtrans says it cannot modify an order that settled first (412), and delivers it', async () => {
    const m = await withMidtrans();
    const { purchase, device } = await seedPurchase(t!, { videos: 1 });
    m.setStatus(purchase.id, 'settlement');
    const res = await end(t!, purchase.id, device.headers);
    expect(await res.json()).toMatchObject({ paymentStatus: 'paid' });
    expect(await paymentStatusOf(t!, purchase.id)).toBe('paid');
  });

  it('ends an order nobody chose a way to pay for (404) without error', async () => {
    const m = await withMidtrans();
    const { purchase, token, device } = await seedPurchase(t!, { videos: 1 });
    const res = await end(t!, purchase.id, device.headers);
    expect(await res.json()).toMatchObject({ paymentStatus: 'expired' });
    expect((await fetch(`${m.url}/imitation/${token}/pay`, { method: 'POST' })).ok).toBe(false);
  });

  it('is a 503 that changes nothing while Midtrans cannot be reached', async () => {
    const m = await withMidtrans();
    const { purchase, device } = await seedPurchase(t!, { videos: 1 });
    m.setStatus(purchase.id, 'pending');
    m.inject({ on: 'status', fault: '500' });
    const res = await end(t!, purchase.id, device.headers);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ message: SERVER_MESSAGES.payments.endFailed });
    expect(await paymentStatusOf(t!, purchase.id)).toBe('pending');
  });
});
