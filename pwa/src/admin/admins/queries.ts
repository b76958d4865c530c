import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { asList } from '../common/list.ts';
import { toClientRole, type AdminVenue } from '../session/session.ts';

export interface AdminRecord {
  id: number;
  email: string;
  role: string;
  createdAt: string;
  venues?: AdminVenue[];
  venueId?: number | null;
}

export const adminQueries = {
  all: () => ['admins'] as const,
  list: () =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'list'] as const,
      queryFn: async () =>
        asList<AdminRecord>(await api('/admin/all'), 'admins').map((a) => ({ ...a, role: toClientRole(a.role) })),
    }),
};
