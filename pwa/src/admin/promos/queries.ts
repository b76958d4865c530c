import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

export const promoQueries = {
  all: () => ['promos'] as const,
  /** Every code, or (venueId) those working at one venue: its own and the global ones. */
  list: (venueId: number | null = null) =>
    queryOptions({
      queryKey: [...promoQueries.all(), 'list', venueId ?? 'all'] as const,
      queryFn: () => call('listPromos', { query: venueId === null ? {} : { venueId: String(venueId) } }),
    }),
};
