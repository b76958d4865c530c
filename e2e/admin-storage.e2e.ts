// Storage Quota tab: the bar and figures from the real storage adapter, Refresh, the cached
// last-updated time, and the two clean-ups, each confirmed first.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { bytesToMB, formatSize, MESSAGES, quotaColour, quotaPercentUsed } from '@courtreplay/shared';
import { clipBytes, newKioskContext, SUPER_ADMIN, useRig } from './support/index.ts';
import type { AdminDashboardPage } from './pages/admin-dashboard-page.ts';
import { loginAs } from './pages/admin-session.ts';
import { AdminStorageTab } from './pages/admin-storage-tab.ts';

const T = MESSAGES.storage;

const { server, browser, admin: api } = useRig({ admin: true });
let page: Page;
let dashboard: AdminDashboardPage;
let storage: AdminStorageTab;

type Quota = { quota: { limit: number; usage: number } };

/** Uploads one clip into a new drive folder, the way the kiosk does (resumable PUT). */
async function storeClip(name: string) {
  const bytes = clipBytes({ format: 'mp4' });
  const { folderId } = await api.call('createFolder', { body: { folderName: `videos_test_${name}` } });
  const { uploadUrl } = await api.call('getSignedUrl', { body: { filename: name, mimeType: 'video/mp4', size: bytes.length, folderId } });
  const res = await fetch(uploadUrl, {
    method: 'PUT',
    headers: { 'Content-Type': 'video/mp4', 'Content-Range': `bytes 0-${bytes.length - 1}/${bytes.length}` },
    body: new Uint8Array(bytes),
  });
  if (!res.ok) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
}

beforeAll(async () => {
  await storeClip('rally.mp4');
  await storeClip('smash.mp4');
  const context = await newKioskContext(browser, server.url, { viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  dashboard = await loginAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await dashboard.openTab('storageQuota');
  storage = new AdminStorageTab(page);
});

test('shows the quota in MB (by 1048576) with the bar coloured by the share used', async () => {
  await storage.bar().waitFor();
  // The local adapter's limit follows the disk's free space, so compare with the answer shown.
  const answered = page.waitForResponse('**/api/google-drive/storage-quota');
  await storage.refresh().click();
  const { quota } = (await (await answered).json()) as Quota;
  await page.waitForFunction(() => !document.querySelector('[role=tabpanel] button[disabled]'));
  const percent = Math.round(quotaPercentUsed(quota.usage, quota.limit) * 10) / 10;
  expect(await storage.percent().textContent()).toBe(`${percent}%`);
  expect(await storage.summary().textContent()).toContain(`${bytesToMB(quota.usage)} MB of ${bytesToMB(quota.limit)} MB`);
  expect(await storage.bar().getAttribute('data-colour')).toBe(quotaColour(percent));
});

test('Refresh fetches again and the last update is kept in the browser for the next visit', async () => {
  const cached = async () =>
    page.evaluate(() => JSON.parse(localStorage.getItem('storageQuota') ?? 'null') as { lastUpdated: string } | null);
  // The stored answer made older (rather than waiting for the clock to move on): Refresh replaces it.
  const old = new Date(Date.parse((await cached())!.lastUpdated) - 60_000).toISOString();
  await page.evaluate((lastUpdated) => {
    const stored = JSON.parse(localStorage.getItem('storageQuota')!) as Record<string, unknown>;
    localStorage.setItem('storageQuota', JSON.stringify({ ...stored, lastUpdated }));
  }, old);
  const refreshed = page.waitForResponse('**/api/google-drive/storage-quota');
  await storage.refresh().click();
  await refreshed;
  await expect.poll(async () => Date.parse((await cached())!.lastUpdated)).toBeGreaterThan(Date.parse(old));

  // Shown from the cache on the next visit while the server has not answered: its answer is held
  // until the bar shows, so the bar cannot come from it.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/google-drive/storage-quota', async (route) => {
    await held;
    await route.continue();
  });
  const asked = page.waitForRequest('**/api/google-drive/storage-quota');
  await dashboard.open();
  await dashboard.openTab('storageQuota');
  await storage.bar().waitFor();
  await asked;
  answer();
  // Waits for the held answer to be let through: removed under it, its late continue() would fail.
  await page.unrouteAll({ behavior: 'wait' });
});

/** Makes one stored folder look three days old, the way a folder from earlier in the week would be. */
function ageOneFolder(): string {
  const drive = join(server.dataDir, 'drive');
  const folder = readdirSync(drive).find((name) => existsSync(join(drive, name, '.folder.json')))!;
  const record = join(drive, folder, '.folder.json');
  const meta = JSON.parse(readFileSync(record, 'utf8')) as { createdAt: string };
  meta.createdAt = new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString();
  writeFileSync(record, JSON.stringify(meta));
  return folder;
}

test('Delete Files > 2 Days says so when every file is fresh, and deletes nothing', async () => {
  expect(await storage.cleanNothing('deleteOld')).toBe(T.nothingOld);
  expect(server.storedFiles().filter((f) => f.endsWith('.mp4'))).toHaveLength(2);
});

test('Delete Files > 2 Days counts the old files first; No keeps them, Yes deletes only those', async () => {
  const old = ageOneFolder();
  const size = formatSize(clipBytes({ format: 'mp4' }).length);
  expect(await storage.clean('deleteOld', false)).toBe(T.confirmDeleteOld(1, size));
  expect(server.storedFiles().filter((f) => f.endsWith('.mp4'))).toHaveLength(2);

  expect(await storage.clean('deleteOld', true)).toBe(T.confirmDeleteOld(1, size));
  await storage.text('1 file deleted').waitFor();
  const left = server.storedFiles().filter((f) => f.endsWith('.mp4'));
  expect(left).toHaveLength(1);
  expect(left.some((f) => f.includes(old))).toBe(false);
});

test('Empty Drive counts everything and deletes only once DELETE is typed', async () => {
  await storeClip('volley.mp4');
  const size = formatSize(2 * clipBytes({ format: 'mp4' }).length);
  expect(await storage.clean('emptyDrive', false)).toBe(T.confirmEmpty(2, size));
  expect(server.storedFiles().filter((f) => f.endsWith('.mp4'))).toHaveLength(2);
  await storage.clean('emptyDrive', true);
  await storage.text('2 files deleted').waitFor();
  expect(server.storedFiles().filter((f) => f.endsWith('.mp4'))).toEqual([]);
  expect(await storage.cleanNothing('emptyDrive')).toBe(T.nothingStored);
});
