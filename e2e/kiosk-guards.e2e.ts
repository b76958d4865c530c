// The kiosk's guards against the built PWA and the real server: 'Still there?' before the
// inactivity rule goes home (a playing preview counts as activity), the watermark in full screen,
// and the staff controls kept out of players' way (long press, confirmations).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@courtreplay/shared';
import { feedFolder, makeClip, newKioskContext, useRig } from './support/index.ts';
import { seedKiosk, useDeviceId } from './support/kiosk-setup.ts';
import { SUPER_ADMIN } from './support/server.ts';
import { skipLoadingScreens } from './support/loading-screen.ts';
import { KioskSelectionPage } from './pages/kiosk-selection-page.ts';
import { AdminDevicesTab } from './pages/admin-devices-tab.ts';
import { adminPage } from './pages/admin-session.ts';

const { server, browser, seed } = useRig({ kiosk: {} });

const VIEWPORTS = [
  { name: '1080x1920', viewport: { width: 1080, height: 1920 } },
  { name: '1366x768', viewport: { width: 1366, height: 768 } },
] as const;

/**
 * A kiosk whose folder picker returns the OPFS folder and counts how often it was opened; its
 * clock moved past the loading screen unless the test times something itself (the clock, a held
 * press), where a jump could land in the middle of it.
 */
async function kiosk(
  viewport: { width: number; height: number } = { width: 1366, height: 768 },
  deviceId = seed.deviceId,
  { skipLoading = true } = {},
) {
  const context = await newKioskContext(browser, server.url, { viewport });
  await useDeviceId(context, deviceId);
  if (skipLoading) await skipLoadingScreens(context);
  await context.addInitScript(() => {
    const w = window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle>; pickerOpened: number };
    w.pickerOpened = 0;
    w.showDirectoryPicker = async () => {
      w.pickerOpened++;
      return (await navigator.storage.getDirectory()).getDirectoryHandle('clips', { create: true });
    };
  });
  const page = await context.newPage();
  return { context, page, selection: new KioskSelectionPage(page) };
}

const pickerOpened = (page: Page) => page.evaluate(() => (window as unknown as { pickerOpened: number }).pickerOpened);

async function openWithClips(page: Page, selection: KioskSelectionPage, files: { name: string; path: string }[]) {
  await page.goto('/box');
  await feedFolder(page, files);
  await page.goto('/box/video-selection');
  await selection.open();
}

const selectedCount = (page: Page) => page.locator('.video-card.is-selected').count();

describe('kiosk guards', () => {
  it("does not cut a playing 90 s preview at 60 s, asks 'Still there?' once it stops, and an answer keeps the cart", async () => {
    const { context, page, selection } = await kiosk(undefined, undefined, { skipLoading: false });
    const clip = makeClip({ format: 'mp4', seconds: 90, width: 320, height: 180 });
    await page.clock.install();
    await page.goto('/box');
    await feedFolder(page, [
      { name: 'long_rally.mp4', path: clip },
      { name: 'short_rally.mp4', path: makeClip({ format: 'mp4' }) },
    ]);
    await page.goto('/box/video-selection');
    await selection.browseButton().click();
    await selection.loadingScreen().waitFor();
    await page.clock.runFor(3_500);
    await selection.waitForGrid();
    await selection.select('short rally');
    expect(await selectedCount(page)).toBe(1);

    await page.getByRole('button', { name: 'Play long rally' }).click();
    const video = page.getByTestId('player-modal').locator('video');
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="player-modal"] video');
      return !!v && !v.paused && v.currentTime > 0;
    });
    await page.clock.runFor(75_000);
    expect(await selection.stillThere().count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/box/video-selection');
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);

    // The preview stops: the 60 s start from there.
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    await page.clock.runFor(59_000);
    expect(await selection.stillThere().count()).toBe(0);
    await page.clock.runFor(1_500);
    await selection.stillThere().waitFor();
    await selection.stillThere().getByText(MESSAGES.guards.stillThereCountdown(10)).waitFor();

    // Answered: same screen, same cart, and a fresh 60 s.
    await selection.stayButton().click();
    await selection.stillThere().waitFor({ state: 'detached' });
    await page.clock.runFor(30_000);
    expect(new URL(page.url()).pathname).toBe('/box/video-selection');
    expect(await selectedCount(page)).toBe(1);
    expect(await selection.clearCartButton().textContent()).toBe(MESSAGES.selection.clearCart(1));

    // Unanswered: home, and the cart goes as the spec says.
    await page.clock.runFor(31_000);
    await selection.stillThere().waitFor();
    await page.clock.runFor(10_500);
    await page.waitForURL('**/box');
    await context.close();
  });

  it('full screen is the player frame with its watermark, never the bare video', async () => {
    const { context, page, selection } = await kiosk({ width: 1366, height: 768 });
    await openWithClips(page, selection, [{ name: 'match_point.mp4', path: makeClip({ format: 'mp4' }) }]);
    await page.getByRole('button', { name: 'Play match point' }).click();
    const modal = page.getByTestId('player-modal');
    const video = modal.locator('video');
    // The video offers no full screen or picture-in-picture of its own.
    expect(await video.getAttribute('controlslist')).toContain('nofullscreen');
    expect(await video.evaluate((v: HTMLVideoElement) => v.disablePictureInPicture)).toBe(true);
    // A still frame, so the two screenshots below differ only by the watermark.
    await page.waitForFunction(
      () => (document.querySelector<HTMLVideoElement>('[data-testid="player-modal"] video')?.currentTime ?? 0) > 0.2,
    );
    await video.evaluate((v: HTMLVideoElement) => v.pause());

    await modal.getByRole('button', { name: MESSAGES.player.fullScreen }).click();
    await page.waitForFunction(() => document.fullscreenElement?.getAttribute('data-testid') === 'player-frame');
    await modal.getByRole('button', { name: MESSAGES.player.exitFullScreen }).waitFor();
    expect(await page.evaluate(() => !!document.fullscreenElement?.querySelector('[data-testid="player-watermark"]'))).toBe(true);

    const watermark = modal.getByTestId('player-watermark');
    const box = (await watermark.boundingBox())!;
    const frame = (await modal.getByTestId('player-frame').boundingBox())!;
    expect(frame.width).toBeGreaterThanOrEqual(1366 - 1);
    const clip = { x: box.x, y: box.y, width: box.width, height: box.height };
    const shown = await page.screenshot({ clip });
    await watermark.evaluate((el: HTMLElement) => (el.style.visibility = 'hidden'));
    const hidden = await page.screenshot({ clip });
    const changed = await differingPixels(page, shown, hidden);
    // The product mark covers a good part of its own box.
    expect(changed).toBeGreaterThan(0.05);

    await modal.getByRole('button', { name: MESSAGES.player.exitFullScreen }).click();
    await page.waitForFunction(() => document.fullscreenElement === null);
    await context.close();
  });

  for (const { name, viewport } of VIEWPORTS) {
    it(`at ${name}: Admin opens the folder picker only after a long press (pointer or held Enter), never on a tap`, async () => {
      const { context, page, selection } = await kiosk(viewport, undefined, { skipLoading: false });
      await openWithClips(page, selection, [{ name: 'one.mp4', path: makeClip({ format: 'mp4' }) }]);
      const before = await pickerOpened(page);

      await selection.adminButton().click();
      await page.getByText(MESSAGES.guards.holdForStaff).waitFor();
      expect(await pickerOpened(page)).toBe(before);
      expect(await selection.paginationInfo().isVisible()).toBe(true);

      await selection.longPressAdmin('pointer');
      await page.waitForFunction((n) => (window as unknown as { pickerOpened: number }).pickerOpened === n, before + 1);
      // The re-pick reads the folder again behind the loading screen, which replaces the grid and its
      // Admin button: the next hold starts on the grid that follows it, not on the one going away.
      await selection.loadingScreen().waitFor();
      await selection.waitForGrid();

      await selection.longPressAdmin('keyboard');
      await page.waitForFunction((n) => (window as unknown as { pickerOpened: number }).pickerOpened === n, before + 2);
      await context.close();
    });

    it(`at ${name}: Clear cart asks first and sits apart from Checkout; Home with a cart asks first`, async () => {
      const { context, page, selection } = await kiosk(viewport);
      const mp4 = makeClip({ format: 'mp4' });
      await openWithClips(page, selection, [
        { name: 'a.mp4', path: mp4 },
        { name: 'b.mp4', path: mp4 },
      ]);
      await selection.selectNth(0);
      await selection.selectNth(1);

      const clear = (await selection.clearCartButton().boundingBox())!;
      const checkout = (await selection.checkoutButton().boundingBox())!;
      const gap = Math.max(checkout.x - (clear.x + clear.width), clear.x - (checkout.x + checkout.width));
      expect(gap).toBeGreaterThanOrEqual(100);

      await selection.clearCart('no');
      expect(await selectedCount(page)).toBe(2);
      await selection.clearCart('yes');
      expect(await selectedCount(page)).toBe(0);

      // Home with an empty cart just goes; with a cart it asks, and 'no' keeps everything.
      await selection.selectNth(0);
      await selection.homeButton().click();
      await selection.confirmLeave().waitFor();
      await selection.keepShopping().click();
      await selection.confirmLeave().waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/box/video-selection');
      expect(await selectedCount(page)).toBe(1);
      await selection.homeButton().click();
      await selection.confirmLeave().getByRole('button', { name: MESSAGES.guards.leaveConfirm }).click();
      await page.waitForURL('**/box');
      await context.close();
    });
  }

  // The PIN's checks are the same on every screen size: once, on the kiosk's portrait screen.
  it(`at ${VIEWPORTS[0].name}: with a staff PIN set in the Devices tab, the long press asks for it; a wrong PIN refuses, offline nothing opens, the right one opens`, async () => {
    const { viewport } = VIEWPORTS[0];
    // A venue of its own, so the other tests' kiosk needs no PIN.
    const pinned = await seedKiosk(server);
    const adminContext = await newKioskContext(browser, server.url);
    const { page: admin, dashboard } = await adminPage(adminContext, SUPER_ADMIN.email, SUPER_ADMIN.password);
    await dashboard.openTab('devices');
    await new AdminDevicesTab(admin).setStaffPin(pinned.venueId, '4821');
    await adminContext.close();

    const { context, page, selection } = await kiosk(viewport, pinned.deviceId, { skipLoading: false });
    await openWithClips(page, selection, [{ name: 'one.mp4', path: makeClip({ format: 'mp4' }) }]);
    const before = await pickerOpened(page);
    await selection.longPressAdmin('pointer');
    await selection.staffPinPad().waitFor();
    await selection.enterStaffPin('1234');
    await selection.staffPinPad().getByRole('alert').getByText(MESSAGES.guards.staffPinWrong).waitFor();
    expect(await pickerOpened(page)).toBe(before);

    // Offline the PIN cannot be checked, so even the right one leaves the re-pick closed.
    await context.setOffline(true);
    await selection.enterStaffPin('4821');
    await selection.staffPinPad().getByRole('alert').getByText(MESSAGES.guards.staffPinOffline).waitFor();
    expect(await pickerOpened(page)).toBe(before);
    await context.setOffline(false);

    await selection.enterStaffPin('4821');
    await selection.staffPinPad().waitFor({ state: 'detached' });
    await page.waitForFunction((n) => (window as unknown as { pickerOpened: number }).pickerOpened === n, before + 1);
    await context.close();
  });
});

/** Share of pixels (0 to 1) that differ clearly between two PNG screenshots of the same size, decoded by the browser. */
async function differingPixels(page: Page, a: Buffer, b: Buffer): Promise<number> {
  return page.evaluate(
    async ([a64, b64]) => {
      const decode = async (b64: string) => {
        const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(bitmap, 0, 0);
        return ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
      };
      const [pa, pb] = await Promise.all([decode(a64), decode(b64)]);
      let changed = 0;
      for (let i = 0; i < pa.length; i += 4) {
        const d = Math.abs(pa[i]! - pb[i]!) + Math.abs(pa[i + 1]! - pb[i + 1]!) + Math.abs(pa[i + 2]! - pb[i + 2]!);
        if (d > 60) changed++;
      }
      return changed / (pa.length / 4);
    },
    [a.toString('base64'), b.toString('base64')] as const,
  );
}
