import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { deviceIdMatchesFingerprint, ensureDeviceId } from '../../lib/device-identity.ts';

export const deviceQueries = {
  all: () => ['devices'] as const,
  list: () =>
    queryOptions({
      queryKey: [...deviceQueries.all(), 'list'] as const,
      queryFn: () => call('listDevices', { query: {} }),
      // Kiosks report every 30 s: the list follows, so online and offline change without a reload,
      // also while the back-office sits in a background tab (it is one small read).
      refetchInterval: 15_000,
      refetchIntervalInBackground: true,
    }),
  /** This browser's own device id and whether it still matches the fingerprint. */
  current: () =>
    queryOptions({
      queryKey: [...deviceQueries.all(), 'current'] as const,
      queryFn: async () => ({ deviceId: await ensureDeviceId(), matchesFingerprint: await deviceIdMatchesFingerprint() }),
      staleTime: Infinity,
      retry: false,
    }),
};
