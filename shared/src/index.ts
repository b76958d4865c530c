// The domain both sides obey. Pure TypeScript: no I/O, no Node or browser APIs.
export const PRODUCT_NAME_DEFAULT = 'CourtReplay';

export * from './constants.ts';
export * from './config-keys.ts';
export * from './format.ts';
export * from './languages.ts';
export * from './messages.ts';
export * from './messages-id.ts';
export * from './messages-admin-id.ts';
export * from './pricing.ts';
export * from './bundle-offer.ts';
export * from './purchase-window.ts';
export * from './validation.ts';
export * from './clip-names.ts';
export * from './camera-url.ts';
export * from './camera-reasons.ts';
export * from './error-entry-text.ts';
export * from './phone.ts';
export * from './purchase-courts.ts';
export * from './public-address.ts';
export * from './recorder-setup.ts';
export * from './recorder-setup-messages.ts';
export * from './api/index.ts';
export * from './contract/index.ts';
