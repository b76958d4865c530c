// The player's phone page in a real Chromium at a phone's size: the clips play inline, each Download
// gives the uploaded bytes, and a clip still uploading when the page opened appears without a reload.
import { readFileSync } from 'node:fs';
import { beforeAll, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { clipBytes, KioskApi, newKioskContext, simulatePayment, useRig } from './support/index.ts';
import { PhonePage } from './pages/phone-page.ts';

const KIOSK = 'phone-page-kiosk-0001';
const { server, browser, admin: api } = useRig({ admin: true });
let context: BrowserContext;
let page: Page;
let phone: PhonePage;
let purchase: { id: string; phoneUrl: string; folderId: string };
const clip = clipBytes({ format: 'mp4' });

let kiosk: KioskApi;

/** Uploads one clip into the purchase's folder through a signed upload URL, as the kiosk does. */
async function uploadClip(name: string) {
  const { uploadUrl } = await kiosk.call('getSignedUrl', {
    body: { filename: name, mimeType: 'video/mp4', size: clip.length, folderId: purchase.folderId },
  });
  const res = await fetch(uploadUrl, {
    method: 'PUT',
    headers: { 'Content-Type': 'video/mp4', 'Content-Range': `bytes 0-${clip.length - 1}/${clip.length}` },
    body: new Uint8Array(clip),
  });
  if (!res.ok) throw new Error(`upload failed: ${res.status}`);
}

beforeAll(async () => {
  const venueId = (await api.call('createVenue', { body: { name: 'Arena Senayan', location: 'Jakarta' } })).venue.id;
  const fieldId = (await api.call('createField', { body: { name: 'Court 1', venueId } })).field.id;
  await api.call('registerDevice', { body: { deviceId: KIOSK, venueId, fieldId } });
  await api.call('authorizeDevice', { body: { deviceId: KIOSK, isAuthorized: true } });

  kiosk = new KioskApi(server, KIOSK);
  const made = await kiosk.call('createPurchase', {
    body: { email: 'player@example.com', videoIds: ['a.mp4', 'b.mp4'], videoTitles: ['Smash', 'Volley'], totalAmount: 2000 },
  });
  await simulatePayment(server, made.payment!.token);
  const folder = await kiosk.saveFolderLink(made.transaction.id);
  purchase = { id: made.transaction.id, phoneUrl: made.phoneUrl!, folderId: folder.folderId };
  await uploadClip('smash.mp4');

  context = await newKioskContext(browser, server.url, {
    viewport: { width: 390, height: 844 },
    acceptDownloads: true,
    isMobile: true,
    hasTouch: true,
  });
  page = await context.newPage();
  phone = new PhonePage(page);
});

test('a clip still uploading when the page opened appears by itself, without a reload', async () => {
  await phone.open(purchase.phoneUrl);
  expect(await phone.videos().count()).toBe(1);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  await uploadClip('volley.mp4');
  await expect.poll(() => phone.videos().count(), { timeout: 15_000 }).toBe(2);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
});

test('each clip plays inline and each Download gives the uploaded bytes', async () => {
  expect(await phone.play(0)).toBeGreaterThan(0.3);
  for (const n of [0, 1]) {
    const downloading = page.waitForEvent('download');
    await phone.downloadButtons().nth(n).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^0[12]-(Smash|Volley)\.mp4$/);
    expect(readFileSync((await download.path())!).equals(clip)).toBe(true);
  }
  expect(await phone.whatsApp().getAttribute('href')).toBe(
    `https://wa.me/?text=${encodeURIComponent(`My clips from the court: ${purchase.phoneUrl}`)}`,
  );
  await page.screenshot({ path: 'tmp/phone-page.png' });
});
