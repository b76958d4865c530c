// Transactions tab: filters with their role rules, the table, pagination, Export to Excel read back
// from the downloaded file, and Resend, including the local search through a folder in the OPFS.
import { beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import readExcelFile from 'read-excel-file/node';
import {
  EXPORT_CLIP_COLUMNS,
  EXPORT_CLIP_SHEET_NAME,
  EXPORT_COLUMNS,
  EXPORT_SHEET_NAME,
  MESSAGES,
  PURCHASE_MESSAGES,
} from '@courtreplay/shared';
import { KioskApi, feedFolder, installFolderPicker, makeClip, newKioskContext, SUPER_ADMIN, useRig } from './support/index.ts';
import type { AdminDashboardPage } from './pages/admin-dashboard-page.ts';
import { loginAs } from './pages/admin-session.ts';
import { AdminTransactionsTab } from './pages/admin-transactions-tab.ts';

const T = MESSAGES.transactions;
const VENUE_ADMIN = { email: 'satu.admin@courtreplay.test', password: 'satu-admin-pass-1' };
const KIOSK_A1 = 'kiosk-arena-satu-court-a';
const KIOSK_A2 = 'kiosk-arena-satu-court-b';
const KIOSK_B = 'kiosk-arena-dua-court-x1';
const LONG_TITLES = ['A very long rally on court number one', 'Second point'];

const { server, browser, admin: api } = useRig({ admin: true });
let context: BrowserContext;
let page: Page;
let dashboard: AdminDashboardPage;
let tab: AdminTransactionsTab;
const ids: Record<string, string> = {};

async function buy(deviceId: string, email: string, titles: string[], unitPrice: number, videoCourts?: number[]): Promise<string> {
  const { transaction } = await new KioskApi(server, deviceId).call('createPurchase', {
    body: {
      email,
      videoIds: titles.map((t) => `${Date.now()}-${t.replace(/ /g, '_')}`),
      videoTitles: titles,
      totalAmount: unitPrice * titles.length,
      ...(videoCourts ? { videoCourts } : {}),
    },
  });
  return transaction.id;
}

async function kiosk(deviceId: string, venueId: number, fieldId: number) {
  await api.call('registerDevice', { body: { deviceId, venueId, fieldId } });
  await api.call('authorizeDevice', { body: { deviceId, isAuthorized: true } });
}

const stored = async (id: string) => (await api.call('listPurchases', { query: { limit: '100' } })).transactions.find((t) => t.id === id)!;

beforeAll(async () => {
  const { venue: satu } = await api.call('createVenue', { body: { name: 'Arena Satu', location: 'Jakarta' } });
  const { venue: dua } = await api.call('createVenue', { body: { name: 'Arena Dua', location: 'Bandung' } });
  const court = async (name: string, venueId: number) => (await api.call('createField', { body: { name, venueId } })).field.id;
  await kiosk(KIOSK_A1, satu.id, await court('Court A', satu.id));
  const courtB = await court('Court B', satu.id);
  await kiosk(KIOSK_A2, satu.id, courtB);
  await kiosk(KIOSK_B, dua.id, await court('Court X', dua.id));
  await api.call('createAdmin', { body: { ...VENUE_ADMIN, role: 'admin', venueId: satu.id } });

  // Gateway on (the default) and no price set: pending purchases at Rp 1.000 a video.
  for (let i = 1; i <= 23; i++) await buy(KIOSK_A1, `buyer${i}@example.com`, [`rally ${i}`], 1000);
  // Court B's clips, sold at the Court A kiosk: a Court B purchase everywhere but "Sold at".
  ids.clipsOfB = await buy(KIOSK_A1, 'buyer24@example.com', ['rally 24'], 1000, [courtB]);
  ids.long = await buy(KIOSK_A2, 'long.titles@example.com', LONG_TITLES, 1000);
  ids.bandung = await buy(KIOSK_B, 'bandung@example.com', ['smash'], 1000);
  // Gateway off: free purchases, which can be (re)sent.
  await api.setConfig('ENABLE_PAYMENT_GATEWAY', 'false');
  ids.linked = await buy(KIOSK_A1, 'linked@example.com', ['serve'], 0);
  await api.call('updateZipUrl', { params: { id: ids.linked }, body: { zipUrl: `${server.url}/d/existing-folder`, error: false } });
  ids.local = await buy(KIOSK_A1, 'local@example.com', ['match one', 'match two'], 0);

  context = await newKioskContext(browser, server.url, { viewport: { width: 1600, height: 1000 } });
  await installFolderPicker(context);
  page = await context.newPage();
  dashboard = await loginAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  tab = new AdminTransactionsTab(page);
  await tab.rows().first().waitFor();
});

describe('the table', () => {
  test('shows the spec columns (Venue for a super admin) and pages by 25', async () => {
    expect(await tab.headers()).toEqual([...T.columns]);
    expect(await tab.rows().count()).toBe(25);
    expect(await tab.pageLabel().textContent()).toBe('Page 1 of 2');
    await tab.next().click();
    await page.waitForFunction(() => document.querySelectorAll('[role=tabpanel] tbody tr').length === 3);
    expect(await tab.pageLabel().textContent()).toBe('Page 2 of 2');
    await tab.previous().click();
    await page.waitForFunction(() => document.querySelectorAll('[role=tabpanel] tbody tr').length === 25);
  });

  test('a row shows truncated titles, the amount in rupiah, the status badges, venue and court', async () => {
    const cells = await tab.cells(ids.long!);
    const byColumn = Object.fromEntries(T.columns.map((c, i) => [c, cells[i]]));
    expect(byColumn.Email).toBe('long.titles@example.com');
    expect(byColumn.Videos).toBe('2');
    expect(byColumn['Video Titles']).toBe(`${LONG_TITLES.join(', ').slice(0, 30)}...`);
    expect(byColumn.Amount).toBe('Rp 2.000');
    expect(byColumn.Date).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(await tab.paymentStatus(ids.long!)).toBe('pending');
    await expect.poll(() => tab.deliveryState(ids.long!)).toBe('Awaiting payment');
    expect(byColumn['Email Status']).toBe(T.emailNotSet);
    expect(byColumn.Venue).toBe('Arena Satu');
    expect(byColumn.Court).toBe('Court B');
  });

  test("a purchase's court is its clips' court; the kiosk's court shows only as Sold at in its details", async () => {
    const cells = await tab.cells(ids.clipsOfB!);
    expect(cells[T.columns.indexOf('Court')]).toBe('Court B');
    await tab.details(ids.clipsOfB!).click();
    await tab
      .drawer()
      .getByRole('heading', { name: T.drawer.title(ids.clipsOfB!) })
      .waitFor();
    expect(await tab.summaryValue('Court')).toBe('Court B');
    expect(await tab.summaryValue('Sold at')).toBe('Court A');
    await page.keyboard.press('Escape');
    await tab.drawer().waitFor({ state: 'detached' });
  });

  test('a purchase id stays on one line on a narrower screen (the table scrolls instead)', async () => {
    await page.setViewportSize({ width: 1024, height: 1000 });
    try {
      const lines = await tab
        .row(ids.long!)
        .locator('td')
        .first()
        .evaluate((td) => {
          const range = document.createRange();
          range.selectNodeContents(td);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        });
      expect(lines).toBe(1);
    } finally {
      await page.setViewportSize({ width: 1600, height: 1000 });
    }
  });
});

describe('filters', () => {
  test('changing a filter goes back to page 1; the e-mail search narrows the list', async () => {
    await tab.next().click();
    await page.waitForFunction(() => document.querySelectorAll('[role=tabpanel] tbody tr').length === 3);
    await tab.email().fill('long.titles');
    await page.waitForFunction(() => document.querySelectorAll('[role=tabpanel] tbody tr').length === 1);
    expect(await tab.ids()).toEqual([ids.long]);
    expect(await tab.pageLabel().textContent()).toBe('Page 1 of 1');
  });

  test('no match shows the empty message with a reset that brings the rows back', async () => {
    await tab.email().fill('nobody-bought-this');
    await tab.text(T.empty).waitFor();
    await tab.panelReset().click();
    await page.waitForFunction(() => document.querySelectorAll('[role=tabpanel] tbody tr').length === 25);
    expect(await tab.email().inputValue()).toBe('');
  });

  test('venue and court narrow the list; clearing the venue clears the court', async () => {
    expect(await tab.court().isDisabled()).toBe(true);
    await tab.venue().selectOption({ label: 'Arena Dua' });
    await expect.poll(() => tab.ids()).toEqual([ids.bandung]);
    await tab.venue().selectOption({ label: 'Arena Satu' });
    await tab.court().selectOption({ label: 'Court B' });
    await tab.row(ids.long!).waitFor();
    // A purchase matches the court its clips were filmed on, whichever kiosk sold it.
    await expect.poll(() => tab.ids()).toEqual([ids.long, ids.clipsOfB]);
    await tab.venue().selectOption({ label: T.allVenues });
    expect(await tab.court().inputValue()).toBe('');
    expect(await tab.court().isDisabled()).toBe(true);
    await page.waitForFunction(() => document.querySelectorAll('[role=tabpanel] tbody tr').length === 25);
  });

  test('dates are bounded by today and by the start date, with the messages for typed values', async () => {
    const today = await tab.startDate().getAttribute('max');
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await tab.startDate().fill('2020-01-10');
    expect(await tab.endDate().getAttribute('min')).toBe('2020-01-10');
    await tab.endDate().fill('2020-01-05');
    await tab.text(T.endBeforeStart).waitFor();
    await tab.endDate().fill('2999-01-01');
    await tab.text(T.dateAfterToday).waitFor();
    await tab.endDate().fill(today!);
    await page.waitForFunction(() => document.querySelectorAll('[role=tabpanel] tbody tr').length === 25);
    // Refused dates list nothing: the previous filters' rows are not passed off as matches.
    await tab.startDate().fill('2999-01-01');
    await tab.text(T.dateAfterToday).waitFor();
    expect(await page.locator('[role=tabpanel] tbody tr').count()).toBe(0);
    expect(await tab.text(T.empty).count()).toBe(0);
    await tab.startDate().fill(today!);
    await page.waitForFunction(() => document.querySelectorAll('[role=tabpanel] tbody tr').length === 25);
    await tab.resetFilters().click();
  });
});

describe('Export to Excel', () => {
  test('downloads a dated .xlsx whose sheet Transactions holds the spec columns and rupiah amounts', async () => {
    const downloading = page.waitForEvent('download');
    await tab.exportButton().click();
    const download = await downloading;
    const today = await tab.startDate().getAttribute('max');
    expect(download.suggestedFilename()).toBe(`transactions_${today}.xlsx`);
    await tab.text(T.exported(28)).waitFor();
    const sheets = await readExcelFile(await download.path());
    expect(sheets.map((s) => s.sheet)).toEqual([EXPORT_SHEET_NAME, EXPORT_CLIP_SHEET_NAME]);
    const [header, ...rows] = sheets[0]!.data;
    expect(header).toEqual([...EXPORT_COLUMNS]);
    expect(rows).toHaveLength(28);
    const long = rows.find((r) => r[0] === ids.long)!;
    // A number cell (formatted to read 'Rp 2.000'), so an accountant can sum the column.
    expect(long[EXPORT_COLUMNS.indexOf('Amount')]).toBe(2000);
    expect(long[EXPORT_COLUMNS.indexOf('Payment Status')]).toBe(T.paymentStatusWord.pending);
    expect(long[EXPORT_COLUMNS.indexOf('Video Titles')]).toBe(LONG_TITLES.join(', '));
    expect(long[EXPORT_COLUMNS.indexOf('Email Status')]).toBe(T.emailNotSet);
    expect(long[EXPORT_COLUMNS.indexOf('Court')]).toBe('Court B');
    expect(rows.find((r) => r[0] === ids.clipsOfB)![EXPORT_COLUMNS.indexOf('Court')]).toBe('Court B');
    // One row per clip, with its court and its share: a purchase's shares add up to its Amount.
    const [clipHeader, ...clips] = sheets[1]!.data;
    expect(clipHeader).toEqual([...EXPORT_CLIP_COLUMNS]);
    expect(clips).toHaveLength(rows.reduce((n, r) => n + Number(r[EXPORT_COLUMNS.indexOf('Video Count')]), 0));
    expect(clips.filter((c) => c[0] === ids.clipsOfB)).toEqual([[ids.clipsOfB, 1, 'rally 24', 'Court B', 1000]]);
    expect(clips.filter((c) => c[0] === ids.long)).toEqual([
      [ids.long, 1, LONG_TITLES[0], 'Court B', 1000],
      [ids.long, 2, LONG_TITLES[1], 'Court B', 1000],
    ]);
    for (const row of rows) {
      const shares = clips.filter((c) => c[0] === row[0]).reduce((sum, c) => sum + Number(c[4]), 0);
      expect(shares, String(row[0])).toBe(row[EXPORT_COLUMNS.indexOf('Amount')]);
    }
    await tab.text(T.exported(28)).waitFor({ state: 'detached', timeout: 5_000 });
  });

  test('with a filter that matches nothing there is nothing to export', async () => {
    await tab.email().fill('nobody-bought-this');
    await tab.text(T.empty).waitFor();
    await tab.exportButton().click();
    await tab.text(T.nothingToExport).waitFor();
    await tab.resetFilters().click();
  });
});

describe('Resend', () => {
  test('a purchase with a link is sent again; the button says Sending... meanwhile', async () => {
    const before = server.outbox().length;
    // The server's answer is held until the test has seen the button meanwhile, however slow the machine.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/resend-email', async (route) => {
      await held;
      await route.continue();
    });
    await tab.resend(ids.linked!).click();
    const button = tab.row(ids.linked!).getByRole('button', { name: T.sending });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    answer();
    await tab.text(T.resent).waitFor();
    await page.unroute('**/resend-email');
    expect(await tab.emailStatus(ids.linked!)).toBe('sent');
    expect(server.outbox().length).toBe(before + 1);
    expect(server.outbox().at(-1)!.text).toContain('linked@example.com');
  });

  test('an unpaid purchase offers no Resend, and the server refuses one anyway', async () => {
    await tab.email().fill('long.titles');
    await page.waitForFunction(() => document.querySelectorAll('[role=tabpanel] tbody tr').length === 1);
    expect(await tab.resend(ids.long!).count()).toBe(0);
    const refused = await api.respond('resendEmail', { params: { id: ids.long! } });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(PURCHASE_MESSAGES.notPaid);
    await tab.resetFilters().click();
  });

  describe('local search (no link yet)', () => {
    test('without a stored folder it says to pick one first', async () => {
      await tab.resend(ids.local!).click();
      await tab.text(T.noStoredFolder).waitFor();
      expect(await tab.emailStatus(ids.local!)).toBe('failed');
    });

    test('with a folder that holds none of the clips it says no matches', async () => {
      await pickFolderOnKiosk([{ name: 'warm_up.mp4', path: makeClip({ format: 'mp4' }) }]);
      await tab.resend(ids.local!).click();
      await tab.text(T.noMatchingVideos).waitFor();
      expect((await stored(ids.local!)).zipUrl).toBeNull();
    });

    test('when no clip can be uploaded it says so, clears the link and marks the upload failed', async () => {
      await pickFolderOnKiosk([{ name: 'match_one.mp4', path: makeClip({ format: 'mp4', seconds: 2 }) }]);
      await page.route('**/api/google-drive/get-signed-url', (route) => route.abort('connectionrefused'));
      const linkSaved = page.waitForRequest((r) => r.url().endsWith(`/transaction/${ids.local}/zipUrl`));
      await tab.resend(ids.local!).click();
      await tab.text(T.uploadFailed).waitFor();
      await page.unroute('**/api/google-drive/get-signed-url');
      expect((await linkSaved).postDataJSON()).toEqual({ zipUrl: null, error: true });
      expect(await tab.emailStatus(ids.local!)).toBe('failed');
      expect((await stored(ids.local!)).zipUrl).toBeNull();
    });

    test('finds the clips, uploads them as one dated package, saves the link and sends the e-mail', async () => {
      await pickFolderOnKiosk([
        { name: 'warm_up.mp4', path: makeClip({ format: 'mp4' }) },
        { name: 'match_one.mp4', path: makeClip({ format: 'mp4', seconds: 2 }) },
        { name: 'match-two.webm', path: makeClip({ format: 'webm' }) },
      ]);
      const before = server.outbox().length;
      const folderCreated = page.waitForRequest('**/api/google-drive/create-folder');
      await tab.resend(ids.local!).click();
      const { folderName } = (await folderCreated).postDataJSON() as { folderName: string };
      expect(folderName).toMatch(/^videos_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}_2videos$/);
      await tab.text(T.foundUploadedSent).waitFor({ timeout: 30_000 });
      expect(await tab.emailStatus(ids.local!)).toBe('sent');
      const purchase = await stored(ids.local!);
      expect(purchase.zipUrl).toBeTruthy();
      expect(purchase.emailSent).toBe('sent');
      const uploaded = server.storedFiles().map((f) => f.split('/').pop());
      // Uploaded under the sanitised title: spaces (from '_' and '-') become hyphens.
      expect(uploaded.filter((name) => !name?.endsWith('.done')).sort()).toEqual(['match-one.mp4', 'match-two.webm']);
      const share = await (await fetch(purchase.zipUrl!)).text();
      expect(share).toContain('match-one.mp4');
      expect(share).toContain('match-two.webm');
      expect(server.outbox().length).toBeGreaterThan(before);
      expect(server.outbox().at(-1)!.text).toContain('local@example.com');
    });
  });
});

describe('an admin', () => {
  test('sees only their venue, without the Venue column or venue filter; Reset Filters keeps the venue', async () => {
    const adminContext = await newKioskContext(browser, server.url, { viewport: { width: 1600, height: 1000 } });
    const adminPage = await adminContext.newPage();
    await loginAs(adminPage, VENUE_ADMIN.email, VENUE_ADMIN.password);
    const own = new AdminTransactionsTab(adminPage);
    await own.rows().first().waitFor();
    expect(await own.headers()).toEqual(T.columns.filter((c) => c !== 'Venue'));
    expect(await own.venue().count()).toBe(0);
    await own.court().selectOption({ label: 'Court B' });
    await adminPage.waitForFunction(() => document.querySelectorAll('[role=tabpanel] tbody tr').length === 2);
    await own.resetFilters().click();
    await adminPage.waitForFunction(() => document.querySelectorAll('[role=tabpanel] tbody tr').length === 25);
    expect(await own.court().isDisabled()).toBe(false);
    await own.next().click();
    await adminPage.waitForFunction(() => document.querySelectorAll('[role=tabpanel] tbody tr').length === 2);
    expect(await own.ids()).not.toContain(ids.bandung);
    await adminContext.close();
  });
});

/** The way a venue picks its folder: on the kiosk's Video Selection page, as an authorised device. */
async function pickFolderOnKiosk(files: Parameters<typeof feedFolder>[1]) {
  const deviceId = await page.evaluate(() => localStorage.getItem('deviceId'));
  if (!deviceId || !(await api.call('listDevices', {})).some((d) => d.deviceId === deviceId)) {
    await dashboard.openTab('devices');
    const id = await page.getByTestId('current-device-id').filter({ hasNotText: '...' }).textContent();
    const satu = (await api.call('listVenues', {})).find((v) => v.name === 'Arena Satu')!;
    await kiosk(id!, satu.id, (await api.call('listFields', { params: { venueId: satu.id } }))[0]!.id);
  }
  await feedFolder(page, files);
  const folderStored = () =>
    page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const open = indexedDB.open('courtreplay-kiosk');
          open.onsuccess = () => {
            if (!open.result.objectStoreNames.contains('folders')) return resolve(false);
            const get = open.result.transaction('folders').objectStore('folders').get('kiosk');
            get.onsuccess = () => resolve(!!get.result);
            get.onerror = () => resolve(false);
          };
          open.onerror = () => resolve(false);
        }),
    );
  // Picked once; later the kiosk restores the same folder, whose contents feedFolder replaced.
  if (!(await folderStored())) {
    await page.goto('/box/video-selection');
    await page.getByRole('button', { name: MESSAGES.folder.browseVideos }).click();
    await expect.poll(folderStored, { timeout: 10_000 }).toBe(true);
  }
  await dashboard.open();
  await tab.rows().first().waitFor();
}
