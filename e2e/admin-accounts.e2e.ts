// Accounts: an admin changes their own password and logs in with it; a reset
// admin must choose their own password before the dashboard opens; a super admin sees the audit
// entry of a price change in the Admins tab.
import { expect, test } from 'vitest';
import { ADMIN_MESSAGES, MESSAGES } from '@courtreplay/shared';
import { newKioskContext, SUPER_ADMIN, useRig } from './support/index.ts';
import { AdminAccountMenu, AdminAuditLog } from './pages/admin-account.ts';
import { loginAs } from './pages/admin-session.ts';

const { server, browser, admin: api } = useRig({ admin: true });

test('an admin changes their own password, then logs in with the new one', async () => {
  const { venue } = await api.call('createVenue', { body: { name: 'Arena Akun', location: 'Jakarta' } });
  await api.call('createAdmin', {
    body: { email: 'venue.admin@courtreplay.test', password: 'first-password-1', role: 'admin', venueId: venue.id },
  });
  const context = await newKioskContext(browser, server.url, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await loginAs(page, 'venue.admin@courtreplay.test', 'first-password-1');
  const account = new AdminAccountMenu(page);
  await account.changePassword('first-password-1', 'second-password-2');
  await account.notice(ADMIN_MESSAGES.passwordChanged).waitFor();
  await page.getByRole('button', { name: MESSAGES.dashboard.logout }).click();
  await page.waitForURL('**/admin/login');
  const dashboard = await loginAs(page, 'venue.admin@courtreplay.test', 'second-password-2');
  expect(await dashboard.title().isVisible()).toBe(true);
  await context.close();
});

test('after a reset the one-time password opens only "Choose your own password"; once changed, the dashboard', async () => {
  const { venue } = await api.call('createVenue', { body: { name: 'Arena Reset', location: 'Bandung' } });
  const { admin } = await api.call('createAdmin', {
    body: { email: 'reset.admin@courtreplay.test', password: 'forgotten-password-1', role: 'admin', venueId: venue.id },
  });
  const { password } = await api.call('resetAdminPassword', { params: { id: admin.id } });
  const context = await newKioskContext(browser, server.url, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const dashboard = await loginAs(page, 'reset.admin@courtreplay.test', password);
  await page.getByRole('heading', { name: MESSAGES.admins.chooseOwnPassword }).waitFor();
  expect(await page.getByRole('tab').count()).toBe(0);
  const form = page.getByRole('form', { name: MESSAGES.admins.changePassword });
  await form.getByLabel(MESSAGES.admins.currentPassword).fill(password);
  await form.getByLabel(MESSAGES.admins.newPassword).fill('my-own-password-3');
  await form.getByRole('button', { name: MESSAGES.admins.savePassword }).click();
  await page.getByRole('tab', { name: MESSAGES.dashboard.tabs.transactions }).waitFor();
  expect(await dashboard.title().isVisible()).toBe(true);
  // The new password is the one that works from now on.
  await page.getByRole('button', { name: MESSAGES.dashboard.logout }).click();
  await page.waitForURL('**/admin/login');
  await loginAs(page, 'reset.admin@courtreplay.test', 'my-own-password-3');
  await page.getByRole('tab', { name: MESSAGES.dashboard.tabs.transactions }).waitFor();
  await context.close();
});

test('a super admin sees the audit entry after changing a price, naming the venue or all venues', async () => {
  await api.setConfig('DEFAULT_PRICE', '45678');
  const venueId = (await api.call('listVenues', {})).find((v) => v.name === 'Arena Akun')!.id;
  await api.call('updateConfig', { body: { key: 'DEFAULT_PRICE', value: '31000', venueId } });
  const context = await newKioskContext(browser, server.url, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const dashboard = await loginAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await dashboard.openTab('admins');
  const entry = new AdminAuditLog(page).entry('config.update');
  await entry.first().waitFor();
  const text = await entry.first().textContent();
  expect(text).toContain(SUPER_ADMIN.email);
  // A sentence, not JSON.
  expect(text).toMatch(/^Price \(Arena Akun\): .+ → Rp 31\.000, by /);
  expect(await entry.nth(1).textContent()).toMatch(/^Price \(all venues\): .+ → Rp 45\.678, by /);
  await context.close();
});
