// Starts the app, loaded by main.tsx once the kiosk's first requests are out.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient } from '@tanstack/react-query';
import { App } from './App.tsx';
import { ensureDeviceId } from './lib/device-identity.ts';
import { OfflineProvider } from './offline/OfflineProvider.tsx';
import { registerOfflineServiceWorker } from './offline/sw-update.ts';
import { keepKioskQueries } from './offline/query-persistence.ts';
import { isKioskPath } from './kiosk/boot-requests.ts';
import { deviceStatusQuery, productQuery } from './kiosk/queries.ts';

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false } },
});

// Re-sync the device id's cookie and localStorage copies on every start: the authorisation query
// that also does it may be answered from the persisted cache without running.
void ensureDeviceId();

// The kiosk's answers go into the cache now (the requests left from main.tsx), not once React has
// mounted and the persisted answers are read back from IndexedDB: after a night off the stored
// device answer is too old to decide, so the home screen's "See Your …" waits for it.
if (isKioskPath(window.location.pathname)) {
  keepKioskQueries(queryClient);
  void queryClient.prefetchQuery(deviceStatusQuery());
  void queryClient.prefetchQuery(productQuery());
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <OfflineProvider client={queryClient}>
      <App />
    </OfflineProvider>
  </StrictMode>,
);

registerOfflineServiceWorker();
