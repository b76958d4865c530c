// The kiosk stays lean: the service worker precaches what the kiosk needs offline and
// nothing only the back-office or a player's phone opens. Read from the built precache manifest in
// pwa/dist/sw.js (`npm run build` first), not from page requests. Which chunks hold admin or
// phone-only code is read from the chunks' own source maps, independently of how the build
// decides what to leave out.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './support/index.ts';

const dist = join(repoRoot, 'pwa', 'dist');
const assets = join(dist, 'assets');

let precached: Set<string>;

/** `precacheAndRoute([{url:"assets/index-abc.js",revision:null}, ...])` in the generated sw.js. */
function precacheEntries(sw: string): string[] {
  const call = /precacheAndRoute\((\[[\s\S]*?\])\s*,\s*\{/.exec(sw) ?? /precacheAndRoute\((\[[\s\S]*?\])\)/.exec(sw);
  if (!call?.[1]) throw new Error('no precacheAndRoute([...]) in pwa/dist/sw.js');
  return [...call[1].matchAll(/url:\s*"([^"]+)"/g)].map((m) => m[1]!.replace(/^\//, ''));
}

/** Script chunks whose source map lists a module under pwa/src/<path>. */
function chunksWithSourcesIn(path: string): string[] {
  return readdirSync(assets)
    .filter((f) => f.endsWith('.js') && existsSync(join(assets, `${f}.map`)))
    .filter((f) => {
      const map = JSON.parse(readFileSync(join(assets, `${f}.map`), 'utf8')) as { sources: string[] };
      return map.sources.some((s) => s.replace(/\\/g, '/').includes(`/src/${path}`));
    })
    .map((f) => `assets/${f}`);
}

/** The style sheet Vite emits for a script chunk carries the chunk's name: Name-hash.js -> Name-hash2.css. */
function styleSheetsOf(chunks: string[]): string[] {
  const names = new Set(chunks.map((c) => c.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '')));
  return readdirSync(assets)
    .filter((f) => f.endsWith('.css') && names.has(f.replace(/-[\w-]{8}\.css$/, '')))
    .map((f) => `assets/${f}`);
}

beforeAll(() => {
  const sw = join(dist, 'sw.js');
  if (!existsSync(sw)) throw new Error('pwa/dist/sw.js is missing: run `npm run build` before the browser tests');
  precached = new Set(precacheEntries(readFileSync(sw, 'utf8')));
});

describe('the service worker precache manifest', () => {
  it('lists the kiosk: its entry chunk, index.html and the kiosk screens', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const entry = /<script type="module"[^>]*src="\/?(assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeTruthy();
    expect(precached).toContain(entry);
    expect(precached).toContain('index.html');
    for (const screen of ['kiosk/HomePage.tsx', 'kiosk/VideoSelectionPage.tsx', 'kiosk/checkout/CheckoutPage.tsx']) {
      const chunks = chunksWithSourcesIn(screen);
      expect(chunks.length).toBeGreaterThan(0);
      expect(chunks.filter((c) => precached.has(c))).toEqual(chunks);
    }
  });

  it("the home screen's rules come in two sheets, both precached and neither with a back-office rule: index.html's and the started app's", () => {
    // The entry (main.tsx) sends the kiosk's first requests, then imports the app (start.tsx), whose
    // sheet Vite fetches beside its script before running it: the home screen's own rules are there.
    // Any other sheet among the app's shared chunks would be one request more before the first paint.
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const linked = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/?(assets\/[^"]+\.css)"/g)].map((m) => m[1]!);
    expect(linked).toHaveLength(1);
    const started = styleSheetsOf(chunksWithSourcesIn('start.tsx').filter((c) => /\/start-[\w-]{8}\.js$/.test(c)));
    expect(started).toHaveLength(1);
    const css = [...linked, ...started].map((sheet) => readFileSync(join(dist, sheet), 'utf8')).join('\n');
    for (const rule of [
      ':root{',
      '.home{',
      '.home-cta{',
      '.logo{',
      '.fullscreen-message{',
      '.language-switch{',
      '.status-chip{',
      '.btn-xl{',
    ])
      expect(css).toContain(rule);
    expect(css).not.toContain('.admin');
    for (const sheet of [...linked, ...started]) expect(precached).toContain(sheet);
  });

  it('leaves out every chunk and style sheet that holds back-office code', () => {
    const admin = chunksWithSourcesIn('admin/');
    expect(admin.length).toBeGreaterThan(0);
    const adminCss = styleSheetsOf(admin);
    expect(adminCss.length).toBeGreaterThan(0);
    expect([...admin, ...adminCss].filter((f) => precached.has(f))).toEqual([]);
  });

  it("leaves out the payment result pages, which only a player's phone opens", () => {
    const payment = chunksWithSourcesIn('payment/');
    expect(payment.length).toBeGreaterThan(0);
    expect(payment.filter((f) => precached.has(f))).toEqual([]);
  });
});
