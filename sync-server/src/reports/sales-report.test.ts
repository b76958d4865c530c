import type { ListPurchasesResponse, SalesReport } from '@courtreplay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markPurchaseOutcome } from '../purchases/outcomes.ts';
import { flagPaymentReversal } from '../purchases/queries.ts';
import { created, PRICE, purchaseWorld, type PurchaseWorld } from '../purchases/test-support.ts';

// A seeded set on a frozen clock around the Jakarta midnight of 20/21 November 2026 (17:00Z):
//   P1 venue A, court A, 2 clips, paid, 16:30Z = 23:30 WIB on the 20th
//   P2 venue A, court A, 1 clip, paid, 17:30Z = 00:30 WIB on the 21st
//   P3 venue A, court A2, pending          P4 venue A, court A, promo Rp 5.000 off, paid
//   P5 venue A, court A, 100% promo: free  P6 venue A, test kiosk, staging, paid
//   P7 venue B, court B, 3 clips, paid     P8 venue A, paid then refunded     P9 venue A, expired
let w: PurchaseWorld;
const ids: Record<string, string> = {};

beforeAll(async () => {
  w = await purchaseWorld({ env: { SESSION_TTL_HOURS: '1000' } });
  await w.t.seed.config('DEFAULT_PRICE_STAGING', '3000');
  const fiveOff = await w.t.seed.promo({ code: 'FIVE', amount: 5000 });
  const allOff = await w.t.seed.promo({ code: 'ALL', percent: 100, amount: 0 });
  const clips = (n: number, tag: string) => ({
    videoIds: Array.from({ length: n }, (_, i) => `${tag}-${i}.mp4`),
    videoTitles: Array.from({ length: n }, (_, i) => `${tag} ${i}`),
    totalAmount: n * PRICE,
  });
  const buy = async (name: string, at: string, kiosk: PurchaseWorld['kioskA'], body: Parameters<PurchaseWorld['body']>[0]) => {
    w.t.clock.set(at);
    const res = await w.buy(kiosk, w.body(body));
    expect(res.status, name).toBe(201);
    ids[name] = (await created(res)).transaction.id;
  };
  const pay = (name: string) => markPurchaseOutcome(w.t.db, ids[name]!, 'paid', w.t.clock.now());

  await buy('P1', '2026-11-20T16:30:00.000Z', w.kioskA, clips(2, 'p1'));
  await pay('P1');
  await buy('P2', '2026-11-20T17:30:00.000Z', w.kioskA, clips(1, 'p2'));
  await pay('P2');
  await buy('P3', '2026-11-20T18:00:00.000Z', w.kioskA2, { ...clips(1, 'p3'), venueId: null, fieldId: w.courtA2.id });
  await buy('P4', '2026-11-21T03:00:00.000Z', w.kioskA, { ...clips(1, 'p4'), totalAmount: 5000, promoId: fiveOff.id, promoCode: 'FIVE' });
  await pay('P4');
  await buy('P5', '2026-11-21T04:00:00.000Z', w.kioskA, { ...clips(1, 'p5'), totalAmount: 0, promoId: allOff.id, promoCode: 'ALL' });
  await buy('P6', '2026-11-21T05:00:00.000Z', w.testKioskA, { ...clips(1, 'p6'), totalAmount: 3000, isStaging: true });
  await pay('P6');
  await buy('P7', '2026-11-21T06:00:00.000Z', w.kioskB, { ...clips(3, 'p7'), venueId: w.venueB.id, fieldId: w.courtB.id });
  await pay('P7');
  await buy('P8', '2026-11-21T07:00:00.000Z', w.kioskA, clips(1, 'p8'));
  await pay('P8');
  await flagPaymentReversal(w.t.db, ids.P8!, 'refunded', '2026-11-21T08:00:00.000Z');
  await buy('P9', '2026-11-21T08:00:00.000Z', w.kioskA, clips(1, 'p9'));
  await markPurchaseOutcome(w.t.db, ids.P9!, 'expired', w.t.clock.now());
  w.t.clock.set('2026-11-22T02:00:00.000Z');
});
afterAll(async () => {
  await w.t.close();
});

const get = (path: string, query: Record<string, string>, headers: Record<string, string>) =>
  w.t.json('GET', `${path}?${new URLSearchParams(query)}`, undefined, headers);

async function report(query: Record<string, string> = {}, headers = w.superAdmin.headers): Promise<SalesReport> {
  const res = await get('/api/reports/sales', query, headers);
  expect(res.status).toBe(200);
  return (await res.json()) as SalesReport;
}

describe('GET /api/reports/sales: the figures', () => {
  it('counts paid purchases only as revenue; free and promo discounts apart; pending, expired, refunded and staging never', async () => {
    const seen = await report();
    expect(seen).toEqual({
      revenue: 20_000 + 10_000 + 5_000 + 30_000,
      purchases: 4,
      clips: 2 + 1 + 1 + 3,
      averageOrder: 16_250,
      free: 1,
      staging: 0,
      discounts: 5_000 + 10_000,
      byDay: [
        { date: '2026-11-20', revenue: 20_000, purchases: 1 },
        { date: '2026-11-21', revenue: 45_000, purchases: 3 },
      ],
      // The sentinel: P1, P2, P4, P5 (free), P7 and P8 (reversed, still paid) never sent an e-mail; P6 is staging.
      undelivered: 6,
      byCourt: [
        { fieldId: w.courtA.id, fieldName: 'Court A1', revenue: 35_000, purchases: 3 },
        { fieldId: w.courtB.id, fieldName: 'Court B1', revenue: 30_000, purchases: 1 },
      ],
    });
  });

  it('counts staging purchases apart with includeStaging=true, and still never as revenue', async () => {
    const seen = await report({ includeStaging: 'true' });
    expect(seen).toMatchObject({ revenue: 65_000, purchases: 4, staging: 1 });
  });

  it('puts 23:30 WIB on the 20th and 00:30 WIB on the 21st on their own Jakarta days', async () => {
    expect(await report({ startDate: '2026-11-21', endDate: '2026-11-21' })).toMatchObject({
      revenue: 45_000,
      purchases: 3,
      byDay: [{ date: '2026-11-21', revenue: 45_000, purchases: 3 }],
    });
    expect(await report({ startDate: '2026-11-20', endDate: '2026-11-20' })).toMatchObject({
      revenue: 20_000,
      byDay: [{ date: '2026-11-20', revenue: 20_000, purchases: 1 }],
    });
  });

  it('fills the filtered range with zero days for the chart', async () => {
    const seen = await report({ startDate: '2026-11-19', endDate: '2026-11-22' });
    expect(seen.byDay).toEqual([
      { date: '2026-11-19', revenue: 0, purchases: 0 },
      { date: '2026-11-20', revenue: 20_000, purchases: 1 },
      { date: '2026-11-21', revenue: 45_000, purchases: 3 },
      { date: '2026-11-22', revenue: 0, purchases: 0 },
    ]);
  });

  it('sums the part-days of a range given as exact instants from the purchases themselves', async () => {
    // 16:00Z to 18:00Z: the end of the 20th and the start of the 21st, no whole day.
    expect(await report({ startDate: '2026-11-20T16:00:00.000Z', endDate: '2026-11-20T18:00:00.000Z' })).toMatchObject({
      revenue: 30_000,
      byDay: [
        { date: '2026-11-20', revenue: 20_000, purchases: 1 },
        { date: '2026-11-21', revenue: 10_000, purchases: 1 },
      ],
    });
    // From 16:45Z on: a part of the 20th (without P1), then the whole days from the roll-up.
    expect(await report({ startDate: '2026-11-20T16:45:00.000Z' })).toMatchObject({ revenue: 45_000, purchases: 3 });
    // Up to 03:00Z on the 21st, inclusive: the whole 20th, then the 21st up to P4.
    expect(await report({ endDate: '2026-11-21T03:00:00.000Z' })).toMatchObject({ revenue: 35_000, purchases: 3, discounts: 5_000 });
  });

  it('gives the same courts whether a range is read by whole months, part-months or days', async () => {
    const courts = (await report()).byCourt;
    for (const [startDate, endDate] of [
      ['2026-11-01', '2026-11-30'], // one whole month
      ['2026-10-15', '2026-12-10'], // days, a whole month, days
      ['2026-11-20', '2026-12-05'], // no whole month
      ['2026-09-01', '2027-01-31'], // whole months only
    ]) {
      expect((await report({ startDate: startDate!, endDate: endDate! })).byCourt, `${startDate} to ${endDate}`).toEqual(courts);
    }
    expect((await report({ startDate: '2026-11-01', endDate: '2026-11-30', venueId: String(w.venueA.id) })).byCourt).toEqual(
      courts.filter((c) => c.fieldId === w.courtA.id),
    );
    expect((await report({ startDate: '2026-12-01', endDate: '2026-12-31' })).byCourt).toEqual([]);
    // A whole October, then 1 to 20 November by days: P1 only; and from 21 November by days, then December.
    expect((await report({ startDate: '2026-10-01', endDate: '2026-11-20' })).byCourt).toEqual([
      { fieldId: w.courtA.id, fieldName: 'Court A1', revenue: 20_000, purchases: 1 },
    ]);
    expect((await report({ startDate: '2026-11-21', endDate: '2027-01-31' })).revenue).toBe(45_000);
  });

  it('filters by venue and court', async () => {
    expect(await report({ venueId: String(w.venueB.id) })).toMatchObject({ revenue: 30_000, purchases: 1, clips: 3, free: 0 });
    expect(await report({ fieldId: String(w.courtA.id) })).toMatchObject({ revenue: 35_000, purchases: 3, free: 1 });
  });

  it('keeps a venue admin to their own venue, whatever venueId they send', async () => {
    const seen = await report({ venueId: String(w.venueB.id) }, w.adminA.headers);
    expect(seen).toMatchObject({ revenue: 35_000, purchases: 3, clips: 4, free: 1, discounts: 15_000 });
    expect(seen.byCourt.map((c) => c.fieldId)).toEqual([w.courtA.id]);
    const other = await report({ fieldId: String(w.courtB.id) }, w.adminA.headers);
    expect(other).toMatchObject({ revenue: 0, purchases: 0, averageOrder: 0, byDay: [], byCourt: [] });
    expect((await report({}, w.adminB.headers)).revenue).toBe(30_000);
  });

  it('follows a late change: a refund takes the purchase out of revenue at once', async () => {
    const before = await report({ venueId: String(w.venueB.id) });
    await flagPaymentReversal(w.t.db, ids.P7!, 'refunded', w.t.clock.now().toISOString());
    expect((await report({ venueId: String(w.venueB.id) })).revenue).toBe(before.revenue - 30_000);
    await w.t.db.updateTable('purchases').set({ paymentReversal: null }).where('id', '=', ids.P7!).execute();
  });

  it('answers 400 with a clear message for bad filters, and 401 without a session', async () => {
    for (const [query, message] of [
      [{ startDate: 'yesterday' }, 'startDate must be a date'],
      [{ endDate: '2026-02-30' }, 'endDate must be a date'],
      [{ startDate: '2026-11-21', endDate: '2026-11-20' }, 'The end date cannot be before the start date'],
      [{ venueId: 'abc' }, 'venueId must be a whole number'],
      [{ fieldId: '0' }, 'fieldId must be at least 1'],
      [{ includeStaging: 'maybe' }, 'includeStaging must be true or false'],
    ] as const) {
      const res = await get('/api/reports/sales', query, w.superAdmin.headers);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain(message);
    }
    expect((await get('/api/reports/sales', {}, {})).status).toBe(401);
  });
});

describe('GET /api/transaction: staging purchases', () => {
  const list = async (query: Record<string, string>) => {
    const res = await get('/api/transaction', query, w.superAdmin.headers);
    expect(res.status).toBe(200);
    return (await res.json()) as ListPurchasesResponse;
  };
  /** Every page, 2 a page and 3 a page (a hidden rank then falls on a page's first place), joined. */
  const everyPage = async (query: Record<string, string>) => {
    const runs = [];
    for (const limit of ['2', '3']) {
      const first = await list({ ...query, limit });
      const seen = first.transactions.map((t) => t.id);
      for (let page = 2; page <= first.totalPages; page++) {
        seen.push(...(await list({ ...query, limit, page: String(page) })).transactions.map((t) => t.id));
      }
      runs.push({ total: first.totalCount, seen });
    }
    expect(runs[1]).toEqual(runs[0]);
    return runs[0];
  };
  const newestFirst = (names: string[]) => names.map((n) => ids[n]!).reverse();

  it('are left out by default, page by page, and shown with includeStaging=true', async () => {
    const all = ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9'];
    const live = all.filter((n) => n !== 'P6');
    expect(await everyPage({})).toEqual({ total: 8, seen: newestFirst(live) });
    expect(await everyPage({ includeStaging: 'true' })).toEqual({ total: 9, seen: newestFirst(all) });
    const venueA = live.filter((n) => n !== 'P7');
    expect(await everyPage({ venueId: String(w.venueA.id) })).toEqual({ total: 7, seen: newestFirst(venueA) });
    expect(await everyPage({ fieldId: String(w.courtA.id), startDate: '2026-11-21' })).toEqual({
      total: 5,
      seen: newestFirst(['P2', 'P4', 'P5', 'P8', 'P9']),
    });
    expect(await everyPage({ email: 'player@' })).toEqual({ total: 8, seen: newestFirst(live) });
    const shown = await list({ includeStaging: 'true', limit: '100' });
    expect(shown.transactions.find((t) => t.id === ids.P6)).toMatchObject({ isStaging: true });
  });
});
