// Registers the service worker that precaches the app shell. A waiting new version is activated
// only on the kiosk home screen, never in the middle of a purchase (issue 6 refines this).
import { registerSW } from 'virtual:pwa-register';

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      const tryUpdate = () => {
        if (window.location.pathname === '/box' || window.location.pathname === '/staging') void update(true);
        else setTimeout(tryUpdate, 30_000);
      };
      tryUpdate();
    },
  });
}
