// A fresh install greets the super admin with what is left to set up before a kiosk can sell, ticks
// each step as it is done, leads to the tab for each, and goes away once everything is ready.
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@courtreplay/shared';
import { newKioskContext, SUPER_ADMIN, useRig } from './support/index.ts';
import type { AdminDashboardPage } from './pages/admin-dashboard-page.ts';
import { loginAs } from './pages/admin-session.ts';
import { AdminSetupChecklist } from './pages/admin-setup-checklist.ts';

const { server, browser, admin: api } = useRig({ admin: true });
let page: Page;
let dashboard: AdminDashboardPage;
let checklist: AdminSetupChecklist;

beforeAll(async () => {
  const context = await newKioskContext(browser, server.url, { viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  dashboard = await loginAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  checklist = new AdminSetupChecklist(page);
});

test('a fresh install shows every step left to do, and each step opens its tab', async () => {
  await checklist.section().waitFor();
  expect(await checklist.ticked()).toEqual({ venue: false, court: false, price: false, kiosk: false, integrations: false });
  expect(await checklist.progress().textContent()).toContain(MESSAGES.setup.progress(0, 5));
  await checklist.open('kiosk');
  expect(await dashboard.activeTab()).toBe('devices');
  await dashboard.openTab('transactions');
  await checklist.open('price');
  expect(await dashboard.activeTab()).toBe('productManagement');
});

test('steps are ticked as they are done, and the list goes once everything is ready', async () => {
  const venue = (await api.call('createVenue', { body: { name: 'Arena', location: 'Jakarta' } })).venue.id;
  const fieldId = (await api.call('createField', { body: { name: 'Court 1', venueId: venue } })).field.id;
  await dashboard.openTab('transactions');
  await expect.poll(() => checklist.ticked()).toEqual({ venue: true, court: true, price: false, kiosk: false, integrations: false });
  expect(await checklist.progress().textContent()).toContain(MESSAGES.setup.progress(2, 5));

  await api.setConfig('DEFAULT_PRICE', '25000');
  await api.call('registerDevice', { body: { deviceId: 'setup-kiosk-0000001', venueId: venue, fieldId } });
  await api.call('authorizeDevice', { body: { deviceId: 'setup-kiosk-0000001', isAuthorized: true } });
  for (const kind of ['payments', 'storage', 'mail'] as const) await api.call('testIntegration', { params: { kind } });
  await dashboard.openTab('devices');
  await dashboard.openTab('transactions');
  // The filters render with the checklist: once they show, the list is either there or gone for good.
  await page.getByLabel(MESSAGES.adminScreens.transactions.searchByEmail).waitFor();
  await expect.poll(() => checklist.section().count()).toBe(0);
});
