// The kiosk home and its CMS media: the promo video uploaded in the back-office plays on /box, the
// fallbacks when it cannot, and the watermark over the player on the selection screen; a portrait
// screen plays the portrait promo video, or the landscape one letterboxed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@courtreplay/shared';
import { feedFolder, installFolderPicker, makeClip, newKioskContext, PORTRAIT_KIOSK, repoRoot, useRig } from './support/index.ts';
import { useDeviceId } from './support/kiosk-setup.ts';
import { KioskSelectionPage } from './pages/kiosk-selection-page.ts';

const { server, browser, seed } = useRig({ kiosk: {} });

async function uploadMedia(path: string, field: 'video' | 'image', bytes: Buffer, type: string, name: string): Promise<string> {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${server.url}/api/admin/cms/${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${seed.admin.token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { url: string }).url;
}

describe('kiosk home', () => {
  it('plays the CMS promo video muted and looping, fades the logo in after 500 ms, and shows the watermark over the player', async () => {
    const promo = await uploadMedia('upload-promo-video', 'video', readFileSync(makeClip({ format: 'mp4' })), 'video/mp4', 'promo.mp4');
    const watermark = await uploadMedia(
      'upload-watermark',
      'image',
      readFileSync(join(repoRoot, 'pwa/public/icons/icon-192.png')),
      'image/png',
      'mark.png',
    );
    const context = await newKioskContext(browser, server.url);
    await useDeviceId(context, seed.deviceId);
    await installFolderPicker(context);
    const page = await context.newPage();
    await page.goto('/box');
    const video = page.getByTestId('promo-video');
    await video.waitFor();
    expect(await video.getAttribute('src')).toBe(promo);
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="promo-video"]');
      return !!v && v.currentTime > 0.2 && v.muted && v.loop;
    });
    const fade = await page.locator('.home-logo').evaluate((el) => getComputedStyle(el).animationDelay);
    expect(fade).toBe('0.5s');

    await feedFolder(page, [{ name: 'watch_me.mp4', path: makeClip({ format: 'mp4' }) }]);
    await page.getByRole('link', { name: MESSAGES.kioskHome.seeYour('CourtReplay') }).click();
    const selection = new KioskSelectionPage(page);
    await selection.open();
    await page.getByRole('button', { name: 'Play watch me' }).click();
    const modal = page.getByTestId('player-modal');
    await modal.waitFor();
    expect(await modal.getByTestId('player-watermark').getAttribute('src')).toBe(watermark);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await context.close();
  });

  it('falls back to the static background when the promo video cannot play', async () => {
    const context = await newKioskContext(browser, server.url);
    await useDeviceId(context, seed.deviceId);
    const page = await context.newPage();
    await page.route('**/media/promo-video-*', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto('/box');
    await page.getByRole('link', { name: MESSAGES.kioskHome.seeYour('CourtReplay') }).waitFor();
    await page.getByTestId('promo-video').waitFor({ state: 'detached' });
    expect(await page.locator('iframe').count()).toBe(0);
    await context.close();
  });
});

/** What the home screen's promo video shows: its source, fit, and whether the whole picture is inside the screen. */
async function promoShown(page: Page, src: string) {
  const video = page.getByTestId('promo-video');
  await page.waitForFunction(
    (want) => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="promo-video"]');
      return !!v && v.getAttribute('src') === want && v.videoWidth > 0;
    },
    src,
    { timeout: 15_000 },
  );
  return video.evaluate((v: HTMLVideoElement) => {
    const box = v.getBoundingClientRect();
    const fit = getComputedStyle(v).objectFit;
    // The picture's drawn size: contain scales it to fit inside the box, cover to fill it (cropping).
    const scale = (fit === 'contain' ? Math.min : Math.max)(box.width / v.videoWidth, box.height / v.videoHeight);
    const drawn = { width: v.videoWidth * scale, height: v.videoHeight * scale };
    const onScreen = box.left >= 0 && box.top >= 0 && box.right <= innerWidth + 0.5 && box.bottom <= innerHeight + 0.5;
    return {
      fit,
      aspect: v.videoWidth / v.videoHeight,
      wholePicture: onScreen && drawn.width <= box.width + 0.5 && drawn.height <= box.height + 0.5,
    };
  });
}

describe('kiosk home on portrait and landscape screens', () => {
  const LANDSCAPE_KIOSK = { viewport: { width: 1366, height: 768 } } as const;
  let landscape: string;
  let portrait: string;

  beforeAll(async () => {
    landscape = await uploadMedia('upload-promo-video', 'video', readFileSync(makeClip({ format: 'mp4' })), 'video/mp4', 'wide.mp4');
    portrait = await uploadMedia(
      'upload-portrait-promo-video',
      'video',
      readFileSync(makeClip({ format: 'mp4', width: 360, height: 640 })),
      'video/mp4',
      'tall.mp4',
    );
  });

  it('plays the portrait promo video at 1080x1920 and the landscape one at 1366x768, switching live on rotation', async () => {
    const context = await newKioskContext(browser, server.url, PORTRAIT_KIOSK);
    await useDeviceId(context, seed.deviceId);
    const page = await context.newPage();
    await page.goto('/box');
    expect(await promoShown(page, portrait)).toEqual({ fit: 'cover', aspect: 360 / 640, wholePicture: true });

    await page.setViewportSize(LANDSCAPE_KIOSK.viewport);
    expect(await promoShown(page, landscape)).toMatchObject({ fit: 'cover', aspect: 640 / 360 });

    await page.setViewportSize(PORTRAIT_KIOSK.viewport);
    expect(await promoShown(page, portrait)).toMatchObject({ fit: 'cover', wholePicture: true });
    await context.close();

    const wide = await newKioskContext(browser, server.url, LANDSCAPE_KIOSK);
    await useDeviceId(wide, seed.deviceId);
    const widePage = await wide.newPage();
    await widePage.goto('/box');
    expect(await promoShown(widePage, landscape)).toMatchObject({ fit: 'cover', aspect: 640 / 360 });
    await wide.close();
  });

  it('without a portrait promo video, letterboxes the landscape one on a portrait screen: the whole picture, not its middle', async () => {
    await seed.admin.call('deletePortraitPromoVideo', {});
    const context = await newKioskContext(browser, server.url, PORTRAIT_KIOSK);
    await useDeviceId(context, seed.deviceId);
    const page = await context.newPage();
    await page.goto('/box');
    expect(await promoShown(page, landscape)).toEqual({ fit: 'contain', aspect: 640 / 360, wholePicture: true });

    await page.setViewportSize(LANDSCAPE_KIOSK.viewport);
    await page.waitForFunction(() => {
      const v = document.querySelector('[data-testid="promo-video"]');
      return !!v && getComputedStyle(v).objectFit === 'cover';
    });
    expect(await promoShown(page, landscape)).toMatchObject({ fit: 'cover' });
    await context.close();
  });

  it('falls back to the landscape promo video, letterboxed, when the portrait one cannot play', async () => {
    await uploadMedia(
      'upload-portrait-promo-video',
      'video',
      readFileSync(makeClip({ format: 'mp4', width: 360, height: 640 })),
      'video/mp4',
      'tall.mp4',
    );
    const context = await newKioskContext(browser, server.url, PORTRAIT_KIOSK);
    await useDeviceId(context, seed.deviceId);
    const page = await context.newPage();
    await page.route('**/media/promo-portrait-*', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto('/box');
    expect(await promoShown(page, landscape)).toEqual({ fit: 'contain', aspect: 640 / 360, wholePicture: true });
    await context.close();
  });
});
