import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

export const errorQueries = {
  /** Purchases a kiosk's outbox parked because the server refused them, newest first. */
  parked: () =>
    queryOptions({
      queryKey: ['errors', 'parked'] as const,
      queryFn: () => call('listParked', { query: {} }),
    }),
  /** Paid purchases whose payment the provider reversed afterwards, newest first. */
  reversed: () =>
    queryOptions({
      queryKey: ['errors', 'reversed'] as const,
      queryFn: () => call('listReversed', { query: {} }),
    }),
};
