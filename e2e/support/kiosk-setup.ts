// Kiosk-specific seeding for the browser tests: a venue with a court, and this browser's kiosk
// registered (and authorised, unless asked otherwise) through the real API as the super admin.
// The kiosk's id is fixed before its first page load, as if the kiosk had made it earlier.
// `openKioskGrid` / `openKioskCheckout` open the kiosk of a file's rig (support/rig.ts) with clips in
// its folder, on the grid or at checkout.
import type { BrowserContext, Page } from 'playwright-core';
import { KioskCheckoutPage } from '../pages/kiosk-checkout-page.ts';
import { KioskSelectionPage } from '../pages/kiosk-selection-page.ts';
import { AdminApi } from './api.ts';
import { newKioskContext } from './browser.ts';
import type { Rig } from './rig.ts';
import { feedFolder, installFolderPicker, type FolderFile } from './folder.ts';
import type { TestServer } from './server.ts';

export interface KioskSeed {
  admin: AdminApi;
  venueId: number;
  fieldId: number;
  deviceId: string;
}

let counter = 0;

export function testDeviceId(): string {
  counter++;
  return `e2e0kiosk0${String(counter).padStart(4, '0')}-${Math.random().toString(16).slice(2, 14).padEnd(12, '0')}`;
}

/** Makes the context's kiosk use `deviceId` from its first page load. */
export async function useDeviceId(context: BrowserContext, deviceId: string): Promise<void> {
  await context.addInitScript((id: string) => {
    if (!localStorage.getItem('deviceId')) localStorage.setItem('deviceId', id);
  }, deviceId);
}

/** `staging`: mark the kiosk as a test device, the only kind whose /staging screens sell. */
export async function seedKiosk(
  server: TestServer,
  options: { authorized?: boolean; deviceId?: string; staging?: boolean } = {},
): Promise<KioskSeed> {
  const admin = await AdminApi.of(server);
  const { venue } = await admin.call('createVenue', { body: { name: 'Arena Senayan', location: 'Jakarta' } });
  const { field } = await admin.call('createField', { body: { venueId: venue.id, name: 'Court 1' } });
  const deviceId = options.deviceId ?? testDeviceId();
  await admin.call('registerDevice', { body: { deviceId, venueId: venue.id, fieldId: field.id } });
  await admin.call('authorizeDevice', { body: { deviceId, isAuthorized: options.authorized ?? true } });
  if (options.staging) await admin.call('setDeviceStaging', { body: { deviceId, staging: true } });
  return { admin, venueId: venue.id, fieldId: field.id, deviceId };
}

/** What a kiosk sells at: the price of one clip, the payment gateway on or off, the bundle tiers. */
export interface Pricing {
  price: number;
  gateway: boolean;
  tiers?: { QUANTITY: number; PRICE: number; ENABLED: boolean }[];
}

/** Prices for the live or staging kiosk. */
export async function setPricing(admin: AdminApi, pricing: Pricing, staging = false) {
  const suffix = staging ? '_STAGING' : '';
  const setPrice = () => admin.setConfig(`DEFAULT_PRICE${suffix}`, String(pricing.price));
  const setTiers = () => admin.setConfig(`PROMO_TABLE${suffix}`, JSON.stringify(pricing.tiers));
  if (!pricing.gateway) await admin.setConfig(`ENABLE_PAYMENT_GATEWAY${suffix}`, 'false');
  // The server refuses a price table under which more clips cost less, between
  // the two writes too: a new price the old tiers would undercut goes in after the new tiers.
  const priceFirst = await setPrice().then(
    () => true,
    (err: unknown) => {
      if (!pricing.tiers?.length) throw err;
      return false;
    },
  );
  if (pricing.tiers?.length) await setTiers();
  if (!priceFirst) await setPrice();
  if (pricing.gateway) await admin.setConfig(`ENABLE_PAYMENT_GATEWAY${suffix}`, 'true');
}

/** What opening the kiosk needs of a rig: its server, its browser and the kiosk's seed. */
export type KioskRig = Pick<Rig, 'server' | 'browser' | 'seed'>;

export interface KioskOnGrid {
  context: BrowserContext;
  page: Page;
  selection: KioskSelectionPage;
}

/**
 * The rig's kiosk in a fresh browser context (`viewport` as given, the kiosk PC's otherwise) with
 * `clips` in its folder, on the Video Selection grid. `beforeLoad` runs before the first page loads.
 */
export async function openKioskGrid(
  rig: KioskRig,
  clips: FolderFile[],
  options: { viewport?: { width: number; height: number }; beforeLoad?: (context: BrowserContext) => Promise<void> } = {},
): Promise<KioskOnGrid> {
  const context = await newKioskContext(rig.browser, rig.server.url, options.viewport ? { viewport: options.viewport } : {});
  await useDeviceId(context, rig.seed.deviceId);
  await installFolderPicker(context);
  await options.beforeLoad?.(context);
  const page = await context.newPage();
  await page.goto('/box');
  await feedFolder(page, clips);
  await page.goto('/box/video-selection');
  const selection = new KioskSelectionPage(page);
  await selection.open();
  return { context, page, selection };
}

/** The rig's kiosk on its checkout screen with the first `count` of `clips` in the cart. */
export async function openKioskCheckout(
  rig: KioskRig,
  clips: FolderFile[],
  count = 1,
): Promise<{ context: BrowserContext; page: Page; checkout: KioskCheckoutPage }> {
  const { context, page, selection } = await openKioskGrid(rig, clips);
  for (let i = 0; i < count; i++) await selection.selectNth(i);
  await selection.checkoutButton().click();
  const checkout = new KioskCheckoutPage(page);
  await checkout.title().waitFor();
  return { context, page, checkout };
}
