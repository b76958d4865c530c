import { queryOptions } from '@tanstack/react-query';
import type { Promo } from '@courtreplay/shared';
import { api } from '../../lib/api-client.ts';

export const promoQueries = {
  all: () => ['promos'] as const,
  list: () =>
    queryOptions({
      queryKey: [...promoQueries.all(), 'list'] as const,
      queryFn: () => api<Promo[]>('/promo'),
    }),
};
