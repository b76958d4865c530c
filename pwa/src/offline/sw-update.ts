// The service worker (vite-plugin-pwa, registerType 'prompt'): a new version is downloaded in the
// background but waits; it is applied (skipWaiting + reload) only when the kiosk is on its home
// screen, never in the middle of a purchase. Checks for a new version hourly, since a kiosk may
// never be reloaded by anyone.
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { registerSW } from 'virtual:pwa-register';
import { canApplyUpdate } from './update-policy.ts';

export const UPDATE_CHECK_INTERVAL_MS = 60 * 60_000;

let applyUpdate: ((reload?: boolean) => Promise<void>) | null = null;
let waiting = false;
const listeners = new Set<() => void>();
const setWaiting = () => {
  waiting = true;
  for (const l of listeners) l();
};

export function registerOfflineServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV || applyUpdate) return;
  applyUpdate = registerSW({
    immediate: true,
    onNeedRefresh: setWaiting,
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_INTERVAL_MS);
    },
  });
}

export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => waiting,
  );
}

/** Mounted inside the router: applies a waiting version as soon as the kiosk is on /box. */
export function ApplyUpdateOnHome() {
  const { pathname } = useLocation();
  const isWaiting = useUpdateWaiting();
  useEffect(() => {
    if (isWaiting && canApplyUpdate(pathname) && applyUpdate) void applyUpdate(true);
  }, [isWaiting, pathname]);
  return null;
}
