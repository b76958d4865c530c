// A new version of the app never replaces itself in the middle of a purchase: it is
// downloaded and waits while the player is in selection or checkout, and takes over once the
// kiosk is back on /box.
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { feedFolder, makeClip, newKioskContext, repoRoot, useRig } from './support/index.ts';
import { installFolderPicker } from './support/folder.ts';
import { useDeviceId } from './support/kiosk-setup.ts';
import { OfflineKiosk, until } from './pages/offline-kiosk.ts';

const { server, browser, seed } = useRig({
  kiosk: { pricing: { price: 10_000, gateway: false, tiers: [{ QUANTITY: 6, PRICE: 6_000, ENABLED: false }] } },
});
let proxy: Server;
let proxyUrl: string;
/** Set when "the next build" is deployed: the proxy then serves this service worker script. */
let nextServiceWorker: string | null = null;

/**
 * The kiosk talks to the server through this loopback proxy, which can start serving a changed
 * service worker script, as a deployment of a new build would.
 */
async function startProxy(target: string): Promise<void> {
  const upstream = new URL(target);
  proxy = createServer((req, res) => {
    if (nextServiceWorker && req.url === '/sw.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-cache' });
      res.end(nextServiceWorker);
      return;
    }
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  await startProxy(server.url);
});

afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
});

it('waits with a new version until the kiosk is back on /box', async () => {
  const context = await newKioskContext(browser, proxyUrl);
  await useDeviceId(context, seed.deviceId);
  await installFolderPicker(context);
  const page = await context.newPage();
  const kiosk = new OfflineKiosk(page);
  await page.goto('/box');
  await kiosk.waitForServiceWorker();
  await feedFolder(page, [{ name: 'rally_one.mp4', path: makeClip({ format: 'mp4' }) }]);
  await kiosk.openCheckoutWith(['rally one']);

  // A new build is deployed: the service worker script changes.
  nextServiceWorker = `${readFileSync(join(repoRoot, 'pwa/dist/sw.js'), 'utf8')}\n// next build\n`;
  const waiting = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return !!registration?.waiting;
    });
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  await until(waiting, 15_000, 'the new version to be downloaded');

  let loads = 0;
  page.on('load', () => loads++);
  // In the middle of a purchase: checkout, then back to the selection. Nothing is replaced.
  await kiosk.checkout.email().fill('someone@example.com');
  // The kiosk has judged the waiting version on this screen (sw-update.ts marks it on the page).
  const judged = (screen: string) =>
    page.waitForFunction((expected) => document.documentElement.dataset.swUpdate === expected, `waiting ${screen}`, { polling: 100 });
  await judged('/box/checkout');
  expect(new URL(page.url()).pathname).toBe('/box/checkout');
  expect(await kiosk.checkout.email().inputValue()).toBe('someone@example.com');
  await kiosk.checkout.back().click();
  await kiosk.selection.cards().first().waitFor();
  await judged(new URL(page.url()).pathname);
  expect(loads).toBe(0);
  expect(await waiting()).toBe(true);

  // Home: the new version takes over (one reload) and nothing waits any more.
  await kiosk.selection.goHomeClearingCart();
  await until(() => loads === 1, 15_000, 'the reload into the new version');
  await page.waitForURL('**/box');
  await until(async () => !(await waiting()), 10_000, 'no waiting version');
  await context.close();
});
