// Devices tab: this browser's id, the mismatch warning with Reset and Sync, registering this very
// device (venue required, court optional), the venue filter, authorisation and the confirmed delete.
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DEVICE_MESSAGES, MESSAGES } from '@courtreplay/shared';
import { newKioskContext, SUPER_ADMIN, useRig } from './support/index.ts';
import type { AdminDashboardPage } from './pages/admin-dashboard-page.ts';
import { AdminDevicesTab } from './pages/admin-devices-tab.ts';
import { loginAs } from './pages/admin-session.ts';
import { useDeviceId } from './support/kiosk-setup.ts';

const T = MESSAGES.devices;

const { server, browser, admin: api } = useRig({ admin: true });
let page: Page;
let dashboard: AdminDashboardPage;
let devices: AdminDevicesTab;
const OTHER_KIOSK = 'otherkiosk0000000000-1234';
const VENUE_ADMIN = { email: 'satu.admin@courtreplay.test', password: 'satu-admin-pass-1' };

beforeAll(async () => {
  const { venue } = await api.call('createVenue', { body: { name: 'Arena Satu', location: 'Jakarta' } });
  await api.call('createField', { body: { name: 'Court A', venueId: venue.id } });
  const { venue: other } = await api.call('createVenue', { body: { name: 'Arena Dua', location: 'Bandung' } });
  await api.call('registerDevice', { body: { deviceId: OTHER_KIOSK, venueId: other.id } });
  await api.call('createAdmin', { body: { ...VENUE_ADMIN, role: 'admin', venueId: venue.id } });
  const context = await newKioskContext(browser, server.url, { viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  dashboard = await loginAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await dashboard.openTab('devices');
  devices = new AdminDevicesTab(page);
});

const stored = () => api.call('listDevices', {});

test('shows this browser id, the same one the kiosk stores, and no mismatch warning', async () => {
  const id = await devices.waitForId();
  expect(id).toMatch(/^[0-9a-f]{16}-[0-9a-f]{16}$/);
  expect(await page.evaluate(() => localStorage.getItem('deviceId'))).toBe(id);
  expect(await devices.mismatchWarning().count()).toBe(0);
  expect(await devices.headers()).toEqual([...T.columns]);
  // One word for a player's court across the back-office.
  expect(await devices.headers()).toContain('Court');
  expect(await devices.headers()).not.toContain('Field');
  await devices.registerForm().getByLabel('Court (optional)').waitFor();
});

test('registration needs a venue, then registers this device with its court and marks it', async () => {
  const id = await devices.waitForId();
  await devices.register();
  await devices.registerForm().getByText(T.venueRequired).waitFor();
  expect((await stored()).map((d) => d.deviceId)).toEqual([OTHER_KIOSK]);

  await devices.register('Arena Satu', 'Court A');
  await devices.row(id).waitFor();
  await devices.row(id).getByText(T.currentDevice).waitFor();
  const mine = (await stored()).find((d) => d.deviceId === id);
  expect(mine).toMatchObject({ venueName: 'Arena Satu', fieldName: 'Court A' });
  expect(await devices.row(OTHER_KIOSK).getByText(T.currentDevice).count()).toBe(0);
});

test('the venue filter narrows the table; All Venues shows every device', async () => {
  const id = await devices.waitForId();
  await devices.venueFilter().selectOption({ label: 'Arena Dua' });
  expect(await devices.rows().count()).toBe(1);
  await devices.row(OTHER_KIOSK).waitFor();
  await devices.venueFilter().selectOption({ label: T.allVenues });
  await devices.row(id).waitFor();
  expect(await devices.rows().count()).toBe(2);
});

test('Authorize and Deauthorize flip the status on the server', async () => {
  await devices.row(OTHER_KIOSK).waitFor();
  const before = (await stored()).find((d) => d.deviceId === OTHER_KIOSK)!.isAuthorized;
  await devices.toggleAuthorization(OTHER_KIOSK);
  const label = before ? T.unauthorized : T.authorized;
  await devices.row(OTHER_KIOSK).getByText(label, { exact: true }).waitFor();
  expect((await stored()).find((d) => d.deviceId === OTHER_KIOSK)!.isAuthorized).toBe(!before);
  await devices.toggleAuthorization(OTHER_KIOSK);
  await devices
    .row(OTHER_KIOSK)
    .getByText(before ? T.authorized : T.unauthorized, { exact: true })
    .waitFor();
  expect((await stored()).find((d) => d.deviceId === OTHER_KIOSK)!.isAuthorized).toBe(before);
});

test('a device removed elsewhere gives the server message; the next action that succeeds clears it', async () => {
  const ghost = 'ghostkiosk0000000000-5678';
  const { venueId } = (await stored()).find((d) => d.deviceId === OTHER_KIOSK)!;
  await api.call('registerDevice', { body: { deviceId: ghost, venueId } });
  await page.reload();
  await dashboard.openTab('devices');
  await devices.row(ghost).waitFor();
  await api.call('deleteDevice', { params: { deviceId: ghost } });
  await devices.toggleAuthorization(ghost);
  const alert = page.getByRole('tabpanel').getByRole('alert');
  await alert.filter({ hasText: 'Device not found' }).waitFor();
  await devices.toggleAuthorization(OTHER_KIOSK);
  await alert.waitFor({ state: 'detached' });
  await devices.toggleAuthorization(OTHER_KIOSK);
  await page.reload();
  await dashboard.openTab('devices');
});

/** What OTHER_KIOSK's own browser shows at /staging (a fresh context: nothing cached). */
async function otherKioskStaging(): Promise<Page> {
  const context = await newKioskContext(browser, server.url);
  await useDeviceId(context, OTHER_KIOSK);
  const kiosk = await context.newPage();
  await kiosk.goto('/staging');
  return kiosk;
}

test('a super admin makes a device a test device and back; /staging sells only on a test device', async () => {
  await devices.row(OTHER_KIOSK).waitFor();
  expect(await devices.testDevice(OTHER_KIOSK).textContent()).toBe(T.no);
  const live = await otherKioskStaging();
  await live.getByTestId('not-test-device').getByText(MESSAGES.routing.notTestDevice).waitFor();
  expect(await live.getByRole('link', { name: MESSAGES.kioskHome.seeYour('CourtReplay') }).count()).toBe(0);
  await live.context().close();

  await devices.stagingToggle(OTHER_KIOSK).click();
  await devices.text(DEVICE_MESSAGES.madeTestDevice).waitFor();
  await devices.row(OTHER_KIOSK).getByTestId('test-device').getByText(T.yes, { exact: true }).waitFor();
  expect((await stored()).find((d) => d.deviceId === OTHER_KIOSK)!.staging).toBe(true);
  const test = await otherKioskStaging();
  await test.getByRole('link', { name: MESSAGES.kioskHome.seeYour('CourtReplay') }).waitFor();
  expect(await test.getByTestId('not-test-device').count()).toBe(0);
  await test.context().close();

  await devices.stagingToggle(OTHER_KIOSK).click();
  await devices.text(DEVICE_MESSAGES.madeLiveDevice).waitFor();
  await devices.row(OTHER_KIOSK).getByTestId('test-device').getByText(T.no, { exact: true }).waitFor();
  expect((await stored()).find((d) => d.deviceId === OTHER_KIOSK)!.staging).toBe(false);
});

test("the table fits a 1366 px screen with every row's actions in view, even with a 128-character device id", async () => {
  const longId = 'k'.repeat(120) + '-1234567';
  const { venue } = await api.call('createVenue', { body: { name: 'Arena Panjang', location: 'Bali' } });
  await api.call('registerDevice', { body: { deviceId: longId, venueId: venue.id } });
  await page.setViewportSize({ width: 1366, height: 768 });
  try {
    await page.reload();
    await dashboard.openTab('devices');
    await devices.row(longId).waitFor();
    const wrap = devices.row(longId).locator('xpath=ancestor::div[contains(@class, "table-wrap")]');
    expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    for (const row of await devices.rows().all()) {
      for (const name of [/^(Authorize|Deauthorize)$/, T.delete]) {
        const box = await row.getByRole('button', { name }).boundingBox();
        expect(box && box.x + box.width).toBeLessThanOrEqual(1366);
      }
    }
    // The cut id is still the row's id, whole on hover.
    expect(await devices.row(longId).locator('td.device-id .mono').getAttribute('title')).toBe(longId);
  } finally {
    await api.call('deleteDevice', { params: { deviceId: longId } });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    await dashboard.openTab('devices');
  }
});

test('Delete asks first, then removes; an empty list says No devices found', async () => {
  const id = await devices.waitForId();
  await devices.delete(OTHER_KIOSK);
  await devices.row(OTHER_KIOSK).waitFor({ state: 'detached' });
  await devices.delete(id);
  await devices.text(T.empty).waitFor();
  expect(await stored()).toEqual([]);
});

test('an id that no longer matches the fingerprint shows the warning; Reset and Sync makes a matching one', async () => {
  await page.evaluate(() => localStorage.setItem('deviceId', 'copiedfromanother-pc0000'));
  await dashboard.open('?tab=devices');
  await devices.mismatchWarning().waitFor();
  expect(await devices.currentId().textContent()).toBe('copiedfromanother-pc0000');
  await devices.resetAndSync().click();
  await devices.mismatchWarning().waitFor({ state: 'detached' });
  const id = await devices.waitForId();
  expect(id).not.toBe('copiedfromanother-pc0000');
  expect(await page.evaluate(() => localStorage.getItem('deviceId'))).toBe(id);
});

test('an admin registers this device at their own venue and sees only that venue’s devices', async () => {
  const context = await newKioskContext(browser, server.url, { viewport: { width: 1440, height: 900 } });
  const adminPage = await context.newPage();
  const adminDashboard = await loginAs(adminPage, VENUE_ADMIN.email, VENUE_ADMIN.password);
  await adminDashboard.openTab('devices');
  const own = new AdminDevicesTab(adminPage);
  const id = await own.waitForId();
  await own.text(T.empty).waitFor();
  // The admin's venue is chosen for them once the venue list arrives.
  await expect.poll(() => own.registerForm().getByLabel('Venue *').inputValue()).not.toBe('');
  await own.register();
  await own.row(id).waitFor();
  expect((await stored()).find((d) => d.deviceId === id)).toMatchObject({ venueName: 'Arena Satu' });
  const arenaDua = (await api.call('listVenues', {})).find((v) => v.name === 'Arena Dua')!;
  await api.call('registerDevice', { body: { deviceId: OTHER_KIOSK, venueId: arenaDua.id } });
  await adminDashboard.open('?tab=devices');
  await own.row(id).waitFor();
  expect(await own.rows().count()).toBe(1);
  // Test devices are a super admin's call: the column shows, the toggle does not.
  expect(await own.testDevice(id).textContent()).toBe(T.no);
  expect(await own.stagingToggle(id).count()).toBe(0);
  await context.close();
});
