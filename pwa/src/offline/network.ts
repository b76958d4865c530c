// Online or not, as the browser knows it. navigator.onLine being true does not prove the server
// answers (the venue router may be up with its uplink down), so the drainer still treats every
// failed request as "offline, retry later"; but false is reliable and saves pointless attempts.
import { useSyncExternalStore } from 'react';

export const isOnline = () => navigator.onLine;

export function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline);
}
