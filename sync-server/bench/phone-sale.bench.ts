// `npm run bench -- phone-sale`: a rally bought on the phone that marked it, on the real server
// (child process, local storage, payment simulator) and a phone-sized Chromium:
// - tap to preview playing: from "Mark this moment" to the rally's preview playing in the store,
//   with the venue's uplink held to 10 Mbit/s. The recorder is played by the test recorder through
//   its HTTP contract (ffmpeg-made 11 s 1080p clip and its 640 px preview), sending the preview then
//   the clip at 10 Mbit/s the moment it hears of the mark: the recorder's own cut (the window after
//   the tap, then the cut: `npm run bench -- recorder`) comes on top;
// - payment notification to the full clip playing: the phone waits on the purchase's page, the
//   provider's notification comes, and the clip plays there;
// - what /c/{courtCode} loads (its script and page, gzipped), and its largest contentful paint on
//   Lighthouse's slow 4G (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) with the CPU 4x slower.
// Prints figures; never fails.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { FULL_CHROMIUM_PATH, launchBrowser } from '../../e2e/support/browser.ts';
import { markedClipFiles } from '../src/testing/marked-clip-files.ts';
import { testRecorder, type TestRecorder } from '../src/testing/test-recorder.ts';
import { BENCH_ADMIN, startServer, summary } from './support.ts';

const TAPS = Number(process.env.BENCH_TAPS ?? 10);
const LCP_RUNS = Number(process.env.BENCH_LCP_RUNS ?? 5);
const UPLINK_BITS_PER_S = 10_000_000;
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const CAMERA = 'rtsp://recorder:secret@192.168.1.64:554/Streaming/Channels/101';
// bypassCSP: the bench's own checks in the page are strings (this file is typed without the DOM), which the page's CSP refuses to evaluate.
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true } as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The venue's uplink: every byte the recorder sends takes its time at 10 Mbit/s. */
const uplink: typeof fetch = async (input, init) => {
  const body = init?.body;
  const bytes = body instanceof Blob ? body.size : typeof body === 'string' ? body.length : 0;
  if (bytes > 0) await sleep((bytes * 8 * 1000) / UPLINK_BITS_PER_S);
  return fetch(input, init);
};

async function setUp(base: string) {
  const json = async <T>(method: string, path: string, body: unknown, token?: string): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const { token } = await json<{ token: string }>('POST', '/api/admin/login', BENCH_ADMIN);
  const { venue } = await json<{ venue: { id: number } }>('POST', '/api/venue/create', { name: 'Bench Arena', location: 'Jakarta' }, token);
  const courts: { id: number; code: string }[] = [];
  // A court per tap: a court takes one mark per 10 s, and the taps come faster.
  for (let i = 0; i < TAPS + 1; i++) {
    const { field } = await json<{ field: { id: number } }>(
      'POST',
      '/api/field/create',
      { name: `Court ${i + 1}`, venueId: venue.id },
      token,
    );
    await json('PUT', `/api/field/${field.id}/camera`, { url: CAMERA }, token);
    courts.push({ id: field.id, code: '' });
  }
  const listed = await (await fetch(`${base}/api/field/venue/${venue.id}`, { headers: { Authorization: `Bearer ${token}` } })).json();
  for (const court of courts)
    court.code = (listed as { id: number; markUrl: string }[]).find((f) => f.id === court.id)!.markUrl.split('/c/')[1]!;
  await json('PUT', '/api/admin/config', { key: 'DEFAULT_PRICE', value: '15000' }, token);
  const made = await json<{ token: string }>('POST', '/api/admin/recorders', { venueId: venue.id, name: 'Bench recorder' }, token);
  return { courts, recorderToken: made.token };
}

/** The recorder's heartbeat: every court's camera recording. */
const beat = (recorder: TestRecorder, courts: { id: number }[]) => recorder.reportRecording(courts.map((c) => c.id));

/** Resolves once a video on the page has played (currentTime above 0), checked in the page every animation frame. */
const videoPlaying = (page: Page, selector: string) =>
  page.waitForFunction(`[...document.querySelectorAll(${JSON.stringify(selector)})].some((v) => v.currentTime > 0)`, undefined, {
    polling: 'raf',
    timeout: 60_000,
  });

// In the page (this file is typed without the DOM): the largest contentful paint so far.
const RECORD_LCP = `window.lcp = 0; new PerformanceObserver((list) => { for (const e of list.getEntries()) window.lcp = Math.max(window.lcp, e.startTime); }).observe({ type: 'largest-contentful-paint', buffered: true });`;

async function lcpOf(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await page.addInitScript(RECORD_LCP);
  await page.goto(url, { waitUntil: 'load' });
  // LCP is final at the first input; the page has painted what it paints once loaded.
  await page.waitForFunction('window.lcp > 0');
  await page.mouse.click(1, 1);
  const lcp = (await page.evaluate('window.lcp')) as number;
  await page.close();
  return lcp;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'courtreplay-bench-phone-sale-'));
  const server = await startServer(dataDir);
  let browser: Browser | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  try {
    const base = server.url;
    const files = markedClipFiles({ seconds: 11, width: 1920, height: 1080, bitrate: '4M' });
    const { courts, recorderToken } = await setUp(base);
    const recorder = testRecorder({ baseUrl: base, token: recorderToken, fetch: uplink, chunkBytes: 8 * 1024 * 1024 });
    await beat(recorder, courts);
    heartbeat = setInterval(() => void beat(recorder, courts).catch(() => undefined), 5_000);
    let cursor = (await recorder.marks()).cursor;
    browser = await launchBrowser(FULL_CHROMIUM_PATH);

    const toPreview: number[] = [];
    const toClip: number[] = [];
    for (let i = 0; i < TAPS; i++) {
      const court = courts[i]!;
      const context = await browser.newContext({ baseURL: base, ...PHONE });
      const page = await context.newPage();
      await page.goto(`/c/${court.code}`);
      const tapped = performance.now();
      await Promise.all([page.waitForURL(/\/mark$/), page.getByRole('button', { name: 'Mark this moment' }).click()]);
      const heard = await recorder.marks(cursor);
      cursor = heard.cursor;
      const markId = heard.marks.at(-1)!.id;
      const delivered = recorder.deliver(markId, files);
      await videoPlaying(page, `#rallies li[data-id="${markId}"] video`);
      toPreview.push(performance.now() - tapped);
      await delivered;

      // Bought, the phone on its purchase's page waiting for the payment; then the notification.
      await page.waitForFunction(`document.querySelector('#rallies li[data-id="${markId}"] input')?.disabled === false`);
      await page.locator(`#rallies li[data-id="${markId}"] input`).check();
      await Promise.all([page.waitForURL(/\/simulator\/.+\/pay$/), page.locator('#pay-button').click()]);
      const token = page.url().split('/simulator/')[1]!.split('/pay')[0]!;
      await page.goto(await phonePageOf(base, token));
      const notified = performance.now();
      const paid = await fetch(`${base}/api/payment/simulator/${token}/success`, { method: 'POST' });
      if (!paid.ok) throw new Error(`payment: ${paid.status}`);
      await videoPlaying(page, '#clips video');
      toClip.push(performance.now() - notified);
      await context.close();
    }

    const script = Buffer.from(await (await fetch(`${base}/c/store.js`)).arrayBuffer());
    const phone = await browser.newContext({ baseURL: base, ...PHONE });
    const html = await (await phone.request.get(`${base}/c/${courts[TAPS]!.code}`)).body();
    const lcps: number[] = [];
    for (let run = 0; run < LCP_RUNS; run++) lcps.push(await lcpOf(phone, `/c/${courts[TAPS]!.code}`));
    await phone.close();

    const s = (ms: number) => (ms / 1000).toFixed(2);
    const preview = summary(toPreview);
    const clip = summary(toClip);
    const lcp = summary(lcps);
    console.log(
      `tap -> preview playing (uplink 10 Mbit/s; ${(files.preview.length / 1e6).toFixed(2)} MB preview, ${(files.clip.length / 1e6).toFixed(2)} MB clip; the recorder's cut not included): p50 ${s(preview.median)} s, p95 ${s(preview.p95)} s (${TAPS} taps)`,
    );
    console.log(`payment notification -> full clip playing: p50 ${s(clip.median)} s, p95 ${s(clip.p95)} s (aim p95 <= 2 s)`);
    console.log(
      `/c/{courtCode}: script ${(script.length / 1024).toFixed(1)} KiB, ${(gzipSync(script).length / 1024).toFixed(1)} KiB gzipped (aim <= 60 KiB); page ${(gzipSync(html).length / 1024).toFixed(1)} KiB gzipped`,
    );
    console.log(
      `/c/{courtCode} largest contentful paint, slow 4G and CPU 4x slower: median ${s(lcp.median)} s, max ${s(lcp.max)} s (aim <= 2.5 s, ${LCP_RUNS} runs)`,
    );
  } finally {
    if (heartbeat) clearInterval(heartbeat);
    await browser?.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The purchase's page, as the payment page sends the phone back to it (its Close pays nothing). */
async function phonePageOf(base: string, paymentToken: string): Promise<string> {
  const form = await fetch(`${base}/api/payment/simulator/${paymentToken}/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'outcome=close',
    redirect: 'manual',
  });
  const back = form.headers.get('Location');
  if (!back) throw new Error(`the payment page sent the phone nowhere (${form.status})`);
  return back;
}

await main();
