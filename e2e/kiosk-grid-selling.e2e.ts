// On the selection grid, at the portrait kiosk screen (1080x1920) and a
// small landscape one (1366x768): prices and the bundle offer as the cart grows, thumbnails in the
// clip's shape and sharp at the device pixel ratio, a file that cannot be decoded marked and not
// selectable, and the last row of cards clear of the bottom bar.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { MESSAGES } from '@courtreplay/shared';
import { feedFolder, installFolderPicker, makeClip, newKioskContext, type FolderFile, useRig } from './support/index.ts';
import { setPricing, useDeviceId } from './support/kiosk-setup.ts';
import { skipLoadingScreens } from './support/loading-screen.ts';
import { KioskSelectionPage } from './pages/kiosk-selection-page.ts';

const M = MESSAGES.selection;
const SCREENS = [
  { name: 'portrait 1080x1920', viewport: { width: 1080, height: 1920 } },
  { name: 'landscape 1366x768', viewport: { width: 1366, height: 768 } },
] as const;

const { server, browser, seed } = useRig({ kiosk: {} });

async function openGrid(
  files: FolderFile[],
  { skipLoading = false, ...options }: { viewport: { width: number; height: number }; deviceScaleFactor?: number; skipLoading?: boolean },
): Promise<{ context: BrowserContext; page: Page; selection: KioskSelectionPage; configRead: Promise<unknown> }> {
  const context = await newKioskContext(browser, server.url, options);
  await useDeviceId(context, seed.deviceId);
  await installFolderPicker(context);
  // Only where the clips' details do not matter: the jump also times out their probes under way.
  if (skipLoading) await skipLoadingScreens(context);
  const page = await context.newPage();
  const configRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/config' && r.ok());
  await page.goto('/box');
  await feedFolder(page, files);
  await page.goto('/box/video-selection');
  const selection = new KioskSelectionPage(page);
  await selection.open();
  return { context, page, selection, configRead };
}

const rallies = (n: number): FolderFile[] => {
  const mp4 = makeClip({ format: 'mp4' });
  return Array.from({ length: n }, (_, i) => ({ name: `rally_${String(i + 1).padStart(2, '0')}.mp4`, path: mp4 }));
};

const text = (locator: Locator) => locator.textContent();

/** Waits until `locator` shows exactly `expected` (the grid re-renders as prices and probes arrive). */
async function shows(locator: Locator, expected: string) {
  await expect.poll(() => text(locator), { timeout: 10_000 }).toBe(expected);
}

describe('prices on the grid', () => {
  for (const screen of SCREENS) {
    it(`totals the cart with quote() and offers the next tier as the selection grows, ${screen.name}`, async () => {
      // A table the server accepts (more clips never cost less), so no card can
      // lower the total; 'saves Rp …' on a card is for a table stored before that rule (unit tests).
      await setPricing(seed.admin, {
        price: 10_000,
        gateway: true,
        tiers: [
          { QUANTITY: 2, PRICE: 9_000, ENABLED: true },
          { QUANTITY: 3, PRICE: 1_000, ENABLED: false },
          { QUANTITY: 4, PRICE: 8_000, ENABLED: true },
        ],
      });
      const { context, selection } = await openGrid(rallies(6), { viewport: screen.viewport, skipLoading: true });
      const total = selection.cartTotal();
      const offer = selection.cartOffer();
      const price = selection.cardPrice;

      await shows(total, M.total('Rp 0'));
      await shows(offer, 'Add 2 more: Rp 9.000 each, save Rp 2.000');
      await shows(price(0), '+Rp 10.000');

      await selection.selectNth(0);
      await shows(total, M.total('Rp 10.000'));
      await shows(offer, 'Add 1 more: Rp 9.000 each, save Rp 2.000');
      await shows(price(0), 'Rp 10.000');
      await shows(price(1), '+Rp 8.000');

      await selection.selectNth(1);
      await shows(total, M.total('Rp 18.000'));
      // Like with like: 4 at 8.000 against 4 at the 9.000 a clip costs now.
      await shows(offer, 'Add 2 more: Rp 8.000 each, save Rp 4.000');
      await shows(price(0), 'Rp 9.000');
      await shows(price(1), 'Rp 9.000');
      await shows(price(2), '+Rp 10.000');

      await selection.selectNth(2);
      await shows(total, M.total('Rp 28.000'));
      await shows(offer, 'Add 1 more: Rp 8.000 each, save Rp 4.000');
      await shows(price(2), 'Rp 10.000');
      await shows(price(3), '+Rp 4.000');

      await selection.selectNth(3);
      await shows(total, M.total('Rp 32.000'));
      await expect.poll(() => offer.count()).toBe(0);
      await shows(price(3), 'Rp 8.000');
      await shows(price(4), '+Rp 10.000');

      // Six in the cart: nothing more to add, so the unticked card shows no price.
      await selection.selectNth(4);
      await selection.selectNth(5);
      await shows(total, M.total('Rp 52.000'));
      await context.close();
    });
  }

  it('shows no prices when the gateway is off', async () => {
    // That a price of 0 hides them too is gridPrices' rule, proved in shared/src/bundle-offer.test.ts;
    // this proves the grid follows the server's answer.
    await setPricing(seed.admin, { price: 10_000, gateway: false });
    const { context, page, selection, configRead } = await openGrid(rallies(3), { viewport: SCREENS[1].viewport, skipLoading: true });
    await configRead;
    await selection.selectNth(0);
    await expect.poll(() => selection.clearCartButton().textContent()).toBe(M.clearCart(1));
    expect(await selection.cartSummary().count()).toBe(0);
    expect(await page.getByTestId('video-price').count()).toBe(0);
    await context.close();
    await setPricing(seed.admin, { price: 10_000, gateway: true });
  });
});

interface Measured {
  naturalWidth: number;
  naturalHeight: number;
  width: number;
  height: number;
}

const measure = (thumb: Locator): Promise<Measured> =>
  thumb.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const box = img.getBoundingClientRect();
    return { naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight, width: box.width, height: box.height };
  });

describe('thumbnails and undecodable clips', () => {
  const files = (): FolderFile[] => [
    { name: 'landscape_rally.mp4', path: makeClip({ format: 'mp4', width: 640, height: 360 }) },
    { name: 'portrait_rally.mp4', path: makeClip({ format: 'mp4', width: 360, height: 640 }) },
    // Random bytes named .mp4: a file the browser cannot decode.
    { name: 'broken_rally.mp4', bytes: randomBytes(64 * 1024) },
  ];

  // Each pixel density once and each screen once: the thumbnail's size follows the density, its
  // frame the screen, and neither depends on the other.
  for (const [screen, deviceScaleFactor] of [
    [SCREENS[0], 1],
    [SCREENS[1], 2],
  ] as const) {
    it(`draws 16:9 landscape and portrait-shaped thumbnails at ${deviceScaleFactor}x, and marks the broken file, ${screen.name}`, async () => {
      const { context, page, selection } = await openGrid(files(), { viewport: screen.viewport, deviceScaleFactor });

      const landscape = selection.card('landscape rally').getByTestId('video-thumbnail');
      await landscape.waitFor({ timeout: 30_000 });
      const l = await measure(landscape);
      expect(l.width / l.height).toBeCloseTo(16 / 9, 1);
      expect(l.naturalWidth / l.naturalHeight).toBeCloseTo(16 / 9, 1);
      expect(l.naturalWidth).toBeGreaterThanOrEqual(Math.ceil(l.width * deviceScaleFactor));

      const portrait = selection.card('portrait rally').getByTestId('video-thumbnail');
      await portrait.waitFor({ timeout: 30_000 });
      const p = await measure(portrait);
      expect(p.width / p.height).toBeCloseTo(9 / 16, 1);
      expect(p.naturalWidth / p.naturalHeight).toBeCloseTo(9 / 16, 1);
      expect(p.naturalWidth).toBeGreaterThanOrEqual(Math.ceil(p.width * deviceScaleFactor));
      // Whole in the same 16:9 frame as its neighbours, so the grid's rows stay even.
      const frame = (title: string) => selection.card(title).locator('.video-thumb').boundingBox();
      const [landscapeFrame, portraitFrame] = [(await frame('landscape rally'))!, (await frame('portrait rally'))!];
      expect(portraitFrame.height).toBeCloseTo(landscapeFrame.height, 0);
      expect(p.height).toBeCloseTo(portraitFrame.height, 0);

      const broken = selection.card('broken rally');
      await broken.getByTestId('video-undecodable').getByText(M.cannotPlay).waitFor({ timeout: 10_000 });
      expect(await broken.getByTestId('video-duration').count()).toBe(0);
      expect(await broken.getByRole('button', { name: 'Play broken rally' }).count()).toBe(0);
      const select = broken.getByRole('button', { name: 'Select broken rally' });
      expect(await select.isDisabled()).toBe(true);
      await select.click({ force: true });
      expect(await page.locator('.video-card.is-selected').count()).toBe(0);
      expect(await selection.clearCartButton().textContent()).toBe(M.clearCart(0));
      expect(await selection.checkoutButton().isDisabled()).toBe(true);
      await context.close();
    });
  }

  it('drops a broken clip from a restored cart', async () => {
    const context = await newKioskContext(browser, server.url, { viewport: SCREENS[1].viewport });
    await useDeviceId(context, seed.deviceId);
    await installFolderPicker(context);
    const page = await context.newPage();
    await page.goto('/box');
    await feedFolder(page, files());
    await page.goto('/box/video-selection');
    const selection = new KioskSelectionPage(page);
    await selection.open();
    const ids = await selection.cards().evaluateAll((cards) => cards.map((c) => c.getAttribute('data-video-id')));
    // Checkout and back keeps the cart in session storage: put every clip there, the broken one too.
    await page.evaluate((cart) => sessionStorage.setItem('kioskCart', JSON.stringify(cart)), ids);
    await page.reload();
    await selection.open();
    await selection.card('broken rally').getByText(M.cannotPlay).waitFor({ timeout: 10_000 });
    await expect.poll(() => selection.clearCartButton().textContent()).toBe(M.clearCart(2));
    expect(await selection.card('broken rally').getAttribute('class')).not.toContain('is-selected');
    await context.close();
  });
});

describe('the bottom bar', () => {
  for (const screen of SCREENS) {
    it(`never covers the last row's time and title once scrolled down, ${screen.name}`, async () => {
      await setPricing(seed.admin, { price: 17_000, gateway: true, tiers: [{ QUANTITY: 2, PRICE: 9_000, ENABLED: true }] });
      const { context, page, selection } = await openGrid(rallies(15), { viewport: screen.viewport });
      await selection.cartOffer().waitFor();
      await selection.selectNth(0);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const last = selection.cards().last();
      const barTop = (await page.locator('.bottombar').boundingBox())!.y;
      // The last card row's time and title, and the page's last line under the grid, all above the bar.
      for (const part of [last.getByTestId('video-time'), last.getByTestId('video-title'), selection.paginationInfo()]) {
        const box = (await part.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(barTop);
        expect(box.y).toBeGreaterThanOrEqual(0);
      }
      // The time reads large, the title keeps to two lines.
      const time = await last.getByTestId('video-time').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      expect(time).toBeGreaterThanOrEqual(32);
      expect(await last.getByTestId('video-time').textContent()).toMatch(/^\d{2}:\d{2}$/);
      await context.close();
    });
  }
});
