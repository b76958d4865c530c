// A query's state read straight from the cache. useQuery shows nothing new while the persisted
// answers are being read back from IndexedDB at start-up (TanStack holds its observers until then),
// so an answer the kiosk asked the server for at boot would wait for that read too, which on a slow
// kiosk PC held the home screen's "See Your …" back by most of a second.
import { useCallback, useSyncExternalStore } from 'react';
import { hashKey, useQueryClient, type QueryKey, type QueryState } from '@tanstack/react-query';

export function useLiveQueryState<T>(queryKey: QueryKey): QueryState<T> | undefined {
  const client = useQueryClient();
  const hash = hashKey(queryKey);
  const subscribe = useCallback(
    (notify: () => void) =>
      client.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === hash) notify();
      }),
    [client, hash],
  );
  return useSyncExternalStore(subscribe, () => client.getQueryCache().get<T, Error, T, QueryKey>(hash)?.state);
}
