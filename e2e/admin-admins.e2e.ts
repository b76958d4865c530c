// Admins tab and the Create Admin page: the list, every validation message, the super-admin
// note, success back to ?tab=admins and the confirmed delete.
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@courtreplay/shared';
import { newKioskContext, SUPER_ADMIN, useRig } from './support/index.ts';
import { AdminAdminsTab } from './pages/admin-admins-tab.ts';
import { AdminCreatePage } from './pages/admin-create-page.ts';
import type { AdminDashboardPage } from './pages/admin-dashboard-page.ts';
import { loginAs } from './pages/admin-session.ts';

const T = MESSAGES.createAdmin;

const { server, browser, admin: api } = useRig({ admin: true });
let page: Page;
let dashboard: AdminDashboardPage;
const admins = () => new AdminAdminsTab(page);

beforeAll(async () => {
  await api.call('createVenue', { body: { name: 'Arena Satu', location: 'Jakarta' } });
  const context = await newKioskContext(browser, server.url, { viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  dashboard = await loginAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
});

test('the Admins tab lists the super admin with its role and no venues', async () => {
  await dashboard.openTab('admins');
  expect(await admins().headers()).toEqual([...MESSAGES.admins.columns]);
  const cells = await admins().cells(SUPER_ADMIN.email);
  expect(cells[2]).toBe(T.roleSuperAdmin);
  expect(cells[4]).toBe(MESSAGES.admins.noVenuesAssigned);
});

test('Create Admin checks every rule before sending, and shows the note for super admins', async () => {
  await admins().createButton().click();
  await page.waitForURL('**/admin/create');
  const create = new AdminCreatePage(page);
  await create.submit().click();
  expect(await create.error().textContent()).toBe(T.credentialsRequired);

  await create.fill({ email: 'new.admin@courtreplay.test', password: 'long-enough-1' });
  await create.submit().click();
  expect(await create.error().textContent()).toBe(T.venueRequired);

  await create.fill({ email: 'new.admin@courtreplay.test', password: 'long-enough-1', confirm: 'different-1', venue: 'Arena Satu' });
  await create.submit().click();
  expect(await create.error().textContent()).toBe(T.passwordsMismatch);

  await create.role().selectOption({ label: T.roleSuperAdmin });
  await create.superAdminNote().waitFor();
  // The message answered the last press; changing a field clears it.
  expect(await create.error().count()).toBe(0);
  expect(await create.venue().count()).toBe(0);
  expect(await create.email().getAttribute('type')).toBe('email');

  const stored = await api.call('listAdmins', {});
  expect(stored.map((a) => a.email)).toEqual([SUPER_ADMIN.email]);
});

test('a created admin appears on the Admins tab with its venue; the server message shows on a duplicate', async () => {
  const create = new AdminCreatePage(page);
  await create.fill({ email: 'new.admin@courtreplay.test', password: 'long-enough-1', role: 'Admin', venue: 'Arena Satu' });
  await create.submit().click();
  await page.waitForURL('**/admin/dashboard?tab=admins');
  expect(await dashboard.activeTab()).toBe('admins');
  const cells = await admins().cells('new.admin@courtreplay.test');
  expect(cells[2]).toBe(T.roleAdmin);
  expect(cells[4]).toBe('Arena Satu');

  await page.goto('/admin/create');
  await create.fill({ email: 'new.admin@courtreplay.test', password: 'long-enough-1', role: 'Admin', venue: 'Arena Satu' });
  await create.submit().click();
  await create.error().waitFor();
  expect(await create.error().textContent()).not.toBe(T.createFailed);
  await create.back().click();
  await page.waitForURL('**/admin/dashboard');
});

test('deleting an admin asks Are you sure? and only Yes deletes', async () => {
  await dashboard.openTab('admins');
  // The logged-in account cannot delete itself (the server refuses): its Delete is disabled.
  expect(await admins().row(SUPER_ADMIN.email).getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
  expect(await admins().row('new.admin@courtreplay.test').getByRole('button', { name: 'Delete' }).isDisabled()).toBe(false);
  await admins().delete('new.admin@courtreplay.test', false);
  expect((await api.call('listAdmins', {})).length).toBe(2);
  // An admin deleted elsewhere meanwhile: the server's message; the next delete that succeeds clears it.
  const { admin: ghost } = await api.call('createAdmin', {
    body: { email: 'ghost.admin@courtreplay.test', password: 'long-enough-1', role: 'super_admin' },
  });
  await page.reload();
  await dashboard.openTab('admins');
  await admins().row(ghost.email).waitFor();
  await api.call('deleteAdmin', { params: { id: ghost.id } });
  await admins().delete(ghost.email, true);
  const alert = page.getByRole('tabpanel').getByRole('alert');
  await alert.waitFor();
  await admins().delete('new.admin@courtreplay.test', true);
  await admins().row('new.admin@courtreplay.test').waitFor({ state: 'detached' });
  await alert.waitFor({ state: 'detached' });
  expect((await api.call('listAdmins', {})).map((a) => a.email)).toEqual([SUPER_ADMIN.email]);
});
