import type { ListPurchasesResponse, Purchase } from '@courtreplay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, messageOf, purchaseWorld, type PurchaseWorld } from './test-support.ts';

// 14 purchases an hour apart from 21:00 on 20 November in Jakarta (14:00Z), so they straddle the
// Jakarta midnight (17:00Z), across two venues, three courts and three customers.
let w: PurchaseWorld;
let all: Purchase[];
const EMAILS = ['alice@example.com', 'Bob@Example.com', 'carol_50%@example.com'];

beforeAll(async () => {
  // Sessions that outlive the day the clock walks through.
  w = await purchaseWorld({ env: { SESSION_TTL_HOURS: '1000' } });
  w.t.clock.set('2026-11-20T14:00:00.000Z');
  const kiosks = [
    { kiosk: w.kioskA, fieldId: w.courtA.id },
    { kiosk: w.kioskA2, fieldId: w.courtA2.id },
    { kiosk: w.kioskB, fieldId: w.courtB.id },
  ];
  all = [];
  for (let i = 0; i < 14; i++) {
    const { kiosk, fieldId } = kiosks[i % 3]!;
    const res = await w.buy(
      kiosk,
      w.body({ email: EMAILS[i % EMAILS.length], venueId: null, fieldId, videoIds: [`clip-${i}`], videoTitles: [`Clip ${i}`] }),
    );
    expect(res.status).toBe(201);
    all.push((await created(res)).transaction);
    w.t.clock.advance(3_600_000);
  }
});
afterAll(async () => {
  await w.t.close();
});

async function list(query: Record<string, string | number>, headers = w.superAdmin.headers) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return w.t.json('GET', `/api/transaction?${qs}`, undefined, headers);
}

async function listOk(query: Record<string, string | number>, headers = w.superAdmin.headers): Promise<ListPurchasesResponse> {
  const res = await list(query, headers);
  expect(res.status).toBe(200);
  return (await res.json()) as ListPurchasesResponse;
}

/** Every page of a query, 4 at a time, joined. */
async function allPages(query: Record<string, string | number>, headers = w.superAdmin.headers): Promise<string[]> {
  const first = await listOk({ ...query, limit: 4 }, headers);
  const ids = first.transactions.map((t) => t.id);
  for (let page = 2; page <= first.totalPages; page++) {
    const next = await listOk({ ...query, limit: 4, page }, headers);
    expect(next).toMatchObject({ currentPage: page, totalCount: first.totalCount, totalPages: first.totalPages });
    ids.push(...next.transactions.map((t) => t.id));
  }
  expect(ids).toHaveLength(first.totalCount);
  return ids;
}

const JAKARTA_MIDNIGHT_21 = '2026-11-20T17:00:00.000Z';
const newestFirst = (keep: (p: Purchase) => boolean) =>
  all
    .filter(keep)
    .reverse()
    .map((p) => p.id);

describe('GET /api/transaction: filters and pages', () => {
  it('lists newest first with the back-office fields, 25 a page by default', async () => {
    const page = await listOk({});
    expect(page).toMatchObject({ currentPage: 1, totalPages: 1, totalCount: 14 });
    expect(page.transactions.map((t) => t.id)).toEqual(newestFirst(() => true));
    expect(page.transactions.at(-1)).toMatchObject({
      email: 'alice@example.com',
      videoCount: 1,
      videoTitles: ['Clip 0'],
      videoIds: ['clip-0'],
      totalAmount: 10_000,
      createdAt: '2026-11-20T14:00:00.000Z',
      paymentStatus: 'pending',
      emailSent: null,
      venueName: 'Arena A',
      venueId: w.venueA.id,
      fieldName: 'Court A1',
      fieldId: w.courtA.id,
      zipUrl: null,
      promoCode: null,
      uploadError: false,
    });
  });

  const cases: [string, () => Record<string, string | number>, (p: Purchase) => boolean][] = [
    ['no filter', () => ({}), () => true],
    ['a venue', () => ({ venueId: w.venueB.id }), (p) => p.venueId === w.venueB.id],
    ['a court', () => ({ fieldId: w.courtA2.id }), (p) => p.fieldId === w.courtA2.id],
    ['a venue and its court', () => ({ venueId: w.venueA.id, fieldId: w.courtA.id }), (p) => p.fieldId === w.courtA.id],
    ['a venue and a court of another venue', () => ({ venueId: w.venueB.id, fieldId: w.courtA.id }), () => false],
    ['an e-mail part in another case', () => ({ email: 'ALICE' }), (p) => p.email === 'alice@example.com'],
    ['an e-mail part with LIKE wildcards taken literally', () => ({ email: '_50%' }), (p) => p.email.startsWith('carol')],
    ['a start date (whole Jakarta day)', () => ({ startDate: '2026-11-21' }), (p) => p.createdAt >= JAKARTA_MIDNIGHT_21],
    ['an end date (inclusive, whole Jakarta day)', () => ({ endDate: '2026-11-20' }), (p) => p.createdAt < JAKARTA_MIDNIGHT_21],
    [
      'a venue and one day',
      () => ({ venueId: w.venueA.id, startDate: '2026-11-21', endDate: '2026-11-21' }),
      (p) => p.venueId === w.venueA.id && p.createdAt >= JAKARTA_MIDNIGHT_21,
    ],
    [
      'a court before a date',
      () => ({ fieldId: w.courtA.id, endDate: '2026-11-20' }),
      (p) => p.fieldId === w.courtA.id && p.createdAt < JAKARTA_MIDNIGHT_21,
    ],
    [
      'e-mail, venue and date together',
      () => ({ email: 'bob', venueId: w.venueA.id, startDate: '2026-11-21' }),
      (p) => p.email.startsWith('bob') && p.venueId === w.venueA.id && p.createdAt >= JAKARTA_MIDNIGHT_21,
    ],
    [
      'exact instants (both ends inclusive)',
      () => ({ startDate: '2026-11-20T15:00:00Z', endDate: '2026-11-20T17:00:00Z' }),
      (p) => p.createdAt >= '2026-11-20T15:00:00.000Z' && p.createdAt <= '2026-11-20T17:00:00.000Z',
    ],
    ['dates with nothing in them', () => ({ startDate: '2027-01-01' }), () => false],
  ];

  it.each(cases)('pages through %s, every page in order with the right totals', async (_name, query, keep) => {
    const expected = newestFirst(keep);
    expect(await allPages(query())).toEqual(expected);
    const first = await listOk({ ...query(), limit: 4 });
    expect(first.totalCount).toBe(expected.length);
    expect(first.totalPages).toBe(Math.ceil(expected.length / 4));
  });

  it('answers an empty page past the end with the totals', async () => {
    expect(await listOk({ page: 99 })).toEqual({ transactions: [], currentPage: 99, totalPages: 1, totalCount: 14 });
  });

  it('allows up to 10000 a page for an export only', async () => {
    expect((await listOk({ export: 'true', limit: 10_000 })).transactions).toHaveLength(14);
    expect((await list({ limit: 101 })).status).toBe(400);
  });
});

describe('GET /api/transaction: who sees what', () => {
  it('shows an admin their own venue only, whatever venue the query names', async () => {
    const ownVenue = newestFirst((p) => p.venueId === w.venueA.id);
    expect(await allPages({}, w.adminA.headers)).toEqual(ownVenue);
    expect(await allPages({ venueId: w.venueB.id }, w.adminA.headers)).toEqual(ownVenue);
    expect(await allPages({ fieldId: w.courtB.id }, w.adminA.headers)).toEqual([]);
    expect(await allPages({}, w.adminB.headers)).toEqual(newestFirst((p) => p.venueId === w.venueB.id));
  });

  it('refuses anyone but an admin', async () => {
    await w.t.call('listPurchases', {}, { status: 401 });
    await w.t.call('listPurchases', {}, { headers: w.kioskA.headers, status: 401 });
    await w.t.call('listPurchases', {}, { headers: { Authorization: 'Bearer not-a-token' }, status: 401 });
  });

  it.each([
    [{ page: 0 }, 'page must be at least 1'],
    [{ page: 'two' }, 'page must be a whole number'],
    [{ limit: 0 }, 'limit must be at least 1'],
    [{ limit: 101 }, 'limit must be at most 100'],
    [{ limit: 10_001, export: 'true' }, 'limit must be at most 10000'],
    [{ export: 'yes' }, 'export must be one of: true, false'],
    [{ venueId: 'abc' }, 'venueId must be a whole number'],
    [{ fieldId: '-1' }, 'fieldId must be a whole number'],
    [{ startDate: '2026-13-01' }, 'startDate must be a date (YYYY-MM-DD) or an ISO date-time'],
    [{ endDate: 'yesterday' }, 'endDate must be a date (YYYY-MM-DD) or an ISO date-time'],
    [{ startDate: '2026-11-21', endDate: '2026-11-20' }, 'The end date cannot be before the start date'],
    [{ email: 'x'.repeat(255) }, /email must be at most 254/],
  ])('answers 400 for %o', async (query, message) => {
    const res = await list(query as Record<string, string | number>);
    expect(res.status).toBe(400);
    const got = await messageOf(res);
    if (typeof message === 'string') expect(got).toBe(message);
    else expect(got).toMatch(message);
  });
});

describe('GET /api/transaction: history', () => {
  it('never dates a purchase before the previous one, so a clock stepping back keeps the order', async () => {
    const latest = all.at(-1)!;
    w.t.clock.set('2026-11-20T00:00:00.000Z');
    const res = await w.buy(w.kioskB, w.body({ venueId: null, fieldId: null }));
    const newest = (await created(res)).transaction;
    expect(newest.createdAt).toBe(latest.createdAt);
    expect((await listOk({ limit: 1 })).transactions[0]?.id).toBe(newest.id);
    all.push(newest);
  });

  it("keeps a deleted venue's purchases, listed under 'Unknown Venue'", async () => {
    await w.t.db.deleteFrom('venues').where('id', '=', w.venueB.id).execute();
    const page = await listOk({ venueId: w.venueB.id });
    expect(page.totalCount).toBe(all.filter((p) => p.venueId === w.venueB.id).length);
    expect(page.transactions.every((t) => t.venueName === 'Unknown Venue' && t.fieldName === null)).toBe(true);
  });
});
