// `npm run bench`: the kiosk's selection screen on a folder of 120 generated 1080p clips, against
// the built PWA and the real server in Debian's Chromium: seconds until page 1 shows all 15
// thumbnails, until every duration is known, and until page 1 is back after reopening (from the
// IndexedDB cache); plus the JavaScript /box downloads, gzipped (aim: at most 150 KiB). Each time
// includes the spec's 3 s minimum loading screen; the page 1 figures are also given beyond it
// (issue 12 aims: page 1 within 1.5 s, reopening within 0.3 s). Prints figures; never fails.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { LOADING_MIN_DISPLAY_MS } from '@courtreplay/shared';
import {
  feedFolder,
  installFolderPicker,
  launchBrowser,
  makeClip,
  newKioskContext,
  repoRoot,
  startServer,
} from '../../e2e/support/index.ts';
import { seedKiosk, useDeviceId as assignDeviceId } from '../../e2e/support/kiosk-setup.ts';

const CLIPS = Number(process.env.BENCH_KIOSK_CLIPS ?? 120);
const MIN_LOADING_S = LOADING_MIN_DISPLAY_MS / 1000;
/** Issue 12's aims, in seconds beyond the minimum loading screen. */
const AIM_FIRST_PAGE_BEYOND_S = 1.5;
const AIM_REOPEN_BEYOND_S = 0.3;

/** '2.34 s beyond the 3 s minimum loading screen (aim: <= 1.5 s) -> met' */
const beyond = (seconds: number, aim: number) => {
  const extra = seconds - MIN_LOADING_S;
  return `${extra.toFixed(2)} s beyond the ${MIN_LOADING_S} s minimum loading screen (aim: <= ${aim} s) -> ${extra <= aim ? 'met' : 'NOT met'}`;
};
const dist = join(repoRoot, 'pwa/dist');

/** The JS files index.html loads, followed through their static imports, gzipped. */
function boxJavaScriptGzipped(): { files: number; kib: number } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const queue = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const seen = new Set<string>();
  let bytes = 0;
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(dist, file));
    bytes += gzipSync(code, { level: 9 }).length;
    for (const m of code.toString().matchAll(/import\s*(?:[\w{},\s*$]+from\s*)?["']\.\/([^"']+\.js)["']/g)) queue.push(`assets/${m[1]}`);
  }
  return { files: seen.size, kib: bytes / 1024 };
}

/** Copies the seed clips inside the page, so 120 files do not cross the test protocol as base64. */
async function fillFolder(page: Page, count: number) {
  await feedFolder(page, [
    { name: 'seed.mp4', path: makeClip({ format: 'mp4', width: 1920, height: 1080, seconds: 4 }) },
    { name: 'seed.webm', path: makeClip({ format: 'webm', width: 1920, height: 1080, seconds: 4 }) },
  ]);
  await page.evaluate(async (n: number) => {
    const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('clips');
    const seeds = [await (await dir.getFileHandle('seed.mp4')).getFile(), await (await dir.getFileHandle('seed.webm')).getFile()];
    for (let i = 0; i < n; i++) {
      const seed = seeds[i % 5 === 4 ? 1 : 0]!;
      const ext = seed.name.endsWith('.webm') ? 'webm' : 'mp4';
      const handle = await dir.getFileHandle(`match_${String(i + 1).padStart(3, '0')}.${ext}`, { create: true });
      const w = await handle.createWritable();
      await w.write(seed);
      await w.close();
    }
    await dir.removeEntry('seed.mp4');
    await dir.removeEntry('seed.webm');
  }, count);
}

const thumbnailsShown = (page: Page) => page.getByTestId('video-thumbnail').count();

/** How many clips have a cached duration (the loader writes each one as it is read). */
const durationsCached = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('courtreplay-kiosk');
        open.onsuccess = () => {
          const req = open.result.transaction('clips').objectStore('clips').getAll();
          req.onsuccess = () => {
            resolve((req.result as { duration?: number }[]).filter((c) => typeof c.duration === 'number').length);
            open.result.close();
          };
        };
        open.onerror = () => resolve(0);
      }),
  );

async function until(what: string, check: () => Promise<boolean>, ms = 10 * 60_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

if (!existsSync(join(dist, 'index.html'))) throw new Error('pwa/dist is missing: run `npm run build` first.');
const server = await startServer();
const browser = await launchBrowser();
try {
  const seed = await seedKiosk(server);
  const context = await newKioskContext(browser, server.url);
  await assignDeviceId(context, seed.deviceId);
  await installFolderPicker(context);
  const page = await context.newPage();
  await page.goto('/box');
  await fillFolder(page, CLIPS);
  await page.goto('/box/video-selection');
  const browse = page.getByRole('button', { name: 'Browse Videos' });
  await browse.waitFor();

  const t0 = performance.now();
  await browse.click();
  await until('15 thumbnails', async () => (await thumbnailsShown(page)) >= 15);
  const firstPage = (performance.now() - t0) / 1000;
  await until('every duration', async () => (await durationsCached(page)) >= CLIPS);
  const allDurations = (performance.now() - t0) / 1000;

  // Reopen: a fresh load of the screen restores today's folder and reads the cache.
  await page.goto('/box');
  const t1 = performance.now();
  await page.goto('/box/video-selection');
  await page.getByTestId('loading-screen').waitFor();
  const reopenBoot = (performance.now() - t1) / 1000;
  await until('15 thumbnails after reopening', async () => (await thumbnailsShown(page)) >= 15);
  const reopen = (performance.now() - t1) / 1000;

  const js = boxJavaScriptGzipped();
  console.log(`clips in folder:                      ${CLIPS} (1920x1080, 4 s, MP4 and WebM)`);
  console.log(`page 1 shows 15 thumbnails:           ${firstPage.toFixed(2)} s after Browse`);
  console.log(`                                      ${beyond(firstPage, AIM_FIRST_PAGE_BEYOND_S)}`);
  console.log(`every duration known:                 ${allDurations.toFixed(2)} s after Browse`);
  console.log(`reopened, page 1 back from the cache: ${reopen.toFixed(2)} s after opening the screen`);
  console.log(`                                      ${beyond(reopen, AIM_REOPEN_BEYOND_S)}`);
  console.log(`                                      of which ${reopenBoot.toFixed(2)} s before the loading screen showed`);
  console.log(
    `/box JavaScript, gzipped:             ${js.kib.toFixed(1)} KiB in ${js.files} files (aim: <= 150 KiB) -> ${js.kib <= 150 ? 'met' : 'NOT met'}`,
  );
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
