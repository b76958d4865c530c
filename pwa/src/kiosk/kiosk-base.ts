// The two kiosk variants (spec section 1): live under /box, staging under /staging with the
// _STAGING configuration and purchases marked isStaging.
import { createContext, useContext } from 'react';

export interface KioskBase {
  base: '/box' | '/staging';
  staging: boolean;
}

export const LIVE: KioskBase = { base: '/box', staging: false };
export const STAGING: KioskBase = { base: '/staging', staging: true };

export const KioskBaseContext = createContext<KioskBase>(LIVE);

export const useKioskBase = () => useContext(KioskBaseContext);
