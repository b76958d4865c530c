import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { StatusChip } from '../offline/StatusChip.tsx';
import { ApplyUpdateOnHome } from '../offline/sw-update.ts';
import { KioskBaseContext, type KioskBase } from './kiosk-base.ts';

/** Provides /box or /staging to the three kiosk screens below it. */
export function KioskShell({ kiosk }: { kiosk: KioskBase }) {
  useEffect(() => void import('./kiosk-upkeep.ts').then((m) => m.startKioskUpkeep()), []);
  return (
    <KioskBaseContext.Provider value={kiosk}>
      <Outlet />
      <StatusChip />
      <ApplyUpdateOnHome />
    </KioskBaseContext.Provider>
  );
}
