// The court's "Mark this moment" QR poster in the Venues tab: a print-ready A4
// sheet in both languages whose QR code is the court's /c link, and a new link that retires the old;
// every line stays on the A4 page at any length of name; a venue admin keeps their own venue's
// courts and posters.
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { KIOSK_MESSAGES, MESSAGES } from '@courtreplay/shared';
import { newKioskContext, SUPER_ADMIN, useRig } from './support/index.ts';
import { loginAs } from './pages/admin-session.ts';
import { AdminVenuesTab } from './pages/admin-venues-tab.ts';

const VENUE_ADMIN = { email: 'senayan.admin@courtreplay.test', password: 'senayan-admin-pass-1' };

const T = MESSAGES.venues;

const { server, browser, admin: api } = useRig({ admin: true });
let page: Page;
let venues: AdminVenuesTab;
let venueId: number;

beforeAll(async () => {
  venueId = (await api.call('createVenue', { body: { name: 'Arena Senayan', location: 'Jakarta' } })).venue.id;
  await api.call('createField', { body: { venueId, name: 'Court 2' } });
  const context = await newKioskContext(browser, server.url, { viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  const dashboard = await loginAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await dashboard.openTab('venueManagement');
  venues = new AdminVenuesTab(page);
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
  // Without PUBLIC_URL the link names this computer: the dialog says phones cannot open it, and what to set.
  expect(await poster().getByTestId('poster-unreachable').textContent()).toBe(T.posterUnreachable(url));
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

test('printed, every line of the poster stays inside the A4 page at the longest court and venue names', async () => {
  const longVenue = 'Gelanggang Olahraga Bulungan Jakarta Selatan Padel & Pickleball Club Kebayoran Baru Timur Raya 99'.slice(0, 100);
  const { venue } = await api.call('createVenue', { body: { name: longVenue, location: 'Jakarta' } });
  const longCourt = 'Lapangan Utama Kaca Panoramik Sisi Timur Dekat Kafe dan Ruang Ganti Pemain Nomor Sebelas Belas'.slice(0, 100);
  await api.call('createField', { body: { venueId: venue.id, name: longCourt } });
  await api.call('createField', { body: { venueId: venue.id, name: 'W'.repeat(100) } });
  await page.goto('/admin/dashboard?tab=venues');
  await venues.selectVenue(longVenue);
  for (const court of [longCourt, 'W'.repeat(100)]) {
    await venues.courtRow(court).getByRole('button', { name: T.poster }).click();
    await sheet().waitFor();
    await page.emulateMedia({ media: 'print' });
    try {
      // Every element's box inside the sheet, and the sheet is the A4 page (210 x 297 mm at 96 dpi).
      const measured = await sheet().evaluate((root) => {
        const page = root.getBoundingClientRect();
        const out: string[] = [];
        for (const element of [root, ...root.querySelectorAll('*')]) {
          const box = element.getBoundingClientRect();
          if (box.width === 0 && box.height === 0) continue;
          const inside = box.left >= -0.5 && box.top >= -0.5 && box.right <= page.width + 0.5 && box.bottom <= page.height + 0.5;
          if (!inside) out.push(`${String(element.className) || element.tagName}: ${JSON.stringify(box)}`);
        }
        return { width: page.width, height: page.height, left: page.left, top: page.top, out };
      });
      expect(measured.out).toEqual([]);
      expect(Math.round(measured.width)).toBe(794);
      expect(Math.round(measured.height)).toBe(1123);
      expect([measured.left, measured.top]).toEqual([0, 0]);
      // The QR code stays big enough for a phone to scan from a step away.
      expect((await sheet().locator('.poster-qr svg').boundingBox())!.height).toBeGreaterThan(130);
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
    await poster().getByRole('button', { name: T.closePoster }).click();
    await poster().waitFor({ state: 'detached' });
  }
});

test('a venue admin has a Venues tab for their own venue: adds, renames and removes its courts, prints and renews each poster', async () => {
  await api.call('createAdmin', { body: { ...VENUE_ADMIN, role: 'admin', venueId } });
  const context = await newKioskContext(browser, server.url, { viewport: { width: 1440, height: 900 } });
  const own = await context.newPage();
  const dashboard = await loginAs(own, VENUE_ADMIN.email, VENUE_ADMIN.password);
  await dashboard.openTab('venueManagement');
  const tab = new AdminVenuesTab(own);
  await tab.courtsHeading('Arena Senayan').waitFor();
  // Their venue only, and no venue to add, rename or delete.
  expect(await tab.addVenueButton().count()).toBe(0);
  expect(await own.getByText('Gelanggang Olahraga', { exact: false }).count()).toBe(0);

  await tab.addCourtButton().click();
  await tab.courtForm().getByLabel(T.fieldName).fill('Court 9');
  await tab.courtForm().getByRole('button', { name: T.save }).click();
  await tab.courtRow('Court 9').waitFor();
  await tab.courtRow('Court 9').getByRole('button', { name: T.edit }).click();
  await tab.courtRow('Court 9').getByLabel(T.fieldName).fill('Court 9 (glass)');
  await tab.courtRow('Court 9').getByRole('button', { name: T.save }).click();
  await tab.courtRow('Court 9 (glass)').waitFor();
  await tab.courtRow('Court 9 (glass)').getByRole('button', { name: T.delete }).click();
  await tab.courtRow('Court 9 (glass)').getByRole('button', { name: MESSAGES.dashboard.yes }).click();
  await tab.courtRow('Court 9 (glass)').waitFor({ state: 'detached' });

  const old = await markUrl();
  await tab.courtRow('Court 2').getByRole('button', { name: T.poster }).click();
  const ownPoster = own.getByTestId('court-poster');
  expect(await ownPoster.getByRole('button', { name: T.printPoster }).isEnabled()).toBe(true);
  await ownPoster.getByRole('button', { name: T.renewPoster }).click();
  await ownPoster
    .getByRole('group', { name: T.confirmRenewPoster('Court 2') })
    .getByRole('button', { name: MESSAGES.dashboard.yes })
    .click();
  await ownPoster.getByText(T.posterRenewed).waitFor();
  expect(await markUrl()).not.toBe(old);
  await context.close();
});
