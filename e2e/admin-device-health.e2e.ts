// Kiosk health: the Devices tab shows a kiosk online while its page is open, with
// its version, screen and queue, lets an admin name it, and shows it offline once the page is closed.
// The server here calls a kiosk offline after 40 s of silence (KIOSK_OFFLINE_AFTER_SECONDS, the
// least it allows) and, once the kiosk's page is closed, its last beat is moved that far back in the
// database instead of the test sitting through the silence; the rule itself is tested with a frozen
// clock in sync-server/src/devices/health.test.ts. The tab's own 15 s refresh runs on its installed
// clock, moved on once the server's answer has changed, so the test does not also sit through that.
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@courtreplay/shared';
import { installFolderPicker, newKioskContext, SUPER_ADMIN, useRig } from './support/index.ts';
import { useDeviceId } from './support/kiosk-setup.ts';
import { AdminDevicesTab } from './pages/admin-devices-tab.ts';
import { loginAs } from './pages/admin-session.ts';
import { AdminDashboardPage } from './pages/admin-dashboard-page.ts';

const T = MESSAGES.devices;

const { server, browser, seed } = useRig({ env: { KIOSK_OFFLINE_AFTER_SECONDS: '40' }, kiosk: {} });
let admin: Page;
let devices: AdminDevicesTab;

beforeAll(async () => {
  const context = await newKioskContext(browser, server.url, { viewport: { width: 1440, height: 900 } });
  await context.clock.install();
  admin = await context.newPage();
  const dashboard = await loginAs(admin, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await dashboard.openTab('devices');
  devices = new AdminDevicesTab(admin);
});

/** How the server lists this kiosk now. */
const listed = async () => (await seed.admin.call('listDevices', {})).find((d) => d.deviceId === seed.deviceId);
/** The tab's next refresh, brought forward (the list refreshes every 15 s, pages/admin devices queries). */
const nextRefresh = () => admin.clock.fastForward(15_000);

const health = (online: boolean) => devices.row(seed.deviceId).locator(`[data-testid=device-health][data-online=${online}]`);

test('a kiosk shows online with its version and screen while its page is open, then offline once it is closed', async () => {
  await expect(health(false).textContent()).resolves.toContain(T.neverSeen);

  const kioskContext = await newKioskContext(browser, server.url, { viewport: { width: 1366, height: 768 } });
  await useDeviceId(kioskContext, seed.deviceId);
  await installFolderPicker(kioskContext);
  const kiosk = await kioskContext.newPage();
  await kiosk.goto(`${server.url}/box`);

  // The list follows by itself (no reload): the kiosk beats once its page is idle, the tab asks every
  // 15 s. Its first poll already makes it online; the heartbeat brings its screen and queue.
  await expect.poll(async () => (await listed())?.screen, { timeout: 30_000 }).toBe('home');
  await nextRefresh();
  await health(true).waitFor({ timeout: 30_000 });
  const shown = await health(true).textContent();
  expect(shown).toContain(T.online);
  expect(shown).toContain(T.screen('home'));
  expect(shown).toContain(T.queue(0, 0));
  const device = await listed();
  expect(device).toMatchObject({ deviceId: seed.deviceId, online: true, screen: 'home', queue: { purchases: 0, clips: 0 } });
  // The build's own version (package version and commit), not the unit tests' stand-in.
  expect(device?.appVersion).toMatch(/^\d+\.\d+\.\d+/);
  expect(shown).toContain(T.version(device!.appVersion!));

  await kioskContext.close();
  // The closed page beats no more: its last beat, as if the silence had lasted past the limit.
  await server.execute('update devices set "lastSeenAt" = ? where "deviceId" = ?', [
    new Date(Date.now() - 60_000).toISOString(),
    seed.deviceId,
  ]);
  await expect.poll(async () => (await listed())?.online).toBe(false);
  await nextRefresh();
  await health(false).waitFor({ timeout: 30_000 });
  expect(await health(false).textContent()).toContain(T.offline);
});

test('an admin names a kiosk in place; the name is kept', async () => {
  const input = devices.row(seed.deviceId).getByLabel(T.nameLabel(seed.deviceId));
  await input.fill('Court 1 kiosk');
  await devices.row(seed.deviceId).getByRole('button', { name: T.saveName }).click();
  await expect.poll(async () => (await listed())?.name).toBe('Court 1 kiosk');
  await admin.reload();
  await new AdminDashboardPage(admin).openTab('devices');
  await expect(devices.row(seed.deviceId).getByLabel(T.nameLabel(seed.deviceId)).inputValue()).resolves.toBe('Court 1 kiosk');
});
