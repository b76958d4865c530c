import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

export const promoQueries = {
  all: () => ['promos'] as const,
  list: () =>
    queryOptions({
      queryKey: [...promoQueries.all(), 'list'] as const,
      queryFn: () => call('listPromos', {}),
    }),
};
