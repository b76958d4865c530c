// Sales at a glance and the accountant's exports: the cards, chart and
// per-court rows show what GET /api/reports/sales answers for the filters; the Excel's Amount and
// Date are number and date cells with Staging and Discount at the end; the CSV holds the same rows,
// safe against formula injection.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import readExcelFile from 'read-excel-file/node';
import {
  EXPORT_CLIP_COLUMNS,
  EXPORT_CLIP_SHEET_NAME,
  EXPORT_COLUMNS,
  EXPORT_SHEET_NAME,
  formatRupiah,
  MESSAGES,
  type SalesReport,
} from '@courtreplay/shared';
import { KioskApi, newKioskContext, simulatePayment, SUPER_ADMIN, useRig } from './support/index.ts';
import { loginAs } from './pages/admin-session.ts';
import { AdminTransactionsTab } from './pages/admin-transactions-tab.ts';

const T = MESSAGES.transactions;
const KIOSK_A = 'kiosk-sales-satu-a';
const KIOSK_B = 'kiosk-sales-satu-b';
const KIOSK_X = 'kiosk-sales-dua-x';

const { server, browser, admin: api } = useRig({ admin: true });
let context: BrowserContext;
let page: Page;
let tab: AdminTransactionsTab;
let venueDua: number;
let courtA: number;
let courtB: number;
const ids: Record<string, string> = {};

/** A purchase at Rp 1.000 a clip (no price set; nothing with the gateway off); `pay` settles it through the payment simulator. */
async function buy(
  deviceId: string,
  email: string,
  clips: number,
  pay: boolean,
  unitPrice = 1000,
  videoCourts?: number[],
): Promise<string> {
  const { transaction, payment } = await new KioskApi(server, deviceId).call('createPurchase', {
    body: {
      email,
      videoIds: Array.from({ length: clips }, (_, i) => `${email}-${i}.mp4`),
      videoTitles: Array.from({ length: clips }, (_, i) => `clip ${i}`),
      totalAmount: unitPrice * clips,
      ...(videoCourts ? { videoCourts } : {}),
    },
  });
  if (pay) await simulatePayment(server, payment!.token);
  return transaction.id;
}

const report = (query: { venueId?: string; fieldId?: string } = {}) => api.call('salesReport', { query });

/** Waits until the cards, chart and per-court rows show exactly `expected`. */
async function expectScreenToShow(expected: SalesReport) {
  await tab
    .card('revenue')
    .filter({ hasText: formatRupiah(expected.revenue) })
    .waitFor();
  const cards: [string, string][] = [
    ['revenue', formatRupiah(expected.revenue)],
    ['purchases', String(expected.purchases)],
    ['clips', String(expected.clips)],
    ['averageOrder', formatRupiah(expected.averageOrder)],
    ['free', String(expected.free)],
    ['staging', String(expected.staging)],
    ['discounts', formatRupiah(expected.discounts)],
  ];
  for (const [key, text] of cards) expect(await tab.card(key).textContent(), key).toBe(text);
  const bars = await tab
    .chartBars()
    .evaluateAll((rects) => rects.map((r) => ({ date: r.getAttribute('data-date'), revenue: Number(r.getAttribute('data-revenue')) })));
  expect(bars).toEqual(expected.byDay.map((d) => ({ date: d.date, revenue: d.revenue })));
  const courts = await tab
    .courtRows()
    .evaluateAll((rows) =>
      rows.map((r) => ({ fieldId: Number(r.getAttribute('data-field-id')), cells: [...r.children].map((c) => c.textContent) })),
    );
  expect(courts).toEqual(
    expected.byCourt.map((c) => ({ fieldId: c.fieldId, cells: [c.fieldName, String(c.purchases), formatRupiah(c.revenue)] })),
  );
}

beforeAll(async () => {
  const venue = async (name: string) => (await api.call('createVenue', { body: { name, location: 'Jakarta' } })).venue.id;
  const court = async (name: string, venueId: number) => (await api.call('createField', { body: { name, venueId } })).field.id;
  const kiosk = async (deviceId: string, venueId: number, fieldId: number) => {
    await api.call('registerDevice', { body: { deviceId, venueId, fieldId } });
    await api.call('authorizeDevice', { body: { deviceId, isAuthorized: true } });
  };
  const satu = await venue('Arena Satu');
  venueDua = await venue('Arena Dua');
  courtA = await court('Court A', satu);
  courtB = await court('Court B', satu);
  await kiosk(KIOSK_A, satu, courtA);
  await kiosk(KIOSK_B, satu, courtB);
  await kiosk(KIOSK_X, venueDua, await court('Court X', venueDua));

  ids.a1 = await buy(KIOSK_A, 'alice@example.com', 2, true);
  ids.a2 = await buy(KIOSK_A, 'bob@example.com', 1, true);
  ids.b1 = await buy(KIOSK_B, 'carol@example.com', 3, true);
  ids.x1 = await buy(KIOSK_X, 'dua@example.com', 1, true);
  // Court B's clips sold at the Court A kiosk: Court B's revenue.
  ids.clipsOfB = await buy(KIOSK_A, 'walker@example.com', 2, true, 1000, [courtB, courtB]);
  ids.pending = await buy(KIOSK_A, 'later@example.com', 1, false);
  // Text a spreadsheet would run as a formula: the CSV must not.
  ids.formula = await buy(KIOSK_B, '=1+2@example.com', 1, true);
  await api.setConfig('ENABLE_PAYMENT_GATEWAY', 'false');
  // Gateway off: a free purchase.
  ids.free = await buy(KIOSK_A, 'free@example.com', 1, false, 0);

  context = await newKioskContext(browser, server.url, { viewport: { width: 1600, height: 1000 }, acceptDownloads: true });
  page = await context.newPage();
  await loginAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  tab = new AdminTransactionsTab(page);
  await tab.rows().first().waitFor();
});

describe('sales at a glance', () => {
  test('the cards, chart and per-court rows are what the API answers, for all venues and for one', async () => {
    const all = await report();
    expect(all).toMatchObject({ revenue: 10_000, purchases: 6, clips: 10, free: 1, staging: 0 });
    await expectScreenToShow(all);

    await tab.venue().selectOption(String(venueDua));
    const dua = await report({ venueId: String(venueDua) });
    expect(dua.revenue).toBe(1000);
    await expectScreenToShow(dua);
    await tab.resetFilters().click();
    await expectScreenToShow(all);
  });

  test("revenue by court follows the clips' court, and adds up to the revenue card under any court filter", async () => {
    const all = await report();
    expect(all.byCourt.find((c) => c.fieldId === courtB)).toMatchObject({ revenue: 6000, purchases: 3 });
    expect(all.byCourt.find((c) => c.fieldId === courtA)).toMatchObject({ revenue: 3000, purchases: 2 });
    const satu = String((await api.call('listVenues', {})).find((v) => v.name === 'Arena Satu')!.id);
    await tab.venue().selectOption(satu);
    for (const [label, fieldId, revenue] of [
      ['Court B', courtB, 6000],
      ['Court A', courtA, 3000],
    ] as const) {
      await tab.court().selectOption({ label });
      const seen = await report({ venueId: satu, fieldId: String(fieldId) });
      expect(seen.revenue).toBe(revenue);
      expect(seen.byCourt.reduce((sum, c) => sum + c.revenue, 0)).toBe(seen.revenue);
      await expectScreenToShow(seen);
      expect((await tab.ids()).includes(ids.clipsOfB!)).toBe(fieldId === courtB);
    }
    await tab.resetFilters().click();
    await expectScreenToShow(all);
  });
});

describe('exports an accountant can use', () => {
  let excel: unknown[][];

  test('the Excel keeps the spec sheet and columns: Amount a number, Date a date, statuses as words, Staging and Discount at the end', async () => {
    const downloading = page.waitForEvent('download');
    await tab.exportButton().click();
    const sheets = await readExcelFile(await (await downloading).path());
    expect(sheets.map((s) => s.sheet)).toEqual([EXPORT_SHEET_NAME, EXPORT_CLIP_SHEET_NAME]);
    const [header, ...rows] = sheets[0]!.data;
    expect(header).toEqual([...EXPORT_COLUMNS]);
    expect(header!.slice(-5)).toEqual(['Staging', 'Discount', 'WhatsApp', 'WhatsApp Status', 'Sold On']);
    expect(rows).toHaveLength(8);
    const col = (name: (typeof EXPORT_COLUMNS)[number]) => EXPORT_COLUMNS.indexOf(name);
    const listed = (await api.call('listPurchases', { query: { limit: '100' } })).transactions;
    for (const row of rows) {
      expect(typeof row[col('Amount')]).toBe('number');
      expect(typeof row[col('Discount')]).toBe('number');
      expect(row[col('Date')]).toBeInstanceOf(Date);
      // The cell holds the venue's wall-clock time (Asia/Jakarta, UTC+7), to the minute.
      const createdAt = Date.parse(listed.find((t) => t.id === row[col('ID')])!.createdAt);
      const jakartaMinute = Math.floor((createdAt + 7 * 3_600_000) / 60_000) * 60_000;
      // An Excel date is a fraction of days: read back it may be a millisecond off, so compare to the second.
      const cellTime = (row[col('Date')] as unknown as Date).getTime();
      expect(Math.round(cellTime / 1000) * 1000).toBe(jakartaMinute);
      expect(row[col('Staging')]).toBe(T.no);
      expect(row[col('Sold On')]).toBe(T.kioskSale);
    }
    const byId = new Map(rows.map((r) => [r[col('ID')], r]));
    expect(byId.get(ids.b1!)![col('Amount')]).toBe(3000);
    expect(byId.get(ids.b1!)![col('Payment Status')]).toBe('Paid');
    expect(byId.get(ids.pending!)![col('Payment Status')]).toBe('Pending');
    expect(byId.get(ids.free!)![col('Payment Status')]).toBe('Free');
    // Summable: the paid rows add up to the revenue card.
    const paid = rows.filter((r) => r[col('Payment Status')] === 'Paid').reduce((sum, r) => sum + (r[col('Amount')] as number), 0);
    const all = await report();
    expect(paid).toBe(all.revenue);
    expect(byId.get(ids.clipsOfB!)![col('Court')]).toBe('Court B');
    // The Clips sheet's paid clips, summed by court, are the report's revenue by court.
    const [clipHeader, ...clips] = sheets[1]!.data;
    expect(clipHeader).toEqual([...EXPORT_CLIP_COLUMNS]);
    const byCourt = new Map<unknown, number>();
    for (const clip of clips) {
      if (byId.get(clip[0])![col('Payment Status')] !== 'Paid') continue;
      byCourt.set(clip[3], (byCourt.get(clip[3]) ?? 0) + Number(clip[4]));
    }
    expect(Object.fromEntries(byCourt)).toEqual(Object.fromEntries(all.byCourt.map((c) => [c.fieldName, c.revenue])));
    excel = rows as unknown[][];
  });

  test('the CSV holds the same rows (RFC 4180), formulas defused', async () => {
    const downloading = page.waitForEvent('download');
    await tab.csvButton().click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^transactions_\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync(await download.path(), 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header).toEqual([...EXPORT_COLUMNS]);
    const col = (name: (typeof EXPORT_COLUMNS)[number]) => EXPORT_COLUMNS.indexOf(name);
    expect(rows.map((r) => r[col('ID')])).toEqual(excel.map((r) => r[col('ID')]));
    for (const [i, row] of rows.entries()) {
      const cells = excel[i]!;
      expect(Number(row[col('Amount')])).toBe(cells[col('Amount')]);
      expect(Number(row[col('Discount')])).toBe(cells[col('Discount')]);
      expect(row[col('Payment Status')]).toBe(cells[col('Payment Status')]);
      expect(row[col('Video Titles')]).toBe(cells[col('Video Titles')]);
      const date = new Date(Math.round((cells[col('Date')] as Date).getTime() / 1000) * 1000).toISOString();
      expect(row[col('Date')]).toBe(`${date.slice(0, 10)} ${date.slice(11, 16)}`);
    }
    const formula = rows.find((r) => r[col('ID')] === ids.formula)!;
    expect(formula[col('Email')]).toBe("'=1+2@example.com");
    // A title list holds commas: the field is quoted.
    expect(text).toContain('"clip 0, clip 1, clip 2"');
  });
});

/** RFC 4180: fields split by commas, quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  return rows;
}
