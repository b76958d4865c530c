// Guards the selection and checkout screens (spec section 2): while the device is checked the
// 'Checking device authorization...' screen shows; an unauthorised device goes to /box,
// remembering where it came from. The status is live (device-trust.tsx): a kiosk deauthorised
// while a player is on these screens is sent to /box too.
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useMessages } from '../i18n/language.ts';
import { FullScreenMessage } from './FullScreenMessage.tsx';
import { useDeviceTrust } from './device-trust.tsx';

/** `preload` starts loading the guarded screen's code while the device is checked, not after. */
export function RequireAuthorizedDevice({ children, preload }: { children: ReactNode; preload?: () => unknown }) {
  const location = useLocation();
  const { trust } = useDeviceTrust();
  const m = useMessages();
  useEffect(() => void preload?.(), [preload]);
  if (trust === 'checking') return <FullScreenMessage title={m.routing.checkingDevice} testId="checking-device" />;
  if (trust === 'unauthorized') return <Navigate to="/box" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}
