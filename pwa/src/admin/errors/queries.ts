import { queryOptions } from '@tanstack/react-query';
import type { ListParkedResponse, ListReversedResponse } from '@courtreplay/shared';
import { api } from '../../lib/api-client.ts';

export const errorQueries = {
  /** Purchases a kiosk's outbox parked because the server refused them, newest first. */
  parked: () =>
    queryOptions({
      queryKey: ['errors', 'parked'] as const,
      queryFn: () => api<ListParkedResponse>('/kiosk-reports/parked'),
    }),
  /** Paid purchases whose payment the provider reversed afterwards, newest first. */
  reversed: () =>
    queryOptions({
      queryKey: ['errors', 'reversed'] as const,
      queryFn: () => api<ListReversedResponse>('/kiosk-reports/reversed'),
    }),
};
