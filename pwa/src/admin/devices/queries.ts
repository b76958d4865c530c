import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { deviceIdMatchesFingerprint, ensureDeviceId } from '../../lib/device-identity.ts';

export const deviceQueries = {
  all: () => ['devices'] as const,
  list: () =>
    queryOptions({
      queryKey: [...deviceQueries.all(), 'list'] as const,
      queryFn: () => call('listDevices', { query: {} }),
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
