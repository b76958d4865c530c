// The page's one phone-token stock (phone-token-stock.ts), wired to localStorage and the API client.
// The outbox's loop refills it whenever the kiosk is online; the checkout takes from it.
import { call } from '../lib/api-client.ts';
import { getDeviceAuthorizedCookie, getDeviceId } from '../lib/device-identity.ts';
import { isOnline } from '../offline/network.ts';
import { createPhoneTokenStock } from './phone-token-stock.ts';

export const phoneTokenStock = createPhoneTokenStock({
  // Looked up on each use, so importing this module needs no browser.
  store: { getItem: (key) => localStorage.getItem(key), setItem: (key, value) => localStorage.setItem(key, value) },
  fetchTokens: async (count) => (await call('issuePhoneTokens', { body: { count } })).tokens,
  isOnline,
  // Only a kiosk the server has said is authorised asks: a browser that merely has an id (an admin
  // who once opened the kiosk page, a kiosk not yet authorised) would be refused on every pass.
  isKiosk: () => getDeviceId() !== null && getDeviceAuthorizedCookie() === true,
  now: () => Date.now(),
});

/** A server-issued token for the next purchase, or undefined when the stock ran out (the server then draws one). */
export const takePhoneToken = (): string | undefined => phoneTokenStock.take();
