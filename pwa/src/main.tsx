// The shared sheets come first, so each component's own sheet (imported with the component) follows
// them in the bundle and wins over them where both style one element.
import './styles/tokens.css';
import './styles/base.css';
import './styles/kiosk-shared.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient } from '@tanstack/react-query';
import { App } from './App.tsx';
import { setCredentialSources } from './lib/api-client.ts';
import { ensureDeviceId, getDeviceId } from './lib/device-identity.ts';
import { OfflineProvider } from './offline/OfflineProvider.tsx';
import { registerOfflineServiceWorker } from './offline/sw-update.ts';
import { keepKioskQueries, preloadPersistedQueries } from './offline/query-persistence.ts';
import { deviceStatusQuery, productQuery } from './kiosk/queries.ts';

setCredentialSources({ deviceId: getDeviceId });

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false } },
});

// Re-sync the device id's cookie and localStorage copies on every start: the authorisation query
// that also does it may be answered from the persisted cache without running.
void ensureDeviceId();

// A kiosk asks the server about itself (and the product name) now, not once React has mounted and
// the persisted answers are read back from IndexedDB: after a night off its stored answer is too old
// to decide, so the home screen's "See Your …" waits for this request, which then overlaps start-up.
if (/^\/(box|staging)(\/|$)/.test(window.location.pathname)) {
  preloadPersistedQueries();
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
