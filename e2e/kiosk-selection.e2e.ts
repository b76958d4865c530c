// The kiosk's selection screen against the built PWA and the real server: a real directory handle
// from the Origin Private File System holding generated clips.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { MESSAGES } from '@courtreplay/shared';
import { feedFolder, installFolderPicker, makeClip, newKioskContext, type FolderFile, useRig } from './support/index.ts';
import { seedKiosk, testDeviceId, useDeviceId } from './support/kiosk-setup.ts';
import { KioskSelectionPage } from './pages/kiosk-selection-page.ts';

const { server, browser, seed } = useRig({ kiosk: {} });

async function kiosk(deviceId = seed.deviceId, options = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newKioskContext(browser, server.url, options);
  await useDeviceId(context, deviceId);
  await installFolderPicker(context);
  const page = await context.newPage();
  return { context, page };
}

/** 16 MP4s, a WebM, a MOV (17 + 1 = 18 videos), one clip opening on black, and a stray text file. */
function folderFiles(): FolderFile[] {
  const mp4 = makeClip({ format: 'mp4' });
  const files: FolderFile[] = [];
  files.push({ name: 'starts_black.mp4', path: makeClip({ format: 'mp4', blackLead: 2, seconds: 3 }) });
  for (let i = 1; i <= 15; i++) files.push({ name: `rally-${String(i).padStart(2, '0')}.mp4`, path: mp4 });
  files.push({ name: 'serve_ace.webm', path: makeClip({ format: 'webm' }) });
  files.push({ name: 'final_point.mov', path: makeClip({ format: 'mov' }) });
  files.push({ name: 'notes.txt', bytes: Buffer.from('not a video') });
  return files;
}

describe('kiosk video selection', () => {
  it('sends an unauthorised kiosk from the selection and checkout screens back to /box', async () => {
    const other = testDeviceId();
    await seedKiosk(server, { deviceId: other, authorized: false });
    const { context, page } = await kiosk(other);
    for (const path of ['/box/video-selection', '/box/checkout']) {
      await page.goto(path);
      await page.waitForURL('**/box');
      expect(new URL(page.url()).pathname).toBe('/box');
    }
    expect(await page.getByRole('link', { name: MESSAGES.kioskHome.seeYour('CourtReplay') }).count()).toBe(0);
    // Not a test device either: /staging says so and never shows the selling flow.
    await page.goto('/staging/video-selection');
    await page.getByTestId('not-test-device').getByText(MESSAGES.routing.notTestDevice).waitFor();
    expect(new URL(page.url()).pathname).toBe('/staging/video-selection');
    await context.close();
  });

  it('gives the kiosk a fingerprint-plus-random id, kept in a one-year cookie and localStorage', async () => {
    const readId = async (page: Page) => page.evaluate(() => ({ stored: localStorage.getItem('deviceId'), cookie: document.cookie }));
    const first = await newKioskContext(browser, server.url);
    const page = await first.newPage();
    await page.goto('/box');
    await page.waitForFunction(() => !!localStorage.getItem('deviceId'));
    const { stored } = await readId(page);
    expect(stored).toMatch(/^[0-9a-f]{16}-[0-9a-f]{16}$/);
    const cookie = (await first.cookies()).find((c) => c.name === 'deviceId');
    expect(cookie?.value).toBe(stored);
    // One year, give or take the seconds this test takes.
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    // The cookie brings the id back when localStorage is wiped.
    await page.evaluate(() => localStorage.removeItem('deviceId'));
    await page.reload();
    await page.waitForFunction(() => !!localStorage.getItem('deviceId'));
    expect((await readId(page)).stored).toBe(stored);

    // The same browser on the same machine: same fingerprint part, different random part.
    const second = await newKioskContext(browser, server.url);
    const other = await second.newPage();
    await other.goto('/box');
    await other.waitForFunction(() => !!localStorage.getItem('deviceId'));
    const otherId = (await readId(other)).stored!;
    expect(otherId.slice(0, 16)).toBe(stored!.slice(0, 16));
    expect(otherId).not.toBe(stored);
    await first.close();
    await second.close();
  });

  it('home clears local and session storage except the kept keys, and shows the portrait device check', async () => {
    const { context, page } = await kiosk(seed.deviceId, { viewport: { width: 1080, height: 1920 } });
    await page.goto('/box');
    await page.evaluate(() => {
      localStorage.setItem('userEmail', 'kept@example.com');
      localStorage.setItem('leftover', 'x');
      // The server-issued phone tokens are the device's: kept, whether or not a refill already ran.
      localStorage.setItem('phoneTokenStock', '[]');
      sessionStorage.setItem('kioskCart', '["a"]');
      sessionStorage.setItem('hasSeenPromo', 'true');
    });
    await page.reload();
    await page.getByRole('link', { name: MESSAGES.kioskHome.seeYour('CourtReplay') }).waitFor();
    const left = await page.evaluate(() => ({ local: Object.keys(localStorage).sort(), session: Object.keys(sessionStorage).sort() }));
    expect(left.local).toEqual(['deviceId', 'phoneTokenStock', 'userEmail']);
    expect(left.session).toEqual(['hasSeenPromo']);

    await context.close();

    // The device check has its own layout on the 1080x1920 kiosk screen. A kiosk that has no
    // recent answer of its own (a first start: a fresh profile) waits for the server's.
    const fresh = await kiosk(seed.deviceId, { viewport: { width: 1080, height: 1920 } });
    // The server's answer is held until the check has been seen, however slow the machine.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await fresh.page.route('**/api/device/**', async (route) => {
      await held;
      await route.continue();
    });
    await fresh.page.goto('/box/video-selection');
    const checking = fresh.page.getByTestId('checking-device');
    await checking.getByText(MESSAGES.routing.checkingDevice).waitFor();
    expect(await checking.getAttribute('class')).toContain('is-portrait');
    answer();
    await fresh.context.close();
  });

  // The flow's rules (the loading screen's 3 s minimum, the 15 s reload and 20 s stall, the 7th
  // video's 3 s notice, paging, rereads, the empty state) are unit-tested on the clip loading
  // machine with a fake clock (pwa/src/kiosk/clip-loading.test.ts); here is what a person does.
  it('picks today’s folder, sees the loading screen then today’s videos newest first, 15 per page with the dividers and a thumbnail that is not black, plays one, and ticks up to the 7th refused', async () => {
    const { context, page } = await kiosk();
    await page.goto('/box');
    await page.getByRole('link', { name: MESSAGES.kioskHome.seeYour('CourtReplay') }).click();
    const selection = new KioskSelectionPage(page);
    await selection.browseButton().waitFor();
    await expect(page.getByText(MESSAGES.folder.help).isVisible()).resolves.toBe(true);
    await feedFolder(page, folderFiles());
    await selection.browseButton().click();
    await selection.loadingScreen().getByText(MESSAGES.loading.title).waitFor();
    await selection.waitForGrid();

    // 18 videos (the text file is not listed), newest (last written) first.
    expect(await selection.paginationInfo().textContent()).toBe(MESSAGES.selection.showing(1, 15, 18));
    const titles = await selection.titles().allTextContents();
    expect(titles).toHaveLength(15);
    expect(titles.slice(0, 3)).toEqual(['final point', 'serve ace', 'rally 15']);
    expect(titles).not.toContain('notes');
    expect(await page.getByTestId('recent-grid').getByTestId('video-card').count()).toBe(9);
    expect(await page.getByTestId('older-grid').getByTestId('video-card').count()).toBe(6);
    await selection.olderDivider().waitFor();

    // The modal player under a watermark (the product mark without a CMS one); Escape closes it
    // and gives the focus back.
    const play = page.getByRole('button', { name: 'Play rally 15' });
    await play.click();
    const modal = page.getByTestId('player-modal');
    await modal.waitFor();
    expect(await modal.getByTestId('player-watermark').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    expect(await play.evaluate((el) => el === document.activeElement)).toBe(true);

    // Six ticked, the 7th refused with its notice; one unticked; the cart cleared.
    for (let i = 0; i < 6; i++) await selection.selectNth(i);
    expect(await selection.clearCartButton().textContent()).toBe(MESSAGES.selection.clearCart(6));
    await selection.selectNth(6);
    await selection.maxNotice().waitFor();
    expect(await page.locator('.video-card.is-selected').count()).toBe(6);
    await selection.selectNth(0);
    expect(await selection.clearCartButton().textContent()).toBe(MESSAGES.selection.clearCart(5));
    await selection.clearCart();
    expect(await selection.clearCartButton().textContent()).toBe(MESSAGES.selection.clearCart(0));
    expect(await selection.checkoutButton().isDisabled()).toBe(true);

    await selection.goToPage(2);
    expect(await selection.paginationInfo().textContent()).toBe(MESSAGES.selection.showing(16, 18, 18));
    expect(await selection.titles().allTextContents()).toEqual(['rally 02', 'rally 01', 'starts black']);
    expect(await selection.olderDivider().count()).toBe(0);

    // The clip that opens on black gets a thumbnail from later in the clip.
    const thumb = selection.card('starts black').getByTestId('video-thumbnail');
    await thumb.waitFor({ timeout: 30_000 });
    const meanLuma = await thumb.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const d = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      let sum = 0;
      for (let i = 0; i < d.length; i += 4) sum += 0.2126 * d[i]! + 0.7152 * d[i + 1]! + 0.0722 * d[i + 2]!;
      return { luma: sum / (d.length / 4), w: img.naturalWidth, h: img.naturalHeight };
    });
    // 16:9 at the widest card (480 CSS px) on this 1x screen.
    expect(meanLuma.w).toBe(480);
    expect(meanLuma.h).toBe(270);
    expect(meanLuma.luma).toBeGreaterThan(40);
    await expect(selection.card('starts black').getByTestId('video-duration').textContent()).resolves.toBe('0:05');
    await context.close();
  });

  // The browser without a picker, the refused permission and the staff's cancelled re-pick are
  // the machine's (clip-loading.test.ts); here the folder's message reaches the screen.
  it('reloads when a picked folder is still not read after 15 s, and ends a stalled loading screen after 20 s with its message', async () => {
    const context = await newKioskContext(browser, server.url);
    await useDeviceId(context, seed.deviceId);
    // A real OPFS folder whose listing never finishes (a stalled network share, say).
    await context.addInitScript(() => {
      type Listing = { name: string; values(): AsyncIterable<unknown> };
      const proto = FileSystemDirectoryHandle.prototype as unknown as Listing;
      const values = proto.values;
      proto.values = function (this: Listing) {
        if (this.name !== 'stalled') return values.call(this);
        return { [Symbol.asyncIterator]: () => ({ next: () => new Promise<IteratorResult<unknown>>(() => undefined) }) };
      };
      (window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () =>
        (await navigator.storage.getDirectory()).getDirectoryHandle('stalled', { create: true });
    });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto('/box/video-selection');
    const selection = new KioskSelectionPage(page);
    await selection.browseButton().click();
    await selection.loadingScreen().waitFor();
    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    const reloaded = page.waitForEvent('load');
    await page.clock.runFor(15_500);
    await reloaded;
    expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload ?? false)).toBe(false);

    // After the reload today's folder is restored by itself, stalls again, and the safety timeout ends it.
    await selection.loadingScreen().waitFor();
    await page.clock.runFor(20_500);
    await page.getByRole('alert').getByText(MESSAGES.folder.loadingTooLong).waitFor();
    await context.close();
  });

  it("asks 'Still there?' after 60 s without activity and goes back to /box 10 s later", async () => {
    const { context, page } = await kiosk();
    await page.clock.install();
    await page.goto('/box');
    await feedFolder(page, [{ name: 'one.mp4', path: makeClip({ format: 'mp4' }) }]);
    await page.goto('/box/video-selection');
    const selection = new KioskSelectionPage(page);
    await selection.browseButton().click();
    await selection.loadingScreen().waitFor();
    await page.clock.runFor(3_500);
    await selection.waitForGrid();
    await page.clock.runFor(50_000);
    await page.mouse.move(10, 10);
    await page.clock.runFor(50_000);
    expect(new URL(page.url()).pathname).toBe('/box/video-selection');
    expect(await selection.stillThere().count()).toBe(0);
    await page.clock.runFor(11_000);
    await selection.stillThere().waitFor();
    expect(new URL(page.url()).pathname).toBe('/box/video-selection');
    await page.clock.runFor(10_500);
    await page.waitForURL('**/box');
    await context.close();
  });
});
