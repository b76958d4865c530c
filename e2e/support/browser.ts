// Debian's Chromium driven by playwright-core. Never downloads a browser of its own.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
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
