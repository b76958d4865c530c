// The webhook and the reconciler with the real MidtransProvider against the Midtrans imitation.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MidtransProvider } from '../adapters/midtrans.ts';
import { bodyOf, makeAdapterTestApp, paymentStatusOf, seedPurchase, type AdapterTestApp } from '../adapters/testing/adapter-app.ts';
import { startMidtransImitation, type MidtransImitation } from '../adapters/testing/midtrans-imitation.ts';
import { runPurchaseMaintenance } from '../purchases/maintenance.ts';
import { markPurchaseOutcome } from '../purchases/outcomes.ts';
import { SETTLEMENT_GRACE_MS } from './provider-outcome.ts';
import { createPaymentReconciler, type PaymentReconciler } from './reconciler.ts';

const LIVE = { serverKey: 'Mid-server-LIVE', clientKey: 'Mid-client-LIVE' };
const SANDBOX = { serverKey: 'SB-Mid-server-TEST', clientKey: 'SB-Mid-client-TEST' };
const INTERVAL_MS = 60_000;

let midtrans: MidtransImitation;
let t: AdapterTestApp;
let reconciler: PaymentReconciler;
let delivered: string[];

beforeEach(async () => {
  midtrans = await startMidtransImitation({ serverKeys: [LIVE.serverKey, SANDBOX.serverKey] });
  // The adapters come from the configuration, so the MIDTRANS_*_URL overrides are what reach the imitation.
  t = await makeAdapterTestApp({
    env: {
      ...midtrans.env,
      MIDTRANS_SERVER_KEY: LIVE.serverKey,
      MIDTRANS_CLIENT_KEY: LIVE.clientKey,
      MIDTRANS_SERVER_KEY_SANDBOX: SANDBOX.serverKey,
      MIDTRANS_CLIENT_KEY_SANDBOX: SANDBOX.clientKey,
      PAYMENT_RECONCILE_SECONDS: String(INTERVAL_MS / 1000),
    },
  });
  delivered = [];
  const delivery = t.deps.delivery!;
  t.deps.delivery = { purchaseChanged: async (id) => void delivered.push(id), resend: (id) => delivery.resend(id) };
  reconciler = createPaymentReconciler({ ...t.deps, payments: t.deps.payments!, delivery: t.deps.delivery, logger: t.logger });
});
afterEach(async () => {
  await t.close();
  await midtrans.close();
});

const notify = (body: unknown) => t.json('POST', '/api/payment/notification', body);
const reversalOf = async (id: string) =>
  t.db
    .selectFrom('purchases')
    .select(['paymentStatus', 'paymentReversal', 'paymentReversedAt'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('notification webhook: only the status API decides', () => {
  it('creates the Snap transaction on the imitation through the configured base URL', async () => {
    const { purchase, token } = await seedPurchase(t);
    expect(midtrans.orders.get(purchase.id)?.token).toBe(token);
    // The kiosk may load snap.js from the overridden host: the CSP allows it.
    const config = await bodyOf(t.app.request('/api/payment/client-config'));
    expect(config).toMatchObject({ scriptUrl: `${midtrans.url}/snap/snap.js`, clientKey: LIVE.clientKey });
    const csp = (await t.app.request('/api/health')).headers.get('Content-Security-Policy') ?? '';
    expect(csp).toMatch(new RegExp(`script-src [^;]*${midtrans.url.replace(/[.]/g, '\\.')}`));
  });

  it('answers 503 to a settlement the status API still calls pending, so Midtrans retries; 200 once it settles', async () => {
    const { purchase } = await seedPurchase(t);
    midtrans.setStatus(purchase.id, 'pending');
    const claim = { ...midtrans.notification(purchase.id) };
    midtrans.setStatus(purchase.id, 'settlement');
    const settled = midtrans.notification(purchase.id);
    midtrans.setStatus(purchase.id, 'pending');
    expect((await notify(settled)).status).toBe(503);
    expect(await paymentStatusOf(t, purchase.id)).toBe('pending');
    midtrans.setStatus(purchase.id, 'settlement');
    expect((await notify(settled)).status).toBe(200);
    expect(await paymentStatusOf(t, purchase.id)).toBe('paid');
    expect(delivered).toEqual([purchase.id]);
    // A late pending notification changes nothing.
    expect((await notify(claim)).status).toBe(200);
    expect(await paymentStatusOf(t, purchase.id)).toBe('paid');
  });

  it('does not trust a signed pending notification edited to cancel: 503, still pending', async () => {
    const { purchase } = await seedPurchase(t);
    midtrans.setStatus(purchase.id, 'pending');
    // The signature covers order_id, status_code and gross_amount, not transaction_status.
    const edited = { ...midtrans.notification(purchase.id), transaction_status: 'cancel' };
    expect((await notify(edited)).status).toBe(503);
    expect(await paymentStatusOf(t, purchase.id)).toBe('pending');
    expect((await notify({ ...edited, transaction_status: 'expire' })).status).toBe(503);
    expect(await paymentStatusOf(t, purchase.id)).toBe('pending');
  });

  it('confirms a real cancel and expire with the status API', async () => {
    const cancelled = (await seedPurchase(t)).purchase;
    midtrans.setStatus(cancelled.id, 'cancel');
    expect((await notify(midtrans.notification(cancelled.id))).status).toBe(200);
    expect(await paymentStatusOf(t, cancelled.id)).toBe('failed');
    const expired = (await seedPurchase(t, { email: 'b@example.com' })).purchase;
    midtrans.setStatus(expired.id, 'expire');
    expect((await notify(midtrans.notification(expired.id))).status).toBe(200);
    expect(await paymentStatusOf(t, expired.id)).toBe('expired');
  });

  it('answers 503 while the status API fails (503 with an HTML body), and changes nothing', async () => {
    const { purchase } = await seedPurchase(t);
    midtrans.setStatus(purchase.id, 'settlement');
    t.deps.payments = new MidtransProvider({ live: LIVE, sandbox: SANDBOX, baseUrls: midtrans.baseUrls, sleep: async () => undefined });
    midtrans.inject({ on: 'status', fault: '503-html' });
    expect((await notify(midtrans.notification(purchase.id))).status).toBe(503);
    expect(await paymentStatusOf(t, purchase.id)).toBe('pending');
    expect(midtrans.requests.filter((r) => r.path.endsWith('/status')).length).toBe(3); // first try + 2 retries
  });

  it('flags a settlement reversed to deny for an admin: paid stays paid, the flag is stored', async () => {
    const { purchase } = await seedPurchase(t);
    midtrans.setStatus(purchase.id, 'settlement');
    expect((await notify(midtrans.notification(purchase.id))).status).toBe(200);
    t.clock.advance(3_600_000);
    midtrans.setStatus(purchase.id, 'deny');
    const deny = midtrans.notification(purchase.id);
    expect((await notify(deny)).status).toBe(200);
    expect(await reversalOf(purchase.id)).toEqual({
      paymentStatus: 'paid',
      paymentReversal: 'failed',
      paymentReversedAt: t.clock.now().toISOString(),
    });
    // Repeats keep the first report.
    t.clock.advance(1000);
    expect((await notify(deny)).status).toBe(200);
    expect((await reversalOf(purchase.id)).paymentReversedAt).toBe(new Date(t.clock.now().getTime() - 1000).toISOString());
  });

  it("shows the reversal to the purchase's venue admins: the Transactions list flag and the Errors feed", async () => {
    const { purchase, venue } = await seedPurchase(t);
    const other = await t.seed.venue({ name: 'Other' });
    const admin = await t.seed.admin({ venueId: venue.id });
    const otherAdmin = await t.seed.admin({ venueId: other.id });
    midtrans.setStatus(purchase.id, 'settlement');
    await notify(midtrans.notification(purchase.id));
    midtrans.setStatus(purchase.id, 'refund');
    expect((await notify(midtrans.notification(purchase.id))).status).toBe(200);
    const list = await bodyOf(t.call('listPurchases', {}, { headers: admin.headers, raw: true }));
    const listed = JSON.stringify(list).includes('"paymentReversal":"refunded"');
    expect(listed).toBe(true);
    const feed = await bodyOf(t.call('listReversed', {}, { headers: admin.headers, raw: true }));
    expect(feed.reversed).toEqual([
      expect.objectContaining({
        id: purchase.id,
        venueName: 'Arena Senayan',
        paymentReversal: 'refunded',
        paymentReversedAt: t.clock.now().toISOString(),
      }),
    ]);
    expect((await bodyOf(t.call('listReversed', {}, { headers: otherAdmin.headers, raw: true }))).reversed).toEqual([]);
    await t.call('listReversed', {}, { status: 401 });
  });

  it('does not flag a forged deny on a paid purchase the status API still calls settled', async () => {
    const { purchase } = await seedPurchase(t);
    midtrans.setStatus(purchase.id, 'settlement');
    const settled = midtrans.notification(purchase.id);
    expect((await notify(settled)).status).toBe(200);
    expect((await notify({ ...settled, transaction_status: 'deny' })).status).toBe(200);
    expect(await reversalOf(purchase.id)).toMatchObject({ paymentStatus: 'paid', paymentReversal: null });
  });
});

describe('payment reconciler', () => {
  it('pays a settled order whose notification never came, even past the pending expiry, within two intervals', async () => {
    const { purchase } = await seedPurchase(t);
    midtrans.setStatus(purchase.id, 'settlement');
    t.clock.advance(t.config.pendingPaymentExpiryMs + 1);
    await runPurchaseMaintenance(t.deps);
    await reconciler.tick();
    t.clock.advance(INTERVAL_MS);
    await reconciler.tick();
    expect(await paymentStatusOf(t, purchase.id)).toBe('paid');
    expect(delivered).toEqual([purchase.id]);
  });

  it('pays a settled order at its first check, a minute after creation', async () => {
    const { purchase } = await seedPurchase(t);
    midtrans.setStatus(purchase.id, 'pending');
    expect(await reconciler.tick()).toEqual({ checked: 0, ended: 0 }); // younger than a minute
    t.clock.advance(INTERVAL_MS + 1);
    expect(await reconciler.tick()).toEqual({ checked: 1, ended: 0 });
    midtrans.setStatus(purchase.id, 'settlement');
    t.clock.advance(INTERVAL_MS);
    expect(await reconciler.tick()).toEqual({ checked: 1, ended: 1 });
    expect(await paymentStatusOf(t, purchase.id)).toBe('paid');
  });

  it('expires an order Midtrans does not know (no method chosen) at the expiry time, not before', async () => {
    const { purchase } = await seedPurchase(t);
    const expiryAt = t.clock.now().getTime() + t.config.pendingPaymentExpiryMs;
    for (let i = 0; i < 40 && t.clock.now().getTime() < expiryAt - INTERVAL_MS; i++) {
      t.clock.advance(Math.min(3_600_000, expiryAt - INTERVAL_MS - t.clock.now().getTime()));
      await reconciler.tick();
      expect(await paymentStatusOf(t, purchase.id)).toBe('pending');
    }
    t.clock.set(new Date(expiryAt));
    await reconciler.tick();
    expect(await paymentStatusOf(t, purchase.id)).toBe('expired');
  });

  it("ends a purchase only on the provider's final state, backing off from the interval to an hour, kept in the database", async () => {
    const { purchase } = await seedPurchase(t);
    midtrans.setStatus(purchase.id, 'pending');
    t.clock.advance(INTERVAL_MS + 1);
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) {
      const before = t.clock.now().getTime();
      await reconciler.tick();
      const row = await t.db
        .selectFrom('purchases')
        .select(['reconcileAt', 'reconcileAttempts'])
        .where('id', '=', purchase.id)
        .executeTakeFirstOrThrow();
      expect(row.reconcileAttempts).toBe(i + 1);
      delays.push(Date.parse(row.reconcileAt!) - before);
      t.clock.set(new Date(row.reconcileAt!));
    }
    expect(delays.map((d) => d / 60_000)).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    // A reconciler made after a restart waits for the stored time.
    const restarted = createPaymentReconciler({ ...t.deps, payments: t.deps.payments!, delivery: t.deps.delivery!, logger: t.logger });
    t.clock.advance(-1);
    expect(await restarted.tick()).toEqual({ checked: 0, ended: 0 });
    midtrans.setStatus(purchase.id, 'expire');
    t.clock.advance(1);
    expect(await restarted.tick()).toEqual({ checked: 1, ended: 1 });
    expect(await paymentStatusOf(t, purchase.id)).toBe('expired');
  });

  it('keeps a purchase pending while Midtrans cannot be reached, and pays it once it answers', async () => {
    const { purchase } = await seedPurchase(t);
    midtrans.setStatus(purchase.id, 'settlement');
    t.deps.payments = new MidtransProvider({
      live: LIVE,
      sandbox: SANDBOX,
      baseUrls: midtrans.baseUrls,
      // Long enough that the answer after the hangs never times out on a busy machine.
      timeoutMs: 1_000,
      sleep: async () => undefined,
    });
    const own = createPaymentReconciler({ ...t.deps, payments: t.deps.payments, delivery: t.deps.delivery!, logger: t.logger });
    midtrans.inject({ on: 'status', fault: 'hang', times: 3 });
    t.clock.advance(t.config.pendingPaymentExpiryMs + 1);
    expect(await own.tick()).toEqual({ checked: 1, ended: 0 });
    expect(await paymentStatusOf(t, purchase.id)).toBe('pending');
    t.clock.advance(INTERVAL_MS);
    expect(await own.tick()).toEqual({ checked: 1, ended: 1 });
    expect(await paymentStatusOf(t, purchase.id)).toBe('paid');
  });

  it('pays a purchase the kiosk closed (abandoned) when Midtrans says the player paid after all', async () => {
    const { purchase, device } = await seedPurchase(t);
    const closed = await t.json('POST', `/api/transaction/${purchase.id}/abandon`, {}, device.headers);
    expect(closed.status).toBe(200);
    expect(await paymentStatusOf(t, purchase.id)).toBe('expired');
    midtrans.setStatus(purchase.id, 'settlement');
    t.clock.advance(INTERVAL_MS + 1);
    expect(await reconciler.tick()).toEqual({ checked: 1, ended: 1 });
    expect(await paymentStatusOf(t, purchase.id)).toBe('paid');
    expect(delivered).toEqual([purchase.id]);
  });

  it('keeps checking a purchase that ended unpaid until the window and its grace are over, whatever Midtrans answered meanwhile', async () => {
    const start = t.clock.now().getTime();
    const closedFinal = (await seedPurchase(t)).purchase;
    const closedUnknown = (await seedPurchase(t, { email: 'b@example.com' })).purchase;
    for (const id of [closedFinal.id, closedUnknown.id]) await markPurchaseOutcome(t.db, id, 'expired', t.clock.now());
    midtrans.setStatus(closedFinal.id, 'expire');
    t.clock.advance(INTERVAL_MS + 1);
    expect(await reconciler.tick()).toEqual({ checked: 2, ended: 0 });
    // Backing off like a pending purchase: not due again a minute later for the second check...
    t.clock.advance(INTERVAL_MS);
    expect(await reconciler.tick()).toEqual({ checked: 2, ended: 0 });
    t.clock.advance(INTERVAL_MS);
    expect(await reconciler.tick()).toEqual({ checked: 0, ended: 0 });
    // ...and never after the window plus the grace.
    t.clock.set(new Date(start + t.config.pendingPaymentExpiryMs + SETTLEMENT_GRACE_MS + 1));
    expect(await reconciler.tick()).toEqual({ checked: 0, ended: 0 });
    expect(await paymentStatusOf(t, closedFinal.id)).toBe('expired');
  });

  it('agrees with a notification arriving at the same time: paid once, delivered once', async () => {
    const { purchase } = await seedPurchase(t);
    midtrans.setStatus(purchase.id, 'settlement');
    t.clock.advance(INTERVAL_MS + 1);
    const [answer] = await Promise.all([notify(midtrans.notification(purchase.id)), reconciler.tick()]);
    expect(answer.status).toBe(200);
    expect((await bodyOf(answer)).paymentStatus).toBe('paid');
    expect(delivered).toEqual([purchase.id]);
  });
});
