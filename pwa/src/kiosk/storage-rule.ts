// The kiosk home's storage rule (spec section 2): on load, local and session storage are cleared
// except for the device id, the user's e-mail, the hasSeenPromo flag, the token, the user, a test
// admin token and the admin user record. The stock of phone-page tokens the server issued to this
// kiosk is kept too: it is the device's, like its id, and clearing it at every return home would
// leave an offline sale without a QR code.
import { STOCK_KEY } from './phone-token-stock.ts';

export const KEPT_STORAGE_KEYS = [
  'deviceId',
  'userEmail',
  'hasSeenPromo',
  'token',
  'user',
  'testAdminToken',
  'adminUser',
  STOCK_KEY,
] as const;

interface KeyedStorage {
  readonly length: number;
  key(index: number): string | null;
  removeItem(key: string): void;
}

export function clearExceptKept(storage: KeyedStorage): void {
  const kept = new Set<string>(KEPT_STORAGE_KEYS);
  const doomed: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null && !kept.has(key)) doomed.push(key);
  }
  for (const key of doomed) storage.removeItem(key);
}
