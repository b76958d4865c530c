import { queryOptions } from '@tanstack/react-query';
import type { Field, Venue } from '@courtreplay/shared';
import { api } from '../../lib/api-client.ts';
import { asList } from '../common/list.ts';

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
