import { queryOptions } from '@tanstack/react-query';
import type { ListParkedResponse } from '@courtreplay/shared';
import { api } from '../../lib/api-client.ts';

export const errorQueries = {
  /** Purchases a kiosk's outbox parked because the server refused them, newest first. */
  parked: () =>
    queryOptions({
      queryKey: ['errors', 'parked'] as const,
      queryFn: () => api<ListParkedResponse>('/kiosk-reports/parked'),
    }),
};
