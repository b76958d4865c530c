// Paid means delivered, against the Midtrans imitation: states that converge on what the
// status API says, reversals with their particulars, late settlements, a hanging status check, a
// 429 to the reconciler, and the sentinel for paid purchases left undelivered.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorEntryText, type ErrorEntry } from '@courtreplay/shared';
import { MidtransProvider } from '../adapters/midtrans.ts';
import { bodyOf, makeAdapterTestApp, paymentStatusOf, seedPurchase, type AdapterTestApp } from '../adapters/testing/adapter-app.ts';
import { startMidtransImitation, type MidtransImitation } from '../adapters/testing/midtrans-imitation.ts';
import { DomainError } from '../errors.ts';
import { handleNotification } from './notification.ts';
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
  t = await makeAdapterTestApp({
    env: {
      ...midtrans.env,
      MIDTRANS_SERVER_KEY: LIVE.serverKey,
      MIDTRANS_CLIENT_KEY: LIVE.clientKey,
      MIDTRANS_SERVER_KEY_SANDBOX: SANDBOX.serverKey,
      MIDTRANS_CLIENT_KEY_SANDBOX: SANDBOX.clientKey,
      PAYMENT_RECONCILE_SECONDS: String(INTERVAL_MS / 1000),
      PENDING_PAYMENT_EXPIRY_MINUTES: '30',
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
const promoUsed = async (id: number) =>
  (await t.db.selectFrom('promo_codes').select('used').where('id', '=', id).executeTakeFirstOrThrow()).used;
/** The error log's entries, each with its words in English. */
const errors = async (admin: { headers: Record<string, string> }, kind?: string) =>
  ((await bodyOf(t.json('GET', `/api/error-log${kind ? `?kind=${kind}` : ''}`, undefined, admin.headers))).entries as ErrorEntry[]).map(
    (e) => ({ ...e, ...errorEntryText(e, 'en') }),
  );

describe('a purchase ends in the state Midtrans ends in', () => {
  it('deny, then a settlement of the same order (the player retried inside Snap): paid, delivered once, the promo use taken again', async () => {
    const promo = await t.seed.promo({ code: 'HEMAT', amount: 500, quota: 1 });
    const { purchase } = await seedPurchase(t, { promoCode: 'HEMAT', totalAmount: 2500 });
    midtrans.setStatus(purchase.id, 'deny', 'deny');
    expect((await notify(midtrans.notification(purchase.id))).status).toBe(200);
    expect(await paymentStatusOf(t, purchase.id)).toBe('failed');
    expect(await promoUsed(promo.id)).toBe(0);
    midtrans.setStatus(purchase.id, 'settlement');
    const settled = midtrans.notification(purchase.id);
    const answer = await notify(settled);
    expect(answer.status).toBe(200);
    expect((await bodyOf(answer)).paymentStatus).toBe('paid');
    expect(await paymentStatusOf(t, purchase.id)).toBe('paid');
    expect(await promoUsed(promo.id)).toBe(1);
    // Repeats and a late deny change nothing more, and deliver nothing twice.
    expect((await notify(settled)).status).toBe(200);
    expect(delivered).toEqual([purchase.id]);
  });

  it('the reconciler re-checks a failed purchase and pays it when Midtrans settles it later in the window', async () => {
    const { purchase } = await seedPurchase(t);
    midtrans.setStatus(purchase.id, 'cancel');
    expect((await notify(midtrans.notification(purchase.id))).status).toBe(200);
    expect(await paymentStatusOf(t, purchase.id)).toBe('failed');
    t.clock.advance(INTERVAL_MS + 1);
    expect(await reconciler.tick()).toEqual({ checked: 1, ended: 0 });
    midtrans.setStatus(purchase.id, 'settlement');
    t.clock.advance(INTERVAL_MS);
    expect(await reconciler.tick()).toEqual({ checked: 1, ended: 1 });
    expect(await paymentStatusOf(t, purchase.id)).toBe('paid');
    expect(delivered).toEqual([purchase.id]);
  });

  it("an abandoned purchase the player denied later ends failed, on the status API's word only", async () => {
    const { purchase, device } = await seedPurchase(t);
    expect((await t.json('POST', `/api/transaction/${purchase.id}/abandon`, {}, device.headers)).status).toBe(200);
    midtrans.setStatus(purchase.id, 'pending');
    const forged = { ...midtrans.notification(purchase.id), transaction_status: 'deny' };
    expect((await notify(forged)).status).toBe(503);
    expect(await paymentStatusOf(t, purchase.id)).toBe('expired');
    midtrans.setStatus(purchase.id, 'deny', 'deny');
    expect((await notify(midtrans.notification(purchase.id))).status).toBe(200);
    expect(await paymentStatusOf(t, purchase.id)).toBe('failed');
  });

  it('a settlement after the window and its grace is still paid, and flagged in Errors as a late settlement', async () => {
    const admin = await t.seed.admin({ role: 'super_admin' });
    const { purchase, device } = await seedPurchase(t);
    await t.json('POST', `/api/transaction/${purchase.id}/abandon`, {}, device.headers);
    t.clock.advance(t.config.pendingPaymentExpiryMs + SETTLEMENT_GRACE_MS + 1);
    // The reconciler has stopped asking by now...
    midtrans.setStatus(purchase.id, 'settlement');
    expect(await reconciler.tick()).toEqual({ checked: 0, ended: 0 });
    // ...but Midtrans' own notification is still honoured.
    expect((await notify(midtrans.notification(purchase.id))).status).toBe(200);
    expect(await paymentStatusOf(t, purchase.id)).toBe('paid');
    expect(delivered).toEqual([purchase.id]);
    const late = await errors(admin, 'late_settlement');
    expect(late).toEqual([expect.objectContaining({ transactionId: purchase.id })]);
    expect(late[0]!.what).toMatch(/after the purchase had expired or been closed at the kiosk, after the payment window/);
    const timeline = await bodyOf(t.call('purchaseTimeline', { params: { id: purchase.id } }, { headers: admin.headers, raw: true }));
    expect(timeline.events).toContainEqual(expect.objectContaining({ kind: 'late_settlement', previous: 'expired', afterWindow: true }));
  });

  it('a late settlement whose promo was used up meanwhile is honoured over the quota and flagged', async () => {
    const admin = await t.seed.admin({ role: 'super_admin' });
    const promo = await t.seed.promo({ code: 'LAST', amount: 500, quota: 1 });
    const { purchase, device } = await seedPurchase(t, { promoCode: 'LAST', totalAmount: 2500 });
    await t.json('POST', `/api/transaction/${purchase.id}/abandon`, {}, device.headers);
    expect(await promoUsed(promo.id)).toBe(0);
    await seedPurchase(t, { promoCode: 'LAST', totalAmount: 2500, email: 'other@example.com' });
    expect(await promoUsed(promo.id)).toBe(1);
    midtrans.setStatus(purchase.id, 'settlement');
    expect((await notify(midtrans.notification(purchase.id))).status).toBe(200);
    expect(await paymentStatusOf(t, purchase.id)).toBe('paid');
    expect(await promoUsed(promo.id)).toBe(2);
    const late = await errors(admin, 'late_settlement');
    expect(late).toHaveLength(1);
    expect(late[0]!.what).toContain('Promo code LAST is now used more often than its quota allows');
  });
});

describe('reversals keep the flag and add their particulars', () => {
  it('a partial refund, then the rest: each in the timeline with its amount, the newest in Errors', async () => {
    const admin = await t.seed.admin({ role: 'super_admin' });
    const { purchase } = await seedPurchase(t);
    midtrans.setStatus(purchase.id, 'settlement');
    await notify(midtrans.notification(purchase.id));
    t.clock.advance(3_600_000);
    midtrans.refund(purchase.id, 1000);
    expect((await notify(midtrans.notification(purchase.id))).status).toBe(200);
    expect((await notify(midtrans.notification(purchase.id))).status).toBe(200); // a repeat adds nothing
    const row = await t.db
      .selectFrom('purchases')
      .select(['paymentStatus', 'paymentReversal'])
      .where('id', '=', purchase.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ paymentStatus: 'paid', paymentReversal: 'refunded' });
    let entry = (await errors(admin, 'payment_reversed'))[0]!;
    expect(entry.what).toBe('A paid purchase of Rp 3.000 was partly refunded (Rp 1.000) by the payment provider afterwards.');
    t.clock.advance(60_000);
    midtrans.refund(purchase.id, 2000);
    expect((await notify(midtrans.notification(purchase.id))).status).toBe(200);
    const timeline = await bodyOf(t.call('purchaseTimeline', { params: { id: purchase.id } }, { headers: admin.headers, raw: true }));
    expect(timeline.events.filter((e: { kind: string }) => e.kind === 'payment_reversed')).toEqual([
      expect.objectContaining({ reversal: 'partial_refund', amount: 1000 }),
      expect.objectContaining({ reversal: 'refund', amount: 3000 }),
    ]);
    entry = (await errors(admin, 'payment_reversed'))[0]!;
    expect(entry.what).toBe('A paid purchase of Rp 3.000 was refunded (Rp 3.000) by the payment provider afterwards.');
  });

  it('a refund heard of before its settlement (that notification lost): paid once, delivered, then flagged', async () => {
    const { purchase } = await seedPurchase(t);
    midtrans.setStatus(purchase.id, 'settlement');
    midtrans.refund(purchase.id, 3000);
    expect((await notify(midtrans.notification(purchase.id))).status).toBe(200);
    const row = await t.db
      .selectFrom('purchases')
      .select(['paymentStatus', 'paymentReversal'])
      .where('id', '=', purchase.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ paymentStatus: 'paid', paymentReversal: 'refunded' });
    expect(delivered).toEqual([purchase.id]);
  });

  it('a chargeback is told apart from a refund', async () => {
    const admin = await t.seed.admin({ role: 'super_admin' });
    const { purchase } = await seedPurchase(t);
    midtrans.setStatus(purchase.id, 'settlement');
    await notify(midtrans.notification(purchase.id));
    midtrans.refund(purchase.id, 3000, 'chargeback');
    expect((await notify(midtrans.notification(purchase.id))).status).toBe(200);
    expect((await errors(admin, 'payment_reversed'))[0]!.what).toContain('was charged back (Rp 3.000)');
  });
});

describe('Midtrans audit findings', () => {
  it('gives up a status check that hangs within the budget: the notification fails (503) so Midtrans retries, nothing changes', async () => {
    const { purchase } = await seedPurchase(t);
    midtrans.setStatus(purchase.id, 'settlement');
    midtrans.inject({ on: 'status', fault: 'hang' });
    const deps = {
      db: t.db,
      clock: t.clock,
      logger: t.logger,
      // The adapter's own time limit is far away: only the notification's budget ends the wait.
      payments: new MidtransProvider({ live: LIVE, sandbox: SANDBOX, baseUrls: midtrans.baseUrls, timeoutMs: 600_000 }),
      delivery: t.deps.delivery!,
      paymentWindowMs: t.config.pendingPaymentExpiryMs,
      statusBudgetMs: 50,
    };
    const refused = await handleNotification(deps, midtrans.notification(purchase.id)).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('unavailable');
    expect(await paymentStatusOf(t, purchase.id)).toBe('pending');
    midtrans.clear();
    // Midtrans' retry, once the status API answers again (a budget no busy machine overruns).
    const retried = await handleNotification({ ...deps, statusBudgetMs: 10_000 }, midtrans.notification(purchase.id));
    expect(retried).toEqual({ message: 'OK', paymentStatus: 'paid' });
  });

  it('the reconciler honours 429 and Retry-After: one request, the pass ends, no request until the pause is over', async () => {
    const first = (await seedPurchase(t)).purchase;
    const second = (await seedPurchase(t, { email: 'b@example.com' })).purchase;
    for (const id of [first.id, second.id]) midtrans.setStatus(id, 'settlement');
    t.deps.payments = new MidtransProvider({ live: LIVE, sandbox: SANDBOX, baseUrls: midtrans.baseUrls, sleep: async () => undefined });
    const own = createPaymentReconciler({ ...t.deps, payments: t.deps.payments, delivery: t.deps.delivery!, logger: t.logger });
    const statusRequests = () => midtrans.requests.filter((r) => r.path.endsWith('/status')).length;
    midtrans.inject({ on: 'status', fault: '429', retryAfterSeconds: 300 });
    t.clock.advance(INTERVAL_MS + 1);
    const paused = await own.tick();
    expect(paused).toEqual({ checked: 0, ended: 0, pausedUntil: new Date(t.clock.now().getTime() + 300_000).toISOString() });
    expect(statusRequests()).toBe(1);
    midtrans.clear();
    t.clock.advance(299_000);
    expect((await own.tick()).checked).toBe(0);
    expect(statusRequests()).toBe(1);
    t.clock.advance(1_000);
    expect(await own.tick()).toEqual({ checked: 2, ended: 2 });
    expect(await paymentStatusOf(t, first.id)).toBe('paid');
  });
});

describe('the sentinel: paid and not delivered within 10 minutes', () => {
  it('is listed in Errors with what to do, counted on the Sales cards, and resolving it runs the delivery again', async () => {
    const admin = await t.seed.admin({ role: 'super_admin' });
    const { purchase } = await seedPurchase(t);
    midtrans.setStatus(purchase.id, 'settlement');
    await notify(midtrans.notification(purchase.id));
    expect(delivered).toEqual([purchase.id]);
    t.clock.advance(9 * 60_000);
    expect(await errors(admin, 'undelivered')).toEqual([]);
    t.clock.advance(60_000 + 1);
    const [entry, ...rest] = await errors(admin, 'undelivered');
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ transactionId: purchase.id });
    expect(entry!.what).toBe('A purchase paid Rp 3.000 is not delivered after 10 minutes: no clips were uploaded (no link saved).');
    expect(entry!.todo).toMatch(/Mark resolved: that runs the delivery again/);
    expect((await bodyOf(t.call('salesReport', {}, { headers: admin.headers, raw: true }))).undelivered).toBe(1);
    await t.call('resolveError', { params: { id: entry!.id } }, { headers: admin.headers, status: 200 });
    expect(delivered).toEqual([purchase.id, purchase.id]);
    // Once the e-mail went out it is neither listed nor counted.
    await t.db.updateTable('purchases').set({ emailStatus: 'sent' }).where('id', '=', purchase.id).execute();
    expect(await errors(admin, 'undelivered')).toEqual([]);
    expect((await bodyOf(t.call('salesReport', {}, { headers: admin.headers, raw: true }))).undelivered).toBe(0);
  });
});
