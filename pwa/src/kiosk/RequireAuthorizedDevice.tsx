// Guards the selection and checkout screens (spec section 2): while the device is checked the
// 'Checking device authorization...' screen shows; an unauthorised device goes to /box,
// remembering where it came from.
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { useMessages } from '../i18n/language.ts';
import { getDeviceAuthorizedCookie } from '../lib/device-identity.ts';
import { FullScreenMessage } from './FullScreenMessage.tsx';
import { deviceStatusQuery } from './queries.ts';

export function RequireAuthorizedDevice({ children }: { children: ReactNode }) {
  const location = useLocation();
  const device = useQuery(deviceStatusQuery());
  const m = useMessages();
  if (device.isPending) return <FullScreenMessage title={m.routing.checkingDevice} testId="checking-device" />;
  // Without an answer (network down) the cookie copy of the last known status decides.
  const authorized = device.data ? device.data.authorized : getDeviceAuthorizedCookie() === true;
  if (!authorized) return <Navigate to="/box" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}
