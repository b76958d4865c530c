// `npm run bench`: the kiosk's selection screen on a folder of 120 generated 1080p clips, and on a
// recorder's full day (2,900 files in four court subfolders; BENCH_KIOSK_CASE=clips or day runs one), against
// the built PWA and the real server in Debian's Chromium: seconds until page 1 shows all 15
// thumbnails, until every duration is known, and until page 1 is back after reopening (from the
// IndexedDB cache); plus the JavaScript /box downloads, gzipped (aim: at most 150 KiB). Each time
// includes the spec's 3 s minimum loading screen; the page 1 figures are also given beyond it
// (aims: page 1 within 1.5 s, reopening within 0.3 s). Prints figures; never fails.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { LOADING_MIN_DISPLAY_MS } from '@courtreplay/shared';
import {
  feedFolder,
  FULL_CHROMIUM_PATH,
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
/** The aims, in seconds beyond the minimum loading screen. */
const AIM_FIRST_PAGE_BEYOND_S = 1.5;
const AIM_REOPEN_BEYOND_S = 0.3;

/** '2.34 s beyond the 3 s minimum loading screen (aim: <= 1.5 s) -> met' */
const beyond = (seconds: number, aim: number) => {
  const extra = seconds - MIN_LOADING_S;
  return `${extra.toFixed(2)} s beyond the ${MIN_LOADING_S} s minimum loading screen (aim: <= ${aim} s) -> ${extra <= aim ? 'met' : 'NOT met'}`;
};
const dist = join(repoRoot, 'pwa/dist');

/**
 * The JS files index.html loads, followed through their static imports and the entry's import of
 * the app (main.tsx loads start.tsx once it has sent its requests), gzipped.
 */
function boxJavaScriptGzipped(): { files: number; kib: number } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const queue = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const entry = /<script[^>]*src="\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (entry) {
    const app = readFileSync(join(dist, entry)).toString();
    for (const m of app.matchAll(/import\(["'`]\.\/([^"'`]+\.js)["'`]\)/g)) queue.push(`assets/${m[1]}`);
  }
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

/**
 * A recorder's full day: four court subfolders, 12 hours of 60 s clips each (2,880 files named
 * `Court 2 14.03.30.mp4`), 20 marked clips and a temporary file per court still being written
 * (`.Court 1 ….mp4`, never listed). Written oldest first, so each file's modified time follows its name.
 */
async function fillFolderWithDay(page: Page) {
  await feedFolder(page, [{ name: 'seed.mp4', path: makeClip({ format: 'mp4', width: 640, height: 360, seconds: 2 }) }]);
  // No named functions inside: the page cannot see the helper tsx wraps them in.
  await page.evaluate(async () => {
    const root = await (await navigator.storage.getDirectory()).getDirectoryHandle('clips');
    const seed = await (await root.getFileHandle('seed.mp4')).getFile();
    const clock = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Jakarta',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    const courts = await Promise.all([1, 2, 3, 4].map((n) => root.getDirectoryHandle(`Court ${n}`, { create: true })));
    const now = Date.now();
    for (let minute = 720; minute >= 0; minute--) {
      const start = now - minute * 60_000;
      const names = courts.map((_, i) => `${minute === 0 ? '.' : ''}Court ${i + 1} ${clock.format(start).replaceAll(':', '.')}.mp4`);
      const targets: [FileSystemDirectoryHandle, string][] = courts.map((dir, i) => [dir, names[i]!]);
      if (minute % 36 === 0 && minute > 0)
        targets.push([courts[1]!, `Court 2 ${clock.format(start + 20_000).replaceAll(':', '.')} marked.mp4`]);
      for (const [dir, name] of targets) {
        const w = await (await dir.getFileHandle(name, { create: true })).createWritable();
        await w.write(seed);
        await w.close();
      }
    }
    await root.removeEntry('seed.mp4');
  });
}

const listedTemporary = (page: Page) => page.getByText(/^\.Court/).count();

if (!existsSync(join(dist, 'index.html'))) throw new Error('pwa/dist is missing: run `npm run build` first.');
const only = process.env.BENCH_KIOSK_CASE;
const server = await startServer();
const browser = await launchBrowser(FULL_CHROMIUM_PATH);
try {
  const seed = await seedKiosk(server);
  for (const name of ['Court 2', 'Court 3', 'Court 4']) await seed.admin.call('createField', { body: { venueId: seed.venueId, name } });

  /** Opens the screen on a fresh kiosk whose folder `fill` wrote; times page 1 and a reopening. */
  async function measure(fill: (page: Page) => Promise<void>, durationsOf: number | null) {
    const context = await newKioskContext(browser, server.url);
    await assignDeviceId(context, seed.deviceId);
    await installFolderPicker(context);
    const page = await context.newPage();
    await page.goto('/box');
    await fill(page);
    await page.goto('/box/video-selection');
    const browse = page.getByRole('button', { name: 'Browse Videos' });
    await browse.waitFor();

    const t0 = performance.now();
    await browse.click();
    await until('15 thumbnails', async () => (await thumbnailsShown(page)) >= 15);
    const firstPage = (performance.now() - t0) / 1000;
    const temporary = await listedTemporary(page);
    let allDurations: number | null = null;
    if (durationsOf !== null) {
      await until('every duration', async () => (await durationsCached(page)) >= durationsOf);
      allDurations = (performance.now() - t0) / 1000;
    }

    // Reopen: a fresh load of the screen restores today's folder and reads the cache.
    await page.goto('/box');
    const t1 = performance.now();
    await page.goto('/box/video-selection');
    await page.getByTestId('loading-screen').waitFor();
    const reopenBoot = (performance.now() - t1) / 1000;
    await until('15 thumbnails after reopening', async () => (await thumbnailsShown(page)) >= 15);
    const reopen = (performance.now() - t1) / 1000;
    await context.close();
    return { firstPage, allDurations, reopen, reopenBoot, temporary };
  }

  const print = (r: Awaited<ReturnType<typeof measure>>) => {
    console.log(`page 1 shows 15 thumbnails:           ${r.firstPage.toFixed(2)} s after Browse`);
    console.log(`                                      ${beyond(r.firstPage, AIM_FIRST_PAGE_BEYOND_S)}`);
    if (r.allDurations !== null) console.log(`every duration known:                 ${r.allDurations.toFixed(2)} s after Browse`);
    console.log(`reopened, page 1 back from the cache: ${r.reopen.toFixed(2)} s after opening the screen`);
    console.log(`                                      ${beyond(r.reopen, AIM_REOPEN_BEYOND_S)}`);
    console.log(`                                      of which ${r.reopenBoot.toFixed(2)} s before the loading screen showed`);
  };

  if (!only || only === 'clips') {
    console.log(`clips in folder:                      ${CLIPS} (1920x1080, 4 s, MP4 and WebM)`);
    print(await measure((page) => fillFolder(page, CLIPS), CLIPS));
  }
  if (!only || only === 'day') {
    console.log(`\na recorder's full day:                4 courts x 720 clips of 60 s + 20 marked (640x360, 2 s files), 4 temporary`);
    const day = await measure(fillFolderWithDay, null);
    print(day);
    console.log(`temporary (.name) files listed:       ${day.temporary} (aim: 0)`);
  }
  const js = boxJavaScriptGzipped();
  console.log(
    `/box JavaScript, gzipped:             ${js.kib.toFixed(1)} KiB in ${js.files} files (aim: <= 150 KiB) -> ${js.kib <= 150 ? 'met' : 'NOT met'}`,
  );
} finally {
  await browser.close();
  await server.stop();
}
