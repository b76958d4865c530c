// Page object and helpers of the offline tests: the status chip, the needs-a-connection notice,
// the kiosk's outbox read straight from its IndexedDB, a persistent browser profile that survives
// a browser restart, and the flow of a purchase through the selection and checkout screens.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page, type Request } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, installFolderPicker } from '../support/index.ts';
import { useDeviceId } from '../support/kiosk-setup.ts';
import { KioskCheckoutPage } from './kiosk-checkout-page.ts';
import { KioskSelectionPage } from './kiosk-selection-page.ts';

/** A kiosk browser with its own profile directory: closing and relaunching it is a browser restart. */
export async function launchKioskProfile(
  baseURL: string,
  deviceId: string,
  profileDir = mkdtempSync(join(tmpdir(), 'courtreplay-profile-')),
) {
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    baseURL,
    viewport: { width: 1920, height: 1080 },
    hasTouch: true,
    serviceWorkers: 'allow',
  });
  await useDeviceId(context, deviceId);
  await installFolderPicker(context);
  return { context, profileDir };
}

export const OFFLINE_TEXT = {
  needsConnectionTitle: 'Paying needs an internet connection',
  comeBackLater: 'Come back later',
};

export class OfflineKiosk {
  readonly selection: KioskSelectionPage;
  readonly checkout: KioskCheckoutPage;

  constructor(readonly page: Page) {
    this.selection = new KioskSelectionPage(page);
    this.checkout = new KioskCheckoutPage(page);
  }

  chip = () => this.page.getByTestId('status-chip');
  needsConnection = () => this.page.getByTestId('needs-connection');

  /** Waits until the service worker controls the page (the first visit installs it). */
  async waitForServiceWorker() {
    await this.page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
      }
    });
  }

  /**
   * Empties Chromium's HTTP cache, as eviction would on a real kiosk: what still loads offline
   * then comes from the service worker's caches.
   */
  async clearHttpCache() {
    const cdp = await this.page.context().newCDPSession(this.page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
  }

  /** URLs held in one of the service worker's runtime caches. */
  cachedUrls(cacheName: string) {
    return this.page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), cacheName);
  }

  /** The promo video is decoding frames: currentTime moves forward. */
  async waitForPromoPlaying() {
    const video = this.page.getByTestId('promo-video');
    await video.waitFor();
    await this.page.waitForFunction(
      () => {
        const v = document.querySelector<HTMLVideoElement>('[data-testid="promo-video"]');
        return !!v && v.readyState >= 2 && v.currentTime > 0.2 && !v.error;
      },
      undefined,
      { timeout: 15_000 },
    );
  }

  /** Picks the folder if it is not restored, selects `titles`, and opens checkout. */
  async openCheckoutWith(titles: string[]) {
    await this.selection.goto();
    // Today's folder is restored by itself; before it was ever picked, Browse Videos shows.
    const browse = this.selection.browseButton();
    await Promise.race([browse.waitFor(), this.selection.cards().first().waitFor()]);
    if (await browse.isVisible()) await this.selection.browse();
    else await this.selection.waitForGrid();
    for (const title of titles) await this.selection.select(title);
    await this.selection.checkoutButton().click();
    await this.checkout.title().waitFor();
  }

  /** A purchase through the kiosk's own screens, ending on 'Purchase Completed!'. */
  async buyFree(titles: string[], email: string) {
    await this.openCheckoutWith(titles);
    await this.checkout.email().fill(email);
    await this.checkout.payNow().click();
    await this.checkout.completed().waitFor();
  }

  /** The kiosk's outbox and upload jobs, read from its IndexedDB (lib/db.ts). */
  outbox() {
    return this.page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open('courtreplay-kiosk');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      const all = <T>(store: string) =>
        new Promise<T[]>((resolve, reject) => {
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => resolve(req.result as T[]);
          req.onerror = () => reject(req.error);
        });
      type Entry = { idempotencyKey: string; state: string; attempts: number; transactionId?: string; lastError?: string };
      type Job = {
        transactionId: string;
        state: string;
        linkSaved: boolean;
        clips: { state: string; confirmedOffset: number; uploadUrl?: string }[];
      };
      const result = { purchases: await all<Entry>('outbox'), uploads: await all<Job>('uploads') };
      db.close();
      return result;
    });
  }
}

/** Records the purchase and upload requests a page (and its service worker) sends. */
export function recordRequests(context: BrowserContext) {
  const requests: { method: string; path: string; headers: Record<string, string> }[] = [];
  const onRequest = (r: Request) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) requests.push({ method: r.method(), path: url.pathname, headers: r.headers() });
  };
  context.on('request', onRequest);
  return {
    all: () => requests,
    purchases: () => requests.filter((r) => r.method === 'POST' && r.path === '/api/transaction'),
    uploads: () => requests.filter((r) => r.method === 'PUT' && r.path.startsWith('/api/storage/upload/')),
    stop: () => context.off('request', onRequest),
  };
}

export async function until(check: () => Promise<boolean> | boolean, timeoutMs = 30_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
