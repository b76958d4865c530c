import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import type { ServerAdminUser } from './session.ts';

export const sessionQueries = {
  all: () => ['admin-session'] as const,
  /** GET /api/admin/verify: valid while the bearer token is; 401 once it is not. */
  verify: (token: string) =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'verify', token] as const,
      queryFn: () => api<{ valid: boolean; user?: ServerAdminUser }>('/admin/verify'),
      retry: false,
      staleTime: Infinity,
    }),
};
