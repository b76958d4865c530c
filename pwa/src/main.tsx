import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient } from '@tanstack/react-query';
import { App } from './App.tsx';
import { setCredentialSources } from './lib/api-client.ts';
import { ensureDeviceId, getDeviceId } from './lib/device-identity.ts';
import { OfflineProvider } from './offline/OfflineProvider.tsx';
import { registerOfflineServiceWorker } from './offline/sw-update.ts';
import './styles/tokens.css';
import './styles/base.css';
import './styles/kiosk.css';

setCredentialSources({ deviceId: getDeviceId });

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false } },
});

// Re-sync the device id's cookie and localStorage copies on every start: the authorisation query
// that also does it may be answered from the persisted cache without running.
void ensureDeviceId();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <OfflineProvider client={queryClient}>
      <App />
    </OfflineProvider>
  </StrictMode>,
);

registerOfflineServiceWorker();
