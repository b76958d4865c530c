// The Errors tab reads each source's newest rows per venue: a venue whose kiosks report hundreds of
// parked purchases does not push another venue's one out of the super admin's list.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../testing/index.ts';
import { parkedPurchasesInScope, PER_SOURCE_LIMIT } from './queries.ts';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(() => t.close());

it("keeps the newest rows of each venue, so one venue's flood leaves another's entry listed", async () => {
  const busy = await t.seed.venue({ name: 'Busy' });
  const quiet = await t.seed.venue({ name: 'Quiet' });
  const parked = (venueId: number, n: number, at: string) => ({
    deviceId: `kiosk-${venueId}`,
    venueId,
    idempotencyKey: `key-${venueId}-${n}`,
    reason: 'refused',
    status: 400,
    attempts: 1,
    email: 'p@example.com',
    videoCount: 1,
    totalAmount: 15_000,
    isStaging: 0,
    queuedAt: at,
    parkedAt: at,
    reportedAt: at,
  });
  await t.db
    .insertInto('parked_purchases')
    .values(parked(quiet.id, 0, '2026-11-20T01:00:00.000Z'))
    .execute();
  const flood = Array.from({ length: PER_SOURCE_LIMIT + 20 }, (_, n) =>
    parked(busy.id, n, new Date(Date.parse('2026-11-20T02:00:00Z') + n * 1000).toISOString()),
  );
  await t.db.insertInto('parked_purchases').values(flood).execute();

  const everyVenue = await parkedPurchasesInScope(t.db, { venueId: null, includeStaging: false });
  expect(everyVenue.filter((p) => p.venueId === quiet.id).map((p) => p.idempotencyKey)).toEqual([`key-${quiet.id}-0`]);
  const busyRows = everyVenue.filter((p) => p.venueId === busy.id);
  expect(busyRows).toHaveLength(PER_SOURCE_LIMIT);
  expect(busyRows[0]!.idempotencyKey).toBe(`key-${busy.id}-${PER_SOURCE_LIMIT + 19}`);
  expect(everyVenue.map((p) => p.parkedAt)).toEqual(
    everyVenue
      .map((p) => p.parkedAt)
      .sort()
      .reverse(),
  );
});
