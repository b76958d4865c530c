import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

export const integrationQueries = {
  all: () => ['integrations'] as const,
  /** Each integration's adapter, last success and last error, and the open credential alerts. */
  status: () =>
    queryOptions({
      queryKey: [...integrationQueries.all(), 'status'] as const,
      queryFn: () => call('integrationHealth', {}),
    }),
};
