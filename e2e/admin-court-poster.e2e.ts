// The court's "Mark this moment" QR poster in the Venues tab (issue 25 point 4): a print-ready A4
// sheet in both languages whose QR code is the court's /c link, and a new link that retires the old.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { KIOSK_MESSAGES, MESSAGES } from '@courtreplay/shared';
import { AdminApi, launchBrowser, newKioskContext, startServer, SUPER_ADMIN, type TestServer } from './support/index.ts';
import { loginAs } from './pages/admin-session.ts';
import { AdminVenuesTab } from './pages/admin-venues-tab.ts';

const T = MESSAGES.venues;

let server: TestServer;
let browser: Browser;
let api: AdminApi;
let page: Page;
let venues: AdminVenuesTab;
let venueId: number;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  api = await AdminApi.login(server);
  venueId = (await api.call('createVenue', { body: { name: 'Arena Senayan', location: 'Jakarta' } })).venue.id;
  await api.call('createField', { body: { venueId, name: 'Court 2' } });
  const context = await newKioskContext(browser, server.url, { viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  const dashboard = await loginAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await dashboard.openTab('venueManagement');
  venues = new AdminVenuesTab(page);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The court's poster link as the server lists it (null only for a court without a code, never here). */
const markUrl = async () => {
  const url = (await api.call('listFields', { params: { venueId } }))[0]!.markUrl;
  if (url === null) throw new Error('Court 2 is listed without a poster link');
  return url;
};
const poster = () => page.getByTestId('court-poster');
const sheet = () => page.getByTestId('poster-sheet');

/** The address the poster's QR code encodes, read from a screenshot as a phone camera would. */
async function scanPoster(): Promise<string | null> {
  const png = PNG.sync.read(await sheet().locator('.poster-qr').screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

test('Poster shows an A4 sheet with the court, the venue and both languages, its QR code the court’s /c link', async () => {
  await venues.selectVenue('Arena Senayan');
  await venues.courtRow('Court 2').getByRole('button', { name: T.poster }).click();
  await poster()
    .getByRole('heading', { name: T.posterFor('Court 2') })
    .waitFor();
  const text = await sheet().textContent();
  for (const words of ['Court 2', 'Arena Senayan', KIOSK_MESSAGES.en.mark.posterTitle, KIOSK_MESSAGES.id.mark.posterTitle])
    expect(text).toContain(words);
  expect(text).toContain(KIOSK_MESSAGES.id.mark.button);
  const url = await markUrl();
  expect(url).toMatch(/\/c\/[A-Za-z0-9_-]{22}$/);
  expect(await scanPoster()).toBe(url);
  // Printed, the sheet alone shows: the dialog's buttons are not on paper.
  await page.emulateMedia({ media: 'print' });
  expect(await sheet().isVisible()).toBe(true);
  expect(await poster().getByRole('button', { name: T.printPoster }).isVisible()).toBe(false);
  await page.emulateMedia({ media: 'screen' });
});

test('New poster link makes a new code: the old poster’s link is a 404', async () => {
  const old = await markUrl();
  await poster().getByRole('button', { name: T.renewPoster }).click();
  await poster()
    .getByRole('group', { name: T.confirmRenewPoster('Court 2') })
    .getByRole('button', { name: MESSAGES.dashboard.yes })
    .click();
  await poster().getByText(T.posterRenewed).waitFor();
  const renewed = await markUrl();
  expect(renewed).not.toBe(old);
  await expect.poll(() => scanPoster()).toBe(renewed);
  expect((await fetch(`${server.url}${new URL(old).pathname}`)).status).toBe(404);
  expect((await fetch(`${server.url}${new URL(renewed).pathname}`)).status).toBe(200);
});
