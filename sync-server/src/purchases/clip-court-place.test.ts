// A purchase's place is its clips' court (docs/back-office.md, Courts): Court 2 clips bought at the
// Court 1 kiosk are Court 2's in the list and its court filter, the report and its court filter, the
// phone page and the e-mail; the kiosk's own court is only where it was sold (fieldName).
import type { ListPurchasesResponse, SalesReport } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeAdapterTestApp, type AdapterTestApp } from '../adapters/testing/adapter-app.ts';
import { startSmtpSink } from '../mail/testing/smtp-sink.ts';
import { setFolder } from './queries.ts';

const LINK = 'https://replay.example/d/AbCdEfGhIjKlMnOpQrStUv';
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: AdapterTestApp;

beforeEach(async () => {
  sink = await startSmtpSink({});
  t = await makeAdapterTestApp({ smtpUrl: sink.url, smtpCa: sink.ca });
});
afterEach(async () => {
  await t.delivery.idle();
  await t.close();
  await sink.close();
});

async function world() {
  const venue = await t.seed.venue({ name: 'Arena Senayan' });
  const court1 = await t.seed.field({ venueId: venue.id, name: 'Court 1' });
  const court2 = await t.seed.field({ venueId: venue.id, name: 'Court 2' });
  const kiosk = await t.seed.device({ venueId: venue.id, fieldId: court1.id });
  const admin = await t.seed.admin({ role: 'admin', venueId: venue.id });
  /** A paid purchase of one clip per court given, its link saved (so its e-mail goes). */
  const buy = async (courts: number[]) => {
    const res = await t.json(
      'POST',
      '/api/transaction',
      {
        email: 'player@example.com',
        videoIds: courts.map((_, i) => `video-${i + 1}`),
        videoTitles: courts.map((_, i) => `Rally ${i + 1}`),
        totalAmount: courts.length * 1000,
        videoCourts: courts,
      },
      kiosk.headers,
    );
    expect(res.status).toBe(201);
    const body = (await res.json()) as { transaction: { id: string }; payment: { token: string } };
    await t.call('simulatePayment', { params: { token: body.payment.token, outcome: 'success' } }, { raw: true });
    await setFolder(t.db, body.transaction.id, { folderId: 'AbCdEfGhIjKlMnOpQrStUv', folderUrl: LINK }, new Date());
    const saved = await t.call(
      'updateZipUrl',
      { params: { id: body.transaction.id }, body: { zipUrl: LINK, error: false } },
      { headers: kiosk.headers, raw: true },
    );
    expect(saved.status).toBe(200);
    await t.delivery.idle();
    return body.transaction.id;
  };
  const list = async (query: string) => {
    const res = await t.json('GET', `/api/transaction?${query}`, undefined, admin.headers);
    expect(res.status).toBe(200);
    return (await res.json()) as ListPurchasesResponse;
  };
  const report = async (query: string) => {
    const res = await t.json('GET', `/api/reports/sales?${query}`, undefined, admin.headers);
    expect(res.status).toBe(200);
    return (await res.json()) as SalesReport;
  };
  return { venue, court1, court2, kiosk, buy, list, report };
}

describe("a purchase's place is its clips' court", () => {
  it('Court 2 clips bought at the Court 1 kiosk are Court 2 in the list, its filter, the report, the phone page and the e-mail', async () => {
    const w = await world();
    const id = await w.buy([w.court2.id, w.court2.id]);

    const [row] = (await w.list('')).transactions;
    expect(row).toMatchObject({ id, fieldName: 'Court 1', videoCourts: [w.court2.id, w.court2.id] });
    expect(row!.courts).toEqual([{ fieldId: w.court2.id, fieldName: 'Court 2', clips: 2, amount: 2000 }]);
    expect((await w.list(`fieldId=${w.court2.id}`)).transactions.map((p) => p.id)).toEqual([id]);
    expect((await w.list(`fieldId=${w.court1.id}`)).totalCount).toBe(0);

    const all = await w.report('');
    expect(all.byCourt).toEqual([{ fieldId: w.court2.id, fieldName: 'Court 2', revenue: 2000, purchases: 1 }]);
    expect(await w.report(`fieldId=${w.court2.id}`)).toMatchObject({ revenue: 2000, purchases: 1 });
    expect(await w.report(`fieldId=${w.court1.id}`)).toMatchObject({ revenue: 0, purchases: 0, byCourt: [] });

    const token = (await t.db.selectFrom('purchases').select('phoneToken').where('id', '=', id).executeTakeFirstOrThrow()).phoneToken;
    const page = await (await t.app.request(`/p/${token}`)).text();
    expect(page).toContain('Court 2, Arena Senayan');
    expect(page).not.toContain('Court 1');

    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]!.decoded).toContain('Court 2');
    expect(sink.received[0]!.decoded).not.toContain('Court 1');
  });

  it('a purchase of both courts names both, matches either filter, and its courts add up to the revenue', async () => {
    const w = await world();
    const id = await w.buy([w.court2.id, w.court1.id, w.court2.id]);
    const [row] = (await w.list('')).transactions;
    expect(row!.courts.map((c) => [c.fieldName, c.clips])).toEqual([
      ['Court 1', 1],
      ['Court 2', 2],
    ]);
    expect(row!.courts.reduce((s, c) => s + c.amount, 0)).toBe(3000);
    for (const court of [w.court1, w.court2]) {
      expect((await w.list(`fieldId=${court.id}`)).transactions.map((p) => p.id)).toEqual([id]);
      const seen = await w.report(`fieldId=${court.id}`);
      expect(seen.revenue).toBe(3000);
      expect(seen.byCourt.reduce((s, c) => s + c.revenue, 0)).toBe(seen.revenue);
    }
    const token = (await t.db.selectFrom('purchases').select('phoneToken').where('id', '=', id).executeTakeFirstOrThrow()).phoneToken;
    expect(await (await t.app.request(`/p/${token}`)).text()).toContain('Court 1, Court 2, Arena Senayan');
  });
});
