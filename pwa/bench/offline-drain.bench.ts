// `npm run bench`: 20 free purchases with 3 clips each (60 clips) queued on a kiosk with the network
// down, then the network comes back: seconds until the last purchase's link is saved, and the
// requests sent per purchase (the aim: no repeats beyond requests that failed). The built PWA,
// the real server and Debian's Chromium, as in the browser tests. Prints figures; never fails.
import { performance } from 'node:perf_hooks';
import {
  feedFolder,
  FULL_CHROMIUM_PATH,
  launchBrowser,
  makeClip,
  newKioskContext,
  startServer,
  installFolderPicker,
} from '../../e2e/support/index.ts';
import { seedKiosk, setPricing, useDeviceId as assignDeviceId } from '../../e2e/support/kiosk-setup.ts';
import { OfflineKiosk, recordRequests, until } from '../../e2e/pages/offline-kiosk.ts';

const PURCHASES = Number(process.env.BENCH_OFFLINE_PURCHASES ?? 20);
const CLIPS_PER_PURCHASE = 3;
const FOLDER_CLIPS = 6;

const server = await startServer();
const browser = await launchBrowser(FULL_CHROMIUM_PATH);
try {
  const seed = await seedKiosk(server);
  await setPricing(seed.admin, { price: 10_000, gateway: false, tiers: [{ QUANTITY: 6, PRICE: 6_000, ENABLED: false }] });
  const context = await newKioskContext(browser, server.url);
  await assignDeviceId(context, seed.deviceId);
  await installFolderPicker(context);
  const page = await context.newPage();
  const kiosk = new OfflineKiosk(page);
  await page.goto('/box');
  await kiosk.waitForServiceWorker();
  const clip = makeClip({ format: 'mp4' });
  const names = Array.from({ length: FOLDER_CLIPS }, (_, i) => `court_clip_${i + 1}`);
  await feedFolder(
    page,
    names.map((n) => ({ name: `${n}.mp4`, path: clip })),
  );
  await kiosk.openCheckoutWith([names[0]!.replaceAll('_', ' ')]);
  await page.goto('/box');
  await page.waitForTimeout(1_000);

  await context.setOffline(true);
  const queueStart = performance.now();
  for (let i = 0; i < PURCHASES; i++) {
    const picks = Array.from({ length: CLIPS_PER_PURCHASE }, (_, k) => names[(i + k) % FOLDER_CLIPS]!.replaceAll('_', ' '));
    await kiosk.buyFree(picks, `player${i + 1}@example.com`);
    await page.goto('/box');
  }
  const queueSeconds = (performance.now() - queueStart) / 1000;
  await until(async () => (await kiosk.chip().getAttribute('data-purchases')) === String(PURCHASES), 10_000, 'all purchases queued');

  const requests = recordRequests(context);
  const failed: string[] = [];
  context.on('requestfailed', (r) => failed.push(r.url()));
  const started = performance.now();
  await context.setOffline(false);
  type Listed = { transactions: { zipUrl: string | null }[] };
  await until(
    async () =>
      (await seed.admin.request<Listed>('GET', `/transaction?page=1&limit=${PURCHASES}`)).transactions.filter((t) => t.zipUrl).length ===
      PURCHASES,
    10 * 60_000,
    'every link saved',
  );
  const seconds = (performance.now() - started) / 1000;
  const all = requests.all();
  const purchasePosts = requests.purchases().length;
  const uploads = requests.uploads().length;
  const byKind = new Map<string, number>();
  for (const r of all) {
    const kind = `${r.method} ${r.path.replace(/\/api\/storage\/upload\/.*/, '/api/storage/upload/…').replace(/\/api\/transaction\/[^/]+/, '/api/transaction/:id')}`;
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
  }

  console.log(
    `queued ${PURCHASES} purchases (${PURCHASES * CLIPS_PER_PURCHASE} clips) offline through the kiosk screens in ${queueSeconds.toFixed(1)} s`,
  );
  console.log(`after reconnect, last link saved in ${seconds.toFixed(2)} s`);
  console.log(`purchase POSTs: ${purchasePosts} for ${PURCHASES} purchases (${(purchasePosts / PURCHASES).toFixed(2)} each)`);
  console.log(`upload PUTs: ${uploads} for ${PURCHASES * CLIPS_PER_PURCHASE} clips`);
  console.log(`API requests per purchase: ${(all.length / PURCHASES).toFixed(2)} (failed requests: ${failed.length})`);
  for (const [kind, n] of [...byKind].sort()) console.log(`  ${kind}: ${n}`);
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
