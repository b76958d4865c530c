// Wraps the app (in place of QueryClientProvider): restores the kiosk's persisted queries from
// IndexedDB before they are read, keeps persisting them, starts the background work that drains
// the outbox and runs the upload jobs, and has the CMS media cached as soon as it is named.
import { useEffect, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { whenIdle } from '../lib/when-idle.ts';
import { warmCmsMedia } from './media-warmup.ts';
import { keepKioskQueries, persistOptions } from './query-persistence.ts';

export function OfflineProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  keepKioskQueries(client);
  // Loaded once the first screen is up and the browser idle: the outbox code and Dexie are not needed to show /box.
  useEffect(() => whenIdle(() => void import('../outbox/runtime.ts').then((m) => m.startOutboxRuntime())), []);
  useEffect(() => warmCmsMedia(client), [client]);
  return (
    <PersistQueryClientProvider client={client} persistOptions={persistOptions()}>
      {children}
    </PersistQueryClientProvider>
  );
}
