// The kiosk with the network down: /box plays its cached promo video and the selection
// and checkout screens load from the service worker's caches with prices from the persisted query
// cache, also after a browser restart; a checkout that needs payment says plainly that paying
// needs a connection, before anything is filled in, and creates nothing.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@courtreplay/shared';
import { cachedFixture, feedFolder, makeClip, useRig } from './support/index.ts';
import type { Page } from 'playwright-core';
import { countStoreReads, persistedQueries, sendsInFlight } from './support/kiosk-state.ts';
import { launchKioskProfile, OFFLINE_TEXT, OfflineKiosk, recordRequests, until } from './pages/offline-kiosk.ts';

const PRICE = 15_000;
const { server, seed } = useRig({
  browser: false,
  kiosk: { pricing: { price: PRICE, gateway: true, tiers: [{ QUANTITY: 6, PRICE: 6_000, ENABLED: false }] } },
});

beforeAll(async () => {
  await uploadCms('upload-promo-video', 'video', readFileSync(makeClip({ format: 'mp4', seconds: 4 })), 'promo.mp4', 'video/mp4');
  await uploadCms(
    'upload-portrait-promo-video',
    'video',
    readFileSync(makeClip({ format: 'mp4', seconds: 2, width: 360, height: 640 })),
    'portrait.mp4',
    'video/mp4',
  );
  await uploadCms('upload-bg-image', 'image', pngBytes('navy', '1920x1080'), 'background.png', 'image/png');
  await uploadCms('upload-watermark', 'image', pngBytes('white', '800x600'), 'watermark.png', 'image/png');
});

function pngBytes(colour: string, size: string): Buffer {
  const file = cachedFixture(`${colour}-${size}.png`, (path) =>
    execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', `color=c=${colour}:s=${size}`, '-frames:v', '1', path]),
  );
  return readFileSync(file);
}

async function uploadCms(path: string, field: string, bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${server.url}/api/admin/cms/${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${seed.admin.token}` },
    body: form,
  });
  expect(res.status).toBe(200);
}

const clips = () => [
  { name: 'rally_one.mp4', path: makeClip({ format: 'mp4' }) },
  { name: 'rally_two.mp4', path: makeClip({ format: 'mp4' }) },
];

async function expectOfflineScreens(kiosk: OfflineKiosk) {
  const { page } = kiosk;
  await kiosk.clearHttpCache();
  await page.goto('/box');
  await kiosk.waitForPromoPlaying();
  await page.getByRole('link', { name: MESSAGES.kioskHome.seeYour('CourtReplay') }).waitFor();
  await expect.poll(() => kiosk.chip().getAttribute('data-online')).toBe('false');

  await kiosk.openCheckoutWith(['rally one', 'rally two']);
  expect(await kiosk.checkout.lines().count()).toBe(2);
  expect(await kiosk.checkout.total().textContent()).toMatch(/Rp\s?30\.000/);
}

/** The prices and the device's answer are stored for the offline loads to come. */
async function expectAnswersPersisted(page: Page) {
  await until(
    async () => {
      const stored = await persistedQueries(page);
      return stored.includes('"DEFAULT_PRICE"') && stored.includes('"queryKey":["kiosk","device"]');
    },
    20_000,
    "the prices and the device's answer persisted",
  );
}

describe('offline shell', () => {
  describe('a kiosk that has been online once', () => {
    // One online session caches the promo video, the lazy screens and the prices in a profile on
    // disk; each test then takes the network away from it, in that session or after a restart.
    let first: Awaited<ReturnType<typeof launchKioskProfile>>;
    let kiosk: OfflineKiosk;

    beforeAll(async () => {
      first = await launchKioskProfile(server.url, seed.deviceId);
      const page = first.context.pages()[0] ?? (await first.context.newPage());
      kiosk = new OfflineKiosk(page);
      await page.goto('/box');
      await kiosk.waitForServiceWorker();
      await feedFolder(page, clips());
      await page.reload();
      await kiosk.waitForPromoPlaying();
      await kiosk.openCheckoutWith(['rally one', 'rally two']);
      await kiosk.checkout.total().waitFor();
      await page.goto('/box');
      await expectAnswersPersisted(page);
    });

    afterAll(() => first?.context.close());

    it('plays the promo and loads the selection and checkout screens with the network down', async () => {
      // The promo video, the background, the watermark and the portrait promo video (never shown
      // yet on this landscape screen) are all cached.
      await expect
        .poll(async () =>
          (await kiosk.cachedUrls('cms-media'))
            .map((u) => /^\/media\/(promo-video|promo-portrait|background|watermark)-/.exec(u)?.[1])
            .sort(),
        )
        .toEqual(['background', 'promo-portrait', 'promo-video', 'watermark']);

      await first.context.setOffline(true);
      await expectOfflineScreens(kiosk);
    });

    it('also after a browser restart two hours later, with every cached answer stale', async () => {
      await first.context.close();
      // Still shown twice: a failed refetch must not drop what was persisted.
      const second = await launchKioskProfile(server.url, seed.deviceId, first.profileDir);
      await second.context.addInitScript(() => {
        const realNow = Date.now.bind(Date);
        Date.now = () => realNow() + 2 * 3_600_000;
      });
      await second.context.setOffline(true);
      const again = new OfflineKiosk(second.context.pages()[0] ?? (await second.context.newPage()));
      await expectOfflineScreens(again);
      await expectOfflineScreens(again);
      await second.context.close();
    });
  });

  it('tells the player that paying needs a connection before anything is filled in, and creates nothing', async () => {
    const { context } = await launchKioskProfile(server.url, seed.deviceId);
    const storeReads = await countStoreReads(context);
    const inFlight = sendsInFlight(context);
    const page = context.pages()[0] ?? (await context.newPage());
    const kiosk = new OfflineKiosk(page);
    await page.goto('/box');
    await kiosk.waitForServiceWorker();
    await feedFolder(page, clips());
    await kiosk.openCheckoutWith(['rally one']);
    await kiosk.checkout.email().waitFor();
    await page.goto('/box');
    await expectAnswersPersisted(page);
    const requests = recordRequests(context);

    await context.setOffline(true);
    await kiosk.openCheckoutWith(['rally one']);
    await kiosk.needsConnection().getByRole('heading', { name: OFFLINE_TEXT.needsConnectionTitle }).waitFor();
    expect(await kiosk.checkout.total().textContent()).toMatch(/Rp\s?15\.000/);
    // Nothing to fill in: no e-mail field, no Pay Now.
    expect(await kiosk.checkout.email().count()).toBe(0);
    expect(await kiosk.checkout.payNow().count()).toBe(0);

    await kiosk.needsConnection().getByRole('button', { name: OFFLINE_TEXT.comeBackLater }).click();
    await page.waitForURL('**/box');

    // Back online, nothing was queued or sent in the meantime.
    // A pass of the outbox, which the network's return starts, has run and sent nothing.
    const reportReads = await storeReads(page, 'reports');
    await context.setOffline(false);
    await until(async () => (await storeReads(page, 'reports')) > reportReads && inFlight() === 0, 20_000, 'a pass of the outbox');
    expect(requests.purchases()).toEqual([]);
    expect((await kiosk.outbox()).purchases).toEqual([]);
    const list = await seed.admin.call('listPurchases', { query: { page: '1', limit: '25' } });
    expect(list.totalCount).toBe(0);
    await context.close();
  });
});
