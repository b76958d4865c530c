// The back-office in Bahasa Indonesia as well as English: an admin switches in
// the header, every tab reads Indonesian, and the choice survives a reload and a new login in
// another browser; another admin still sees English; the login page follows the browser's last choice.
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_CATALOGUES, DASHBOARD_TABS, type AdminLanguage } from '@courtreplay/shared';
import { newKioskContext, SUPER_ADMIN, useRig } from './support/index.ts';
import { AdminLanguageSwitch } from './pages/admin-language-switch.ts';
import { AdminLoginPage } from './pages/admin-login-page.ts';

const { server, browser, admin: api } = useRig({ admin: true });
const VENUE_ADMIN = { email: 'bahasa.venue@courtreplay.test', password: 'venue-password-1' };

beforeAll(async () => {
  const { venue } = await api.call('createVenue', { body: { name: 'Arena Bahasa', location: 'Bali' } });
  await api.call('createAdmin', { body: { ...VENUE_ADMIN, role: 'admin', venueId: venue.id } });
});

const newPage = async () => (await newKioskContext(browser, server.url, { viewport: { width: 1440, height: 900 } })).newPage();

/** Logs in through a login page expected in `loginLanguage`, then waits for the dashboard in `dashboardLanguage`. */
async function logIn(page: Page, who: { email: string; password: string }, loginLanguage: AdminLanguage, dashboardLanguage: AdminLanguage) {
  const login = new AdminLoginPage(page, ADMIN_CATALOGUES[loginLanguage]);
  await login.open();
  await login.login(who.email, who.password);
  await dashboardTitle(page, dashboardLanguage).waitFor();
}

const dashboardTitle = (page: Page, language: AdminLanguage) =>
  page.getByRole('heading', { name: ADMIN_CATALOGUES[language].dashboard.title, level: 1 });

/** The labels of the tabs shown, in order. */
const tabLabels = (page: Page) => page.getByRole('tab').allTextContents();

test('an admin switches to Bahasa Indonesia: it stays for them after a reload and a new login, and another admin still sees English', async () => {
  const ID = ADMIN_CATALOGUES.id;
  const page = await newPage();
  await logIn(page, SUPER_ADMIN, 'en', 'en');
  const language = new AdminLanguageSwitch(page);
  expect(await language.current()).toBe('en');

  await language.choose('id');
  await dashboardTitle(page, 'id').waitFor();
  expect(await tabLabels(page)).toEqual(DASHBOARD_TABS.map((tab) => ID.dashboard.tabs[tab]));
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('id');
  // Each tab's own words follow, and the switch stays in the header whichever tab is open.
  await page.getByRole('tab', { name: ID.dashboard.tabs.devices, exact: true }).click();
  await page.getByRole('heading', { name: ID.adminScreens.devices.thisDevice }).waitFor();
  await page.getByRole('tab', { name: ID.dashboard.tabs.productManagement, exact: true }).click();
  await page.getByRole('heading', { name: ID.adminScreens.product.videoPrice }).waitFor();
  await page.getByRole('tab', { name: ID.dashboard.tabs.storageQuota, exact: true }).click();
  await page.getByRole('heading', { name: ID.adminScreens.storage.title }).waitFor();
  expect(await language.current()).toBe('id');

  await page.reload();
  await dashboardTitle(page, 'id').waitFor();
  expect(await tabLabels(page)).toEqual(DASHBOARD_TABS.map((tab) => ID.dashboard.tabs[tab]));

  // Logged out, this browser's login page speaks the last choice.
  await page.getByRole('button', { name: ID.dashboard.logout }).click();
  await page.waitForURL('**/admin/login');
  await new AdminLoginPage(page, ID).title().waitFor();

  // Another admin logs in on the same browser: their own language, English, applies.
  await logIn(page, VENUE_ADMIN, 'id', 'en');
  const venueTabs = ['transactions', 'devices', 'productManagement', 'productDevManagement', 'venueManagement', 'errors'] as const;
  expect(await tabLabels(page)).toEqual(venueTabs.map((tab) => ADMIN_CATALOGUES.en.dashboard.tabs[tab]));
  expect(await new AdminLanguageSwitch(page).current()).toBe('en');
  await page.context().close();

  // A new browser knows nothing yet: its login page is in English; the admin's choice follows them at login.
  const elsewhere = await newPage();
  await logIn(elsewhere, SUPER_ADMIN, 'en', 'id');
  expect(await tabLabels(elsewhere)).toEqual(DASHBOARD_TABS.map((tab) => ID.dashboard.tabs[tab]));
  await elsewhere.context().close();
});
