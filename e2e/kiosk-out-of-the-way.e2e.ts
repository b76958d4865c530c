// On the built PWA: Select from the preview, and nothing in the player's way
// (the EN|ID switch under the preview, the status chip off the cards, checkout at 1366x768 with six
// clips, a restored folder that needs its permission again, a cancelled staff re-pick).
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator } from 'playwright-core';
import { MESSAGES } from '@courtreplay/shared';
import { makeClip, useRig } from './support/index.ts';
import { openKioskGrid } from './support/kiosk-setup.ts';
import { KioskCheckoutPage } from './pages/kiosk-checkout-page.ts';

const rig = useRig({ kiosk: { pricing: { price: 10_000, gateway: true } } });

const LANDSCAPE = { width: 1366, height: 768 };
const LANDSCAPE_CLIP = makeClip({ format: 'mp4', width: 320, height: 180 });

/** The kiosk on a 1366x768 screen, on the grid of `clips` landscape clips. */
const grid = (clips: number, options: { beforeLoad?: (context: BrowserContext) => Promise<void> } = {}) =>
  openKioskGrid(
    rig,
    Array.from({ length: clips }, (_, i) => ({ name: `rally_${i + 1}.mp4`, path: LANDSCAPE_CLIP })),
    { viewport: LANDSCAPE, ...options },
  );

const rect = (locator: Locator) => locator.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);

/** Whether the element drawn at `locator`'s centre is that element or inside it. */
const onTopAtItsCentre = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!top && el.contains(top);
  });

describe('the preview', () => {
  it('selects and removes the clip without closing, under its watermark, and covers the EN|ID switch', async () => {
    const { context, page } = await grid(2);
    const switcher = page.getByTestId('language-switch');
    expect(await onTopAtItsCentre(switcher)).toBe(true);
    await page.getByRole('button', { name: 'Play rally 1' }).click();
    const modal = page.getByTestId('player-modal');
    await modal.waitFor();
    expect(await onTopAtItsCentre(switcher)).toBe(false);
    await modal.getByRole('button', { name: MESSAGES.player.select, exact: true }).click();
    await modal.getByRole('button', { name: MESSAGES.player.remove, exact: true }).waitFor();
    expect(await modal.getByTestId('player-watermark').isVisible()).toBe(true);
    const card = page.getByTestId('video-card').filter({ hasText: 'rally 1' });
    expect(await card.getAttribute('class')).toContain('is-selected');
    await modal.getByRole('button', { name: MESSAGES.player.remove, exact: true }).click();
    await modal.getByRole('button', { name: MESSAGES.player.select, exact: true }).waitFor();
    expect(await card.getAttribute('class')).not.toContain('is-selected');
    await context.close();
  });
});

describe('nothing in the player’s way', () => {
  it('keeps the status chip inside the bottom bar’s free corner, off every card, however far the grid scrolls', async () => {
    const { context, page } = await grid(15);
    const chip = page.getByTestId('status-chip');
    const bar = page.locator('.bottombar');
    for (const y of [0, 300, 600, 100_000]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      const [c, b] = [await rect(chip), await rect(bar)];
      expect(c.top).toBeGreaterThanOrEqual(b.top);
      expect(c.bottom).toBeLessThanOrEqual(b.bottom);
      expect(c.left).toBeGreaterThanOrEqual(b.left);
      // Nothing of the bar's own content under it either.
      const overlapping = await bar.evaluate((el, chipRect) => {
        return [...el.querySelectorAll('button, .cart-summary')].some((child) => {
          const r = child.getBoundingClientRect();
          return r.left < chipRect.right && r.right > chipRect.left && r.top < chipRect.bottom && r.bottom > chipRect.top;
        });
      }, c);
      expect(overlapping).toBe(false);
    }
    await context.close();
  });

  it('shows Pay Now and at least 4 of 6 clips at once at 1366x768, landscape thumbnails in their shape', async () => {
    const { context, page, selection } = await grid(6);
    for (let i = 0; i < 6; i++) await selection.selectNth(i);
    await selection.checkoutButton().click();
    const checkout = new KioskCheckoutPage(page);
    await checkout.title().waitFor();
    await page.locator('.order-thumb img').first().waitFor();
    const pay = await rect(checkout.payNow());
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(pay.top).toBeGreaterThanOrEqual(0);
    expect(pay.bottom).toBeLessThanOrEqual(LANDSCAPE.height);
    const list = await rect(page.locator('.order-lines'));
    let whole = 0;
    for (const line of await checkout.lines().all()) {
      const r = await rect(line);
      if (r.top >= list.top && r.bottom <= Math.min(list.bottom, LANDSCAPE.height)) whole++;
    }
    expect(whole).toBeGreaterThanOrEqual(4);
    // A 16:9 clip's thumbnail is drawn whole at 16:9, not cropped to a portrait frame.
    const thumb = page.locator('.order-thumb img').first();
    const shown = await thumb.evaluate((img: HTMLImageElement) => {
      const r = img.getBoundingClientRect();
      const scale = Math.min(r.width / img.naturalWidth, r.height / img.naturalHeight);
      return { fit: getComputedStyle(img).objectFit, width: img.naturalWidth * scale, height: img.naturalHeight * scale, box: r.toJSON() };
    });
    expect(shown.fit).toBe('contain');
    expect(shown.width / shown.height).toBeCloseTo(16 / 9, 1);
    expect(shown.box.width / shown.box.height).toBeCloseTo(16 / 9, 1);
    await context.close();
  });

  it('never shows a player the folder panel once today’s folder was chosen: staff re-allow it behind the staff control', async () => {
    // Chrome asks again for a remembered folder after a restart: the stored handle answers 'prompt'
    // until a gesture grants it.
    const beforeLoad = async (context: BrowserContext) => {
      await context.addInitScript(() => {
        const proto = FileSystemHandle.prototype as unknown as Record<string, unknown>;
        let granted = sessionStorage.getItem('granted') === 'yes';
        proto.queryPermission = async () => (granted ? 'granted' : 'prompt');
        proto.requestPermission = async () => {
          granted = true;
          return 'granted';
        };
      });
    };
    const { context, page, selection } = await grid(2, { beforeLoad });
    // The browser restarts: same day, same stored folder, permission to be asked again.
    await page.goto('/box');
    await page.goto('/box/video-selection');
    const staff = page.getByTestId('needs-staff');
    await staff.getByText(MESSAGES.folder.help).waitFor();
    expect(await selection.browseButton().count()).toBe(0);
    await selection.longPressAdmin();
    await selection.waitForGrid();
    expect(await selection.cards().count()).toBe(2);
    await context.close();
  });

  it('leaves no error banner on the player’s grid when staff cancel a re-pick', async () => {
    const { context, page, selection } = await grid(2);
    await page.evaluate(() => {
      (window as unknown as { showDirectoryPicker: () => Promise<never> }).showDirectoryPicker = () =>
        Promise.reject(new DOMException('The user aborted a request.', 'AbortError'));
    });
    await selection.longPressAdmin();
    // The re-pick ran and was cancelled: the grid is as it was.
    await page.waitForFunction(() => !document.querySelector('.long-press[data-state="ready"]'));
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await selection.cards().count()).toBe(2);
    await context.close();
  });
});
