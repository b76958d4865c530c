import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { StatusChip } from '../offline/StatusChip.tsx';
import { ApplyUpdateOnHome } from '../offline/sw-update.ts';
import { DeviceStopped, useDeviceTrust } from './device-trust.tsx';
import { KioskBaseContext, type KioskBase } from './kiosk-base.ts';
import { useProductName } from './queries.ts';
import { firstScreenShown, whenIdle } from '../lib/when-idle.ts';
import './KioskShell.css';
// The logo and the full-screen messages sit in a chunk the entry shares with the lazy screens, and a
// sheet imported there would be a second style sheet before the home screen's first paint; imported
// here, their rules ride in the entry's one sheet.
import './Logo.css';
import './FullScreenMessage.css';

/**
 * Provides /box or /staging to the three kiosk screens below it, keeps the device's status live
 * (its poll runs while any kiosk screen is open), reports its health, and covers every screen when
 * it may not sell.
 */
export function KioskShell({ kiosk }: { kiosk: KioskBase }) {
  const { trust } = useDeviceTrust();
  const productName = useProductName();
  useEffect(() => whenIdle(() => void import('./kiosk-upkeep.ts').then((m) => m.startKioskUpkeep())), []);
  // Tells the Devices tab this kiosk is open and how it is doing.
  useEffect(() => whenIdle(() => void import('./heartbeat.ts').then((m) => m.startHeartbeat())), []);
  // The screen under the shell is decided once the device's status is: the work held for it may start.
  useEffect(() => {
    if (trust !== 'checking') firstScreenShown();
  }, [trust]);
  useEffect(() => {
    document.title = productName;
  }, [productName]);
  const stopped = trust === 'unauthorized';
  return (
    <KioskBaseContext.Provider value={kiosk}>
      <div className="kiosk-screen" inert={stopped}>
        <Outlet />
      </div>
      {stopped ? <DeviceStopped /> : null}
      <StatusChip />
      <ApplyUpdateOnHome />
    </KioskBaseContext.Provider>
  );
}
