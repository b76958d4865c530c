// Figures that add up: revenue by the court each clip was filmed on, the e-mail
// search in the report, and the report's totals against a sum over the list for random filters.
import { PURCHASE_MESSAGES, type ListPurchasesResponse, type Purchase, type SalesReport } from '@courtreplay/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markPurchaseOutcome } from '../purchases/outcomes.ts';
import { flagPaymentReversal } from '../purchases/queries.ts';
import { created, messageOf, PRICE, purchaseWorld, type PurchaseWorld } from '../purchases/test-support.ts';

let w: PurchaseWorld;
const EMAILS = ['ana@example.com', 'budi@mail.test', 'citra@example.com', 'dewi.ana@mail.test'];
const DAYS = ['2026-11-19', '2026-11-20', '2026-11-21'];

beforeAll(async () => {
  w = await purchaseWorld({ env: { SESSION_TTL_HOURS: '1000' } });
  await w.t.seed.config('DEFAULT_PRICE_STAGING', String(PRICE));
  const promo = await w.t.seed.promo({ code: 'FIVE', amount: 5000 });
  // A fixed pseudo-random set: every venue and kiosk, every outcome, across three Jakarta days.
  const random = fc
    .sample(
      fc.record({
        kiosk: fc.constantFrom('kioskA', 'kioskA2', 'kioskB', 'testKioskA'),
        email: fc.constantFrom(...EMAILS),
        clips: fc.integer({ min: 1, max: 4 }),
        promo: fc.boolean(),
        outcome: fc.constantFrom('paid', 'paid', 'pending', 'failed', 'refunded'),
        minute: fc.integer({ min: 0, max: 3 * 24 * 60 - 1 }),
        courts: fc.array(fc.constantFrom<'A' | 'A2' | null>('A', 'A2', null), { minLength: 4, maxLength: 4 }),
      }),
      { numRuns: 40, seed: 24 },
    )
    .sort((a, b) => a.minute - b.minute);
  for (const [i, p] of random.entries()) {
    w.t.clock.set(new Date(Date.parse('2026-11-18T17:00:00.000Z') + p.minute * 60_000).toISOString());
    const kiosk = w[p.kiosk as 'kioskA'];
    const venueB = p.kiosk === 'kioskB';
    const videoIds = Array.from({ length: p.clips }, (_, n) => `p${i}-${n}.mp4`);
    const courtOf = { A: w.courtA.id, A2: w.courtA2.id, null: null };
    const res = await w.buy(
      kiosk,
      w.body({
        email: p.email,
        videoIds,
        videoTitles: videoIds,
        totalAmount: p.clips * PRICE - (p.promo ? 5000 : 0),
        promoCode: p.promo ? 'FIVE' : null,
        promoId: p.promo ? promo.id : null,
        venueId: venueB ? w.venueB.id : w.venueA.id,
        fieldId: venueB ? w.courtB.id : p.kiosk === 'kioskA2' ? null : w.courtA.id,
        isStaging: p.kiosk === 'testKioskA',
        ...(venueB ? {} : { videoCourts: p.courts.slice(0, p.clips).map((c) => courtOf[String(c) as 'A']) }),
      }),
    );
    expect(res.status).toBe(201);
    const { id } = (await created(res)).transaction;
    if (p.outcome === 'pending') continue;
    await markPurchaseOutcome(w.t.db, id, p.outcome === 'failed' ? 'failed' : 'paid', w.t.clock.now());
    if (p.outcome === 'refunded') await flagPaymentReversal(w.t.db, id, 'refunded', w.t.clock.now().toISOString());
  }
  w.t.clock.set('2026-11-22T02:00:00.000Z');
});
afterAll(async () => {
  await w.t.close();
});

const query = (filter: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(filter).filter((e): e is [string, string] => e[1] !== undefined));

async function report(filter: Record<string, string | undefined>, headers = w.superAdmin.headers): Promise<SalesReport> {
  const res = await w.t.json('GET', `/api/reports/sales?${query(filter)}`, undefined, headers);
  expect(res.status).toBe(200);
  return (await res.json()) as SalesReport;
}

async function listed(filter: Record<string, string | undefined>, headers = w.superAdmin.headers): Promise<Purchase[]> {
  const res = await w.t.json('GET', `/api/transaction?${query({ ...filter, export: 'true', limit: '10000' })}`, undefined, headers);
  expect(res.status).toBe(200);
  return ((await res.json()) as ListPurchasesResponse).transactions;
}

/** The report's rules (docs/back-office.md, migration 018) applied to the list's rows. */
function sumOf(rows: Purchase[]) {
  const done = (p: Purchase) => p.paymentStatus === 'paid' && p.paymentReversal === null;
  const live = rows.filter((p) => !p.isStaging);
  const counted = live.filter(done);
  return {
    revenue: counted.reduce((s, p) => s + p.totalAmount, 0),
    purchases: counted.length,
    clips: counted.reduce((s, p) => s + p.videoCount, 0),
    free: live.filter((p) => p.paymentStatus === 'free').length,
    discounts: live.filter((p) => done(p) || p.paymentStatus === 'free').reduce((s, p) => s + p.discount, 0),
  };
}

describe('revenue by the court of each clip', () => {
  it('splits a purchase of clips from two courts by clip, its parts adding up to the total', async () => {
    w.t.clock.set('2026-12-01T03:00:00.000Z');
    const promo = await w.t.seed.promo({ code: 'SPLIT', amount: 5000 });
    const res = await w.buy(
      w.kioskA,
      w.body({
        email: 'split@example.com',
        videoIds: ['x', 'y', 'z'],
        videoTitles: ['x', 'y', 'z'],
        totalAmount: 25_000,
        promoCode: 'SPLIT',
        promoId: promo.id,
        videoCourts: [w.courtA.id, w.courtA2.id, w.courtA2.id],
      }),
    );
    expect(res.status).toBe(201);
    await markPurchaseOutcome(w.t.db, (await created(res)).transaction.id, 'paid', w.t.clock.now());
    const seen = await report({ startDate: '2026-12-01', endDate: '2026-12-01' });
    expect(seen).toMatchObject({ revenue: 25_000, purchases: 1 });
    expect(seen.byCourt).toEqual([
      { fieldId: w.courtA2.id, fieldName: 'Court A2', revenue: 16_666, purchases: 1 },
      { fieldId: w.courtA.id, fieldName: 'Court A1', revenue: 8_334, purchases: 1 },
    ]);
    // The same split for a range given as exact instants (summed from the purchases themselves).
    const exact = await report({ startDate: '2026-12-01T02:00:00.000Z', endDate: '2026-12-01T04:00:00.000Z' });
    expect(exact.byCourt).toEqual(seen.byCourt);
    const byEmail = await report({ email: 'SPLIT@' });
    expect(byEmail.byCourt).toEqual(seen.byCourt);
  });

  it("refuses a court that is not the venue's, and a list that does not match the videos, storing nothing", async () => {
    const before = (await listed({})).length;
    const stranger = await w.buy(w.kioskA, w.body({ videoCourts: [w.courtB.id] }));
    expect(stranger.status).toBe(400);
    expect(await messageOf(stranger)).toBe(PURCHASE_MESSAGES.unknownCourt(w.courtB.id));
    const short = await w.buy(
      w.kioskA,
      w.body({ videoIds: ['a', 'b'], videoTitles: ['a', 'b'], totalAmount: 2 * PRICE, videoCourts: [null] }),
    );
    expect(short.status).toBe(400);
    expect(await messageOf(short)).toBe(PURCHASE_MESSAGES.videoCourtsMismatch);
    expect((await listed({})).length).toBe(before);
  });
});

describe("the report's totals are a sum over the list", () => {
  it('for random filters (venue, court, e-mail part, dates, staging), and its courts add up to its revenue', async () => {
    const filter = fc.record({
      venueId: fc.option(fc.constantFrom(String(w.venueA.id), String(w.venueB.id)), { nil: undefined }),
      fieldId: fc.option(fc.constantFrom(String(w.courtA.id), String(w.courtA2.id), String(w.courtB.id)), { nil: undefined }),
      email: fc.option(fc.constantFrom('ana', 'EXAMPLE.com', 'mail', 'budi@mail.test', 'zz', 'a'), { nil: undefined }),
      startDate: fc.option(fc.constantFrom(...DAYS, '2026-11-19T20:30:00.000Z', '2026-11-20T17:00:00.000Z'), { nil: undefined }),
      endDate: fc.option(fc.constantFrom(...DAYS, '2026-11-21T01:15:00.000Z', '2026-11-21T23:59:59.000Z'), { nil: undefined }),
      includeStaging: fc.option(fc.constantFrom('true', 'false'), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(filter, async (f) => {
        // A range that ends before it starts is refused alike by both.
        const refused = await w.t.json('GET', `/api/reports/sales?${query(f)}`, undefined, w.superAdmin.headers);
        if (refused.status === 400) {
          expect((await w.t.json('GET', `/api/transaction?${query(f)}`, undefined, w.superAdmin.headers)).status).toBe(400);
          return;
        }
        const [seen, rows] = [await report(f), await listed(f)];
        expect(seen).toMatchObject(sumOf(rows));
        expect(seen.byCourt.reduce((s, c) => s + c.revenue, 0)).toBe(seen.revenue);
        expect(seen.byDay.reduce((s, d) => s + d.revenue, 0)).toBe(seen.revenue);
      }),
      { numRuns: 40, seed: 6 },
    );
  });

  it("follows the list for a venue admin too: their own venue's, whatever the query names", async () => {
    const f = { venueId: String(w.venueB.id), email: 'example' };
    expect(await report(f, w.adminA.headers)).toMatchObject(sumOf(await listed(f, w.adminA.headers)));
  });
});
