// Whether this kiosk may sell, kept live. While a kiosk screen is open the
// kiosk asks the server about itself every DEVICE_POLL_MS, so an admin's authorise, deauthorise or
// delete shows within 5 s on any screen. A stored answer older than DEVICE_ANSWER_FRESH_MS does not
// decide after a reload while the server can be asked; with the network down (the query paused)
// or the server failing, the last answer (or the cookie copy) still decides, as before.
import { useEffect, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useMessages } from '../i18n/language.ts';
import { getDeviceAuthorizedCookie } from '../lib/device-identity.ts';
import { FullScreenMessage } from './FullScreenMessage.tsx';
import { useLiveQueryState } from './live-query.ts';
import { deviceAnswerStaleAtLoad, deviceAskedSinceLoad, deviceStatusQuery, type DeviceStatus } from './queries.ts';
import './device-trust.css';

export type DeviceTrust = 'checking' | 'authorized' | 'unauthorized';

// A purchase under way (the order sent, the payment form open, the completion screen) is finished
// even if the device is deauthorised meanwhile: cutting it off could take a player's money and
// drop the clips. The next purchase is the one refused.
let salesUnderway = 0;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const saleUnderway = () => salesUnderway > 0;

/** Held by the checkout while `active`: the kiosk keeps counting as authorised until it is done. */
export function useHoldSale(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    salesUnderway++;
    listeners.forEach((l) => l());
    return () => {
      salesUnderway--;
      listeners.forEach((l) => l());
    };
  }, [active]);
}

/** This kiosk's live status: 'checking' until an answer recent enough to decide is at hand. */
export function useDeviceTrust(): { trust: DeviceTrust; device: DeviceStatus | undefined } {
  const options = deviceStatusQuery();
  // useQuery keeps the poll running; the answer is read from the cache as it lands (live-query.ts).
  useQuery(options);
  const query = useLiveQueryState<DeviceStatus>(options.queryKey);
  const holding = useSyncExternalStore(subscribe, saleUnderway);
  if (!query || query.status === 'pending') return { trust: 'checking', device: undefined };
  // A persisted answer already too old to trust when the page loaded, while the server is asked for the first time.
  if (query.fetchStatus === 'fetching' && !deviceAskedSinceLoad() && deviceAnswerStaleAtLoad(query.dataUpdatedAt)) {
    return { trust: 'checking', device: query.data };
  }
  // Without an answer (the network down) the cookie copy of the last known status decides.
  const authorized = query.data ? query.data.authorized : getDeviceAuthorizedCookie() === true;
  return { trust: authorized || holding ? 'authorized' : 'unauthorized', device: query.data };
}

/** Over every kiosk screen while the device may not sell: selling stops, and it says to call staff. */
export function DeviceStopped() {
  const m = useMessages();
  return (
    <div className="device-stopped" data-testid="device-stopped">
      <FullScreenMessage title={m.routing.deviceStopped} subtitle={m.routing.deviceStoppedHint} spinner={false} />
    </div>
  );
}
