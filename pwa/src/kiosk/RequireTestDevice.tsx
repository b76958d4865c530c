// Guards every /staging screen: staging prices are often 0 and deliver real clips, so
// only a device a super admin marked as a test device sells there. The server refuses a staging
// purchase from any other device too; this screen just says so before anyone picks a clip. Every
// /staging screen carries the TEST banner, whatever it shows.
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useMessages } from '../i18n/language.ts';
import { FullScreenMessage } from './FullScreenMessage.tsx';
import { deviceStatusQuery } from './queries.ts';
import './RequireTestDevice.css';

export function RequireTestDevice({ children }: { children: ReactNode }) {
  const m = useMessages();
  return (
    <>
      <p className="test-banner" role="note" data-testid="test-banner">
        {m.routing.testBanner}
      </p>
      <TestDeviceOnly>{children}</TestDeviceOnly>
    </>
  );
}

function TestDeviceOnly({ children }: { children: ReactNode }) {
  const device = useQuery(deviceStatusQuery());
  const m = useMessages();
  if (device.isPending) return <FullScreenMessage title={m.routing.checkingDevice} testId="checking-device" />;
  // No answer and nothing cached: not known to be a test device, so it is not one.
  if (!device.data?.staging) {
    return (
      <FullScreenMessage title={m.routing.notTestDevice} subtitle={m.routing.notTestDeviceHint} testId="not-test-device" spinner={false} />
    );
  }
  return <>{children}</>;
}
