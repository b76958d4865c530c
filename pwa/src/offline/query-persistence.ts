// Server state the kiosk needs offline (prices, tiers, the gateway flag, device authorisation, CMS
// settings) persisted to IndexedDB, so checkout shows correct totals with the network down and
// after a browser restart. Only the kiosk's queries are kept: the back-office's data stays in memory.
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { removeOldestQuery, type PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { idbKv, PERSISTED_QUERIES_KEY } from './idb-kv.ts';

/** Kept a month: a kiosk may be switched off over a holiday and must still open offline. */
export const PERSIST_MAX_AGE_MS = 30 * 24 * 3_600_000;
/** Query keys under this prefix are persisted (see kiosk/queries.ts's kioskKeys). */
export const PERSISTED_PREFIX = 'kiosk';

/** Raise when a persisted query's data changes shape: the old cache is then discarded. */
const CACHE_SHAPE_VERSION = '1';

const idbStorage = { getItem: idbKv.get, setItem: idbKv.set, removeItem: idbKv.remove };

export const queryPersister = createAsyncStoragePersister({
  storage: idbStorage,
  key: PERSISTED_QUERIES_KEY,
  throttleTime: 500,
  // Storage full (QuotaExceededError): drop the oldest query and try again rather than keep nothing.
  retry: removeOldestQuery,
});

export function persistOptions(): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: queryPersister,
    maxAge: PERSIST_MAX_AGE_MS,
    buster: CACHE_SHAPE_VERSION,
    dehydrateOptions: {
      // Whatever has data: a refetch that failed (offline) keeps the last answer, which must stay.
      shouldDehydrateQuery: (q) => q.queryKey[0] === PERSISTED_PREFIX && q.state.data !== undefined,
    },
  };
}

/**
 * Readies the client for offline use. A persisted query that nothing observes for gcTime is
 * dropped from memory and then from the persisted cache, so the configuration read on the home
 * screen would be gone by checkout an hour later: keep the kiosk's queries as long as they are
 * persisted.
 */
export function keepKioskQueries(client: QueryClient): void {
  // TanStack Query assumes "online" until an offline event arrives; a page loaded offline would
  // then try (and fail) every fetch instead of pausing it until the network is back.
  onlineManager.setOnline(navigator.onLine);
  // Infinity, not the month: a timer above 2^31 ms fires at once.
  client.setQueryDefaults([PERSISTED_PREFIX], { gcTime: Infinity });
}
