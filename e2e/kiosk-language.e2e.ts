// Bahasa Indonesia and English on the kiosk, against the built PWA and the real
// server: the EN | ID switch on each screen rewords every label (no English catalogue text left),
// switching back restores the spec's English, and a venue whose language is 'id' starts its kiosk
// in Indonesian and goes back to it at home.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES, MESSAGES_EN, MESSAGES_ID, PRODUCT_NAME_DEFAULT, type KioskLanguage } from '@courtreplay/shared';
import { feedFolder, installFolderPicker, makeClip, newKioskContext, useRig } from './support/index.ts';
import { seedKiosk, setPricing, useDeviceId } from './support/kiosk-setup.ts';

const { server, browser } = useRig();

const VIEWPORTS = [
  { width: 1080, height: 1920 },
  { width: 1366, height: 768 },
];

// Words Indonesian uses as they are (the unit test's allow-list).
const SAME_IN_BOTH = new Set(['Admin', 'Email', 'Subtotal']);

/** Stands in for a parameter, to cut a worded function into its fixed pieces. */
const HOLE = '\u0001';

/**
 * The English catalogue as matchers: fixed texts must not be any text on screen; a worded
 * function's fixed start (or end) must not begin (or end) one.
 */
function englishMatchers(): { texts: Set<string>; starts: string[]; ends: string[] } {
  const texts = new Set<string>();
  const starts: string[] = [];
  const ends: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      if (!value.includes(HOLE)) {
        if (!SAME_IN_BOTH.has(value)) texts.add(value);
        return;
      }
      const pieces = value.split(HOLE);
      const [first, last] = [pieces[0]!.trim(), pieces.at(-1)!.trim()];
      if (first.length >= 4) starts.push(first);
      if (last.length >= 4) ends.push(last);
    } else if (typeof value === 'function') walk((value as (...a: string[]) => unknown)(HOLE, HOLE, HOLE));
    else if (typeof value === 'object' && value !== null) for (const v of Object.values(value)) walk(v);
  };
  walk(MESSAGES_EN);
  return { texts, starts, ends };
}
const ENGLISH = englishMatchers();

/** Every visible text on the page, one entry per text node. */
const visibleTexts = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      // The product's name (Court<strong>Replay</strong>) is a brand, the same in every language.
      if (node.parentElement?.closest('.logo-text')) continue;
      if (text && node.parentElement?.checkVisibility()) out.push(text);
    }
    return out;
  });

/** The English catalogue texts still on screen. */
async function englishLeft(page: Page): Promise<string[]> {
  return (await visibleTexts(page)).filter(
    (t) => ENGLISH.texts.has(t) || ENGLISH.starts.some((s) => t.startsWith(s)) || ENGLISH.ends.some((e) => t.endsWith(e)),
  );
}

async function switchTo(page: Page, language: KioskLanguage) {
  await page.getByTestId('language-switch').locator(`button[data-language="${language}"]`).click();
  await page.waitForFunction((l) => document.documentElement.lang === l, language);
}

/**
 * On the current screen: Indonesian leaves no English catalogue text and shows `indonesian`;
 * English shows the spec's `english` again; the screen is left in Indonesian.
 */
async function checkScreen(page: Page, screen: string, english: string, indonesian: string) {
  await switchTo(page, 'id');
  await page.getByText(indonesian, { exact: true }).first().waitFor();
  expect(await englishLeft(page), screen).toEqual([]);
  await switchTo(page, 'en');
  await page.getByText(english, { exact: true }).first().waitFor();
  expect(await page.getByText(indonesian, { exact: true }).count(), screen).toBe(0);
  await switchTo(page, 'id');
}

describe.each(VIEWPORTS)('the kiosk in two languages at $width x $height', (viewport) => {
  it('switching to Indonesian rewords every label of home, folder, selection, checkout and completion; switching back restores English', async () => {
    const seed = await seedKiosk(server);
    await setPricing(seed.admin, { price: 0, gateway: false });
    const context = await newKioskContext(browser, server.url, { viewport });
    await useDeviceId(context, seed.deviceId);
    await installFolderPicker(context);
    const page = await context.newPage();
    await page.goto('/box');
    await feedFolder(page, [
      { name: 'smash_1.mp4', path: makeClip({ format: 'mp4' }) },
      { name: 'rally-2.webm', path: makeClip({ format: 'webm' }) },
    ]);

    // A touch target each, in reach at the top of the screen.
    for (const box of await Promise.all(
      (await page.getByTestId('language-switch').getByRole('button').all()).map((b) => b.boundingBox()),
    )) {
      expect(box!.width).toBeGreaterThanOrEqual(48);
      expect(box!.height).toBeGreaterThanOrEqual(48);
      expect(box!.y + box!.height).toBeLessThan(viewport.height / 4);
    }

    await checkScreen(page, 'home', MESSAGES.kioskHome.seeYour(PRODUCT_NAME_DEFAULT), MESSAGES_ID.kioskHome.seeYour(PRODUCT_NAME_DEFAULT));

    await page.getByRole('link', { name: MESSAGES_ID.kioskHome.seeYour(PRODUCT_NAME_DEFAULT) }).click();
    await checkScreen(page, 'folder', MESSAGES.folder.browseVideos, MESSAGES_ID.folder.browseVideos);

    await page.getByRole('button', { name: MESSAGES_ID.folder.browseVideos }).click();
    await page.getByTestId('pagination-info').waitFor({ timeout: 25_000 });
    await page.getByTestId('video-card').first().locator('.video-card-select').click();
    await checkScreen(page, 'selection', MESSAGES.selection.recentVideos, MESSAGES_ID.selection.recentVideos);
    expect(await page.getByText(MESSAGES_ID.selection.clearCart(1)).count()).toBe(1);
    // The question that guards the cart is asked in Indonesian too.
    await page.getByRole('button', { name: MESSAGES_ID.selection.clearCart(1) }).click();
    await page.getByText(MESSAGES_ID.guards.clearCartTitle(1), { exact: true }).waitFor();
    expect(await englishLeft(page), 'clear-cart question').toEqual([]);
    await page.getByRole('button', { name: MESSAGES_ID.guards.keepShopping }).click();

    await page.getByRole('button', { name: MESSAGES_ID.selection.checkout, exact: true }).click();
    await checkScreen(page, 'checkout', MESSAGES.checkout.payNow, MESSAGES_ID.checkout.payNow);

    // A refusal worded on the kiosk and one fixed text held in state are shown in Indonesian too.
    await page.getByRole('button', { name: MESSAGES_ID.checkout.payNow }).click();
    // Neither an address nor a WhatsApp number (the server sends on WhatsApp by default outside production).
    await page.getByText(MESSAGES_ID.checkout.contactRequired).waitFor();
    await page.locator('#checkout-email').fill('pemain@example.com');
    await page.getByRole('button', { name: MESSAGES_ID.checkout.payNow }).click();
    await page.getByTestId('purchase-completed').waitFor();
    await checkScreen(page, 'completion', MESSAGES.checkout.purchaseCompleted, MESSAGES_ID.checkout.purchaseCompleted);
    expect(await page.getByTestId('outcome-message').textContent()).toBe(MESSAGES_ID.checkout.gatewaySkipped);

    // Done (in Indonesian too) takes the kiosk home, back to the venue's English.
    await page.getByRole('button', { name: MESSAGES_ID.checkout.done, exact: true }).click();
    await page.getByRole('link', { name: MESSAGES.kioskHome.seeYour(PRODUCT_NAME_DEFAULT) }).waitFor();
    await context.close();
  });
});

// Which language a screen starts in depends on nothing of the screen's size: once, on the kiosk's portrait screen.
describe("the kiosk in the venue's language", () => {
  const viewport = VIEWPORTS[0]!;

  it("starts in the venue's language ('id'), grid prices, stopped, staging and payment screens too, and goes back to it at home", async () => {
    const seed = await seedKiosk(server);
    await seed.admin.call('updateVenue', { params: { id: seed.venueId }, body: { name: 'Arena Senayan', language: 'id' } });
    // Paid, so the grid shows its prices and the next tier's offer.
    await setPricing(seed.admin, { price: 15_000, gateway: true, tiers: [{ QUANTITY: 2, PRICE: 12_000, ENABLED: true }] });
    const context = await newKioskContext(browser, server.url, { viewport });
    await useDeviceId(context, seed.deviceId);
    await installFolderPicker(context);
    const page = await context.newPage();
    await page.goto('/box');
    await feedFolder(page, [
      { name: 'smash_1.mp4', path: makeClip({ format: 'mp4' }) },
      { name: 'rally-2.webm', path: makeClip({ format: 'webm' }) },
    ]);
    await page.getByRole('link', { name: MESSAGES_ID.kioskHome.seeYour(PRODUCT_NAME_DEFAULT) }).waitFor();
    expect(await englishLeft(page)).toEqual([]);

    // A player picks English, then the kiosk goes home: Indonesian again.
    await page.getByRole('link', { name: MESSAGES_ID.kioskHome.seeYour(PRODUCT_NAME_DEFAULT) }).click();
    await switchTo(page, 'en');
    await page.getByRole('button', { name: MESSAGES.folder.browseVideos }).waitFor();
    await page.getByRole('button', { name: MESSAGES.folder.home, exact: true }).click();
    await page.getByRole('link', { name: MESSAGES_ID.kioskHome.seeYour(PRODUCT_NAME_DEFAULT) }).waitFor();

    // The grid's prices and tier offer are worded in Indonesian too (amounts as in English).
    await page.getByRole('link', { name: MESSAGES_ID.kioskHome.seeYour(PRODUCT_NAME_DEFAULT) }).click();
    await page.getByRole('button', { name: MESSAGES_ID.folder.browseVideos }).click();
    await page.getByTestId('pagination-info').waitFor({ timeout: 25_000 });
    await page.getByTestId('video-card').first().locator('.video-card-select').click();
    await page.getByText(MESSAGES_ID.selection.bundleOffer(1, 'Rp 12.000', 'Rp 6.000'), { exact: true }).waitFor();
    expect(await englishLeft(page)).toEqual([]);

    // Deauthorised while open: the screen that stops selling says so in Indonesian.
    await seed.admin.call('authorizeDevice', { body: { deviceId: seed.deviceId, isAuthorized: false } });
    await page.getByTestId('device-stopped').getByText(MESSAGES_ID.routing.deviceStopped, { exact: true }).waitFor();
    expect(await englishLeft(page), 'device stopped').toEqual([]);

    // The staging kiosk's refusal on a live device, and a payment result page, in the venue's language too.
    await page.goto('/staging');
    await page.getByText(MESSAGES_ID.routing.notTestDevice, { exact: true }).waitFor();
    expect(await englishLeft(page)).toEqual([]);
    await page.goto('/payment/failure?order_id=TX-1&error_code=202&error_message=Declined');
    await page.getByRole('heading', { name: MESSAGES_ID.paymentFailure.title }).waitFor();
    expect(await englishLeft(page)).toEqual([]);
    await context.close();
  });
});
