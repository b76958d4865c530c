// The service worker (vite-plugin-pwa, registerType 'prompt'): a new version is downloaded in the
// background but waits; it is applied (skipWaiting + reload) only when the kiosk is on its home
// screen, never in the middle of a purchase. Checks for a new version hourly, since a kiosk may
// never be reloaded by anyone.
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { registerSW } from 'virtual:pwa-register';
import { updateAction, type UpdateState } from './update-policy.ts';

export const UPDATE_CHECK_INTERVAL_MS = 60 * 60_000;

/**
 * How long the home screen waits for the new version to take control before reloading. Chromium
 * can leave the new worker parked in "waiting" when a fetch reaches the old one just as it is being
 * swapped out (seen about one time in two in e2e/offline-update.e2e.ts); a reload un-parks it.
 */
export const PARKED_UPDATE_RELOAD_MS = 5_000;
/** At most one such reload a minute, so a worker that stays parked cannot loop the home screen. */
const UNPARK_RELOAD_KEY = 'courtreplay.unparkReloadAt';
const UNPARK_RELOAD_SPACING_MS = 60_000;

function reloadToUnpark() {
  const last = Number(sessionStorage.getItem(UNPARK_RELOAD_KEY) ?? 0);
  if (Date.now() - last < UNPARK_RELOAD_SPACING_MS) return;
  sessionStorage.setItem(UNPARK_RELOAD_KEY, String(Date.now()));
  window.location.reload();
}

let sendSkipWaiting: (() => Promise<void>) | null = null;
let state: UpdateState = 'none';
const listeners = new Set<() => void>();
function setState(next: UpdateState) {
  state = next;
  for (const l of listeners) l();
}

export function registerOfflineServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV || sendSkipWaiting) return;
  sendSkipWaiting = registerSW({
    immediate: true,
    onNeedRefresh: () => setState('waiting'),
    // The new version took control. Reloading is left to ApplyUpdateOnHome, so a late activation
    // never reloads a page in the middle of a purchase.
    onNeedReload: () => setState('needs-reload'),
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_INTERVAL_MS);
    },
  });
}

function useUpdateState(): UpdateState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
  );
}

/** Mounted inside the router: applies a waiting version as soon as the kiosk is on /box. */
export function ApplyUpdateOnHome() {
  const { pathname } = useLocation();
  const update = useUpdateState();
  useEffect(() => {
    // Which state was judged on which screen, for a browser test to wait on instead of a pause.
    document.documentElement.dataset.swUpdate = `${update} ${pathname}`;
    const action = updateAction(update, pathname);
    if (action === 'reload') window.location.reload();
    if (action !== 'take-over') return;
    void sendSkipWaiting?.();
    const unpark = setTimeout(reloadToUnpark, PARKED_UPDATE_RELOAD_MS);
    return () => clearTimeout(unpark);
  }, [update, pathname]);
  return null;
}
