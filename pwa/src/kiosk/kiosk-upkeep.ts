// Once per kiosk page: ask the browser to keep our storage (an evicted outbox would lose sales),
// and prune the kiosk's IndexedDB now and once a day (lib/db-prune.ts). Loaded lazily by the
// kiosk shell, so neither Dexie nor this is on the path to the first screen, nor in the back-office.
import { pruneKioskDb } from '../lib/db-prune.ts';

export const PRUNE_INTERVAL_MS = 24 * 60 * 60_000;

let started = false;

/** Persistent storage, asked once; null where the browser has no such thing or refuses to say. */
export async function requestPersistentStorage(
  storage: Partial<StorageManager> | undefined = globalThis.navigator?.storage,
): Promise<boolean | null> {
  if (!storage?.persist) return null;
  try {
    const granted = (await storage.persisted?.()) || (await storage.persist());
    // eslint-disable-next-line no-console -- a developer's hint only; a kiosk has no one reading its console
    if (import.meta.env.DEV) console.info(`[kiosk] persistent storage ${granted ? 'granted' : 'not granted'}`);
    return granted;
  } catch {
    return null;
  }
}

const prune = () => pruneKioskDb().catch(() => undefined);

export function startKioskUpkeep(): void {
  if (started) return;
  started = true;
  void requestPersistentStorage();
  void prune();
  setInterval(() => void prune(), PRUNE_INTERVAL_MS);
}
