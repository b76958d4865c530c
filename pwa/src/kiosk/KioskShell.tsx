import { Outlet } from 'react-router';
import { StatusChip } from '../offline/StatusChip.tsx';
import { ApplyUpdateOnHome } from '../offline/sw-update.ts';
import { KioskBaseContext, type KioskBase } from './kiosk-base.ts';

/** Provides /box or /staging to the three kiosk screens below it. */
export function KioskShell({ kiosk }: { kiosk: KioskBase }) {
  return (
    <KioskBaseContext.Provider value={kiosk}>
      <Outlet />
      <StatusChip />
      <ApplyUpdateOnHome />
    </KioskBaseContext.Provider>
  );
}
