// Kiosk-specific seeding for the browser tests: a venue with a court, and this browser's kiosk
// registered (and authorised, unless asked otherwise) through the real API as the super admin.
// The kiosk's id is fixed before its first page load, as if the kiosk had made it earlier.
import type { BrowserContext } from 'playwright-core';
import { AdminApi } from './api.ts';
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
  const admin = await AdminApi.login(server);
  const { venue } = await admin.call('createVenue', { body: { name: 'Arena Senayan', location: 'Jakarta' } });
  const { field } = await admin.call('createField', { body: { venueId: venue.id, name: 'Court 1' } });
  const deviceId = options.deviceId ?? testDeviceId();
  await admin.call('registerDevice', { body: { deviceId, venueId: venue.id, fieldId: field.id } });
  await admin.call('authorizeDevice', { body: { deviceId, isAuthorized: options.authorized ?? true } });
  if (options.staging) await admin.call('setDeviceStaging', { body: { deviceId, staging: true } });
  return { admin, venueId: venue.id, fieldId: field.id, deviceId };
}

/** Prices for the live or staging kiosk. */
export async function setPricing(
  admin: AdminApi,
  pricing: { price: number; gateway: boolean; tiers?: { QUANTITY: number; PRICE: number; ENABLED: boolean }[] },
  staging = false,
) {
  const suffix = staging ? '_STAGING' : '';
  const setPrice = () => admin.setConfig(`DEFAULT_PRICE${suffix}`, String(pricing.price));
  const setTiers = () => admin.setConfig(`PROMO_TABLE${suffix}`, JSON.stringify(pricing.tiers));
  if (!pricing.gateway) await admin.setConfig(`ENABLE_PAYMENT_GATEWAY${suffix}`, 'false');
  // The server refuses a price table under which more clips cost less (issue 24 point 3), between
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
