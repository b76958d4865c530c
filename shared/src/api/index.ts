// Request and response schemas of every call of spec section 7 that the sync-server core answers
// (admins, auth, venues, courts, devices, promo codes, configuration). Both sides infer their types
// from these; the server validates every body with them.
export * from './common.ts';
export * from './auth.ts';
export * from './admins.ts';
export * from './venues.ts';
export * from './devices.ts';
export * from './promos.ts';
export * from './config.ts';
export * from './purchases.ts';
export * from './kiosk-reports.ts';
export * from './integrations.ts';
export * from './storage.ts';
export * from './payments.ts';
export * from './staff-pin.ts';
export * from './audit.ts';
export * from './reports.ts';
export * from './setup.ts';
export * from './error-log.ts';
export * from './whatsapp.ts';
export * from './recorders.ts';
export * from './mark-clips.ts';
export * from './phone-store.ts';
