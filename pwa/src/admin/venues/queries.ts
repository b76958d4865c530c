import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { asList } from '../common/list.ts';

export interface Venue {
  id: number;
  name: string;
  location: string;
  createdAt?: string;
}

/** A court; the API calls it a field. */
export interface Field {
  id: number;
  name: string;
  venueId: number;
  createdAt?: string;
}

export const venueQueries = {
  all: () => ['venues'] as const,
  list: () =>
    queryOptions({
      queryKey: [...venueQueries.all(), 'list'] as const,
      queryFn: async () => asList<Venue>(await api('/venue'), 'venues'),
    }),
  /** The venues an admin can be assigned to (GET /admin/venues). */
  forAdmins: () =>
    queryOptions({
      queryKey: [...venueQueries.all(), 'for-admins'] as const,
      queryFn: async () => asList<Venue>(await api('/admin/venues'), 'venues'),
    }),
  fields: (venueId: number) =>
    queryOptions({
      queryKey: [...venueQueries.all(), venueId, 'fields'] as const,
      queryFn: async () => asList<Field>(await api(`/field/venue/${venueId}`), 'fields'),
    }),
};
