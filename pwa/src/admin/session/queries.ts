import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

export const sessionQueries = {
  all: () => ['admin-session'] as const,
  /** GET /api/admin/verify: valid while the bearer token is; 401 once it is not. */
  verify: (token: string) =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'verify', token] as const,
      queryFn: () => call('verifySession', {}),
      retry: false,
      staleTime: Infinity,
    }),
};
