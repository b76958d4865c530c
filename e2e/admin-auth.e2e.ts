// Admin login, the session (stored under adminUser, verified on load, ended by Logout) and the
// route table's redirects and tab visibility for a visitor, an admin and a super admin.
import { beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { AUTH_MESSAGES, MESSAGES } from '@courtreplay/shared';
import { newKioskContext, SUPER_ADMIN, useRig } from './support/index.ts';
import { AdminDashboardPage } from './pages/admin-dashboard-page.ts';
import { AdminLoginPage } from './pages/admin-login-page.ts';
import { loginAs, storedSession } from './pages/admin-session.ts';

const VENUE_ADMIN = { email: 'venue.admin@courtreplay.test', password: 'venue-admin-pass-1' };
const TABS = MESSAGES.dashboard.tabs;

const { server, browser, admin: api } = useRig({ admin: true });
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  const { venue } = await api.call('createVenue', { body: { name: 'Arena Satu', location: 'Jakarta' } });
  await api.call('createAdmin', { body: { ...VENUE_ADMIN, role: 'admin', venueId: venue.id } });
});

async function freshPage() {
  await context?.close();
  context = await newKioskContext(browser, server.url, { viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  return page;
}

const path = () => new URL(page.url()).pathname + new URL(page.url()).search;

describe('a visitor', () => {
  test('is sent to /admin/login from the dashboard, from /admin/create and from any other /admin/ address, never the kiosk', async () => {
    await freshPage();
    for (const address of ['/admin/dashboard', '/admin/create', '/admin/nowhere']) {
      await page.goto(address);
      await new AdminLoginPage(page).title().waitFor();
      expect(path()).toBe('/admin/login');
    }
  });

  test('typing /admin opens the login page, never the kiosk', async () => {
    await freshPage();
    for (const typed of ['/admin', '/admin/']) {
      await page.goto(typed);
      await new AdminLoginPage(page).title().waitFor();
      expect(path()).toBe('/admin/login');
    }
  });

  test('the kiosk home never downloads the back-office chunk', async () => {
    await freshPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/box');
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((u) => u.includes('AdminRoutes'))).toEqual([]);
    await page.goto('/admin/login');
    await new AdminLoginPage(page).title().waitFor();
    expect(scripts.filter((u) => u.includes('AdminRoutes'))).toHaveLength(1);
  });

  test('sees the spec messages for missing fields and for wrong credentials, and stays logged out', async () => {
    await freshPage();
    const login = new AdminLoginPage(page);
    await login.open();
    await login.submitButton().click();
    expect(await login.error().textContent()).toBe(MESSAGES.adminLogin.bothRequired);
    await login.email().fill(SUPER_ADMIN.email);
    await login.submitButton().click();
    expect(await login.error().textContent()).toBe(MESSAGES.adminLogin.bothRequired);
    await login.login(SUPER_ADMIN.email, 'wrong-password');
    await page.getByText(AUTH_MESSAGES.invalidCredentials).waitFor();
    // No answer at all (the server cannot be reached): the generic failure.
    await page.route('**/api/admin/login', (route) => route.abort('connectionrefused'));
    await login.login(SUPER_ADMIN.email, SUPER_ADMIN.password);
    await page.getByText(MESSAGES.adminLogin.failed, { exact: true }).waitFor();
    await page.unroute('**/api/admin/login');
    expect(await storedSession(page)).toBeNull();
    expect(path()).toBe('/admin/login');
  });

  test('returns to the page it came from after logging in (an old /admin/ link: the dashboard, its tab kept)', async () => {
    await freshPage();
    await page.goto('/admin/devices?tab=devices');
    const login = new AdminLoginPage(page);
    await login.title().waitFor();
    await login.login(SUPER_ADMIN.email, SUPER_ADMIN.password);
    await page.waitForURL('**/admin/dashboard?tab=devices');
    expect(await new AdminDashboardPage(page).activeTab()).toBe('devices');
  });
});

describe('a super admin', () => {
  test('logs in to the dashboard with the welcome line, all nine tabs and the session stored as superadmin', async () => {
    await freshPage();
    const dashboard = await loginAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
    expect(path()).toBe('/admin/dashboard');
    await dashboard.welcome(SUPER_ADMIN.email).waitFor();
    expect(await dashboard.tabNames()).toEqual([
      TABS.transactions,
      TABS.admins,
      TABS.devices,
      TABS.productManagement,
      TABS.productDevManagement,
      TABS.venueManagement,
      TABS.cmsManagement,
      TABS.errors,
      TABS.storageQuota,
    ]);
    expect(await dashboard.activeTab()).toBe('transactions');
    const session = await storedSession(page);
    expect(session?.user.email).toBe(SUPER_ADMIN.email);
    expect(session?.user.role).toBe('superadmin');
    expect(session?.token).toBeTruthy();
  });

  test('is redirected away from /admin/login and may open /admin/create', async () => {
    await page.goto('/admin/login');
    await page.waitForURL('**/admin/dashboard');
    await page.goto('/admin');
    await page.waitForURL('**/admin/dashboard');
    await page.goto('/admin/create');
    await page.getByRole('heading', { name: 'Create Admin' }).waitFor();
    expect(path()).toBe('/admin/create');
  });

  test('?tab= opens admins, devices and venues on load', async () => {
    const dashboard = new AdminDashboardPage(page);
    await dashboard.open('?tab=admins');
    expect(await dashboard.activeTab()).toBe('admins');
    await dashboard.open('?tab=venues');
    expect(await dashboard.activeTab()).toBe('venueManagement');
    await dashboard.open('?tab=devices');
    expect(await dashboard.activeTab()).toBe('devices');
    await dashboard.open('?tab=storageQuota');
    expect(await dashboard.activeTab()).toBe('transactions');
  });

  test('the tab list works from the keyboard: arrows move and wrap, Home and End jump, focus follows', async () => {
    const dashboard = new AdminDashboardPage(page);
    await dashboard.open();
    await dashboard.tab('transactions').focus();
    await page.keyboard.press('ArrowRight');
    expect(await dashboard.activeTab()).toBe('admins');
    await page.keyboard.press('End');
    expect(await dashboard.activeTab()).toBe('storageQuota');
    await page.keyboard.press('ArrowRight');
    expect(await dashboard.activeTab()).toBe('transactions');
    await page.keyboard.press('ArrowLeft');
    expect(await dashboard.activeTab()).toBe('storageQuota');
    await page.keyboard.press('Home');
    expect(await dashboard.activeTab()).toBe('transactions');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-tab'))).toBe('transactions');
  });

  test('the Errors tab shows the Error Logs placeholder', async () => {
    const dashboard = new AdminDashboardPage(page);
    await dashboard.open();
    await dashboard.openTab('errors');
    await dashboard.panel().getByRole('heading', { name: MESSAGES.errorsTab.title }).waitFor();
  });

  test('Logout ends the session on the server and goes to /admin/login', async () => {
    const token = (await storedSession(page))!.token;
    const dashboard = new AdminDashboardPage(page);
    await dashboard.logoutButton().click();
    await page.waitForURL('**/admin/login');
    expect(await storedSession(page)).toBeNull();
    const verify = await fetch(`${server.url}/api/admin/verify`, { headers: { Authorization: `Bearer ${token}` } });
    expect(verify.status).toBe(401);
    await page.goto('/admin/dashboard');
    await page.waitForURL('**/admin/login');
  });
});

describe('an admin', () => {
  // The product widens the spec's "Transactions and Devices only": a venue admin also prices
  // their own venue (the Product tabs, with its promo codes) and reads its errors.
  test("sees Transactions, Devices, their venue's Product and Venues tabs and Errors, and cannot reach super-admin screens", async () => {
    await freshPage();
    const dashboard = await loginAs(page, VENUE_ADMIN.email, VENUE_ADMIN.password);
    expect(await dashboard.tabNames()).toEqual([
      TABS.transactions,
      TABS.devices,
      TABS.productManagement,
      TABS.productDevManagement,
      TABS.venueManagement,
      TABS.errors,
    ]);
    expect((await storedSession(page))?.user.role).toBe('admin');
    await page.goto('/admin/create');
    await page.waitForURL('**/admin/dashboard');
    await dashboard.open('?tab=admins');
    expect(await dashboard.activeTab()).toBe('transactions');
    await dashboard.open('?tab=venues');
    expect(await dashboard.activeTab()).toBe('venueManagement');
    await dashboard.open('?tab=devices');
    expect(await dashboard.activeTab()).toBe('devices');
  });
});

test('a stored session the server no longer accepts is dropped on load', async () => {
  await freshPage();
  await page.goto('/admin/login');
  await page.evaluate(() =>
    localStorage.setItem(
      'adminUser',
      JSON.stringify({ token: 'revoked-or-made-up-token', user: { id: 1, email: 'ghost@courtreplay.test', role: 'super_admin' } }),
    ),
  );
  await page.goto('/admin/dashboard');
  await page.waitForURL('**/admin/login');
  await new AdminLoginPage(page).title().waitFor();
  expect(await storedSession(page)).toBeNull();
});

test('a session that ends while the dashboard is open (expired, logged out elsewhere) goes to /admin/login, then back', async () => {
  await freshPage();
  const dashboard = await loginAs(page, VENUE_ADMIN.email, VENUE_ADMIN.password);
  const token = (await storedSession(page))!.token;
  const logout = await fetch(`${server.url}/api/admin/logout`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
  expect(logout.status).toBe(200);
  // The next call the dashboard makes is refused: the tab does not sit there failing.
  await dashboard.openTab('devices');
  await page.waitForURL('**/admin/login');
  expect(await storedSession(page)).toBeNull();
  await new AdminLoginPage(page).title().waitFor();
  await loginAs(page, VENUE_ADMIN.email, VENUE_ADMIN.password);
  expect(path()).toBe('/admin/dashboard');
});
