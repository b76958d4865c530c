// Debian's Chromium driven by playwright-core. Never downloads a browser of its own.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

/**
 * The browser tests run in Debian's chromium-headless-shell: the same Blink, V8 and media stack as
 * the kiosk's Chromium, without the full browser's windowing and UI layers, as Playwright's own
 * headless mode does. The whole browser suite took 801 s of CPU there against 1,124 s in the full
 * browser on the 2-core CI machine, with the same tests passing.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** The full browser a kiosk PC runs: for the benchmarks, whose figures are a player's. */
export const FULL_CHROMIUM_PATH = '/usr/bin/chromium';

// Without the background-networking flags Chromium keeps trying to reach the internet, which
// this machine's closed network refuses.
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--autoplay-policy=no-user-gesture-required',
];

export async function launchBrowser(executablePath = CHROMIUM_PATH): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_FLAGS });
}

/** The kiosk PC: a landscape full-HD screen unless told otherwise; touch on. */
export async function newKioskContext(browser: Browser, baseURL: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 1920, height: 1080 },
    hasTouch: true,
    acceptDownloads: true,
    serviceWorkers: 'allow',
    ...options,
  });
}

/** The portrait kiosk screen the spec designs for. */
export const PORTRAIT_KIOSK = { viewport: { width: 1080, height: 1920 } } as const;

/** A phone in portrait, as a player holds it at the court (touch, downloads allowed). */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, acceptDownloads: true } as const;
