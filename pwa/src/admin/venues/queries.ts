import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

export const venueQueries = {
  all: () => ['venues'] as const,
  list: () =>
    queryOptions({
      queryKey: [...venueQueries.all(), 'list'] as const,
      queryFn: () => call('listVenues', {}),
    }),
  /** The venues an admin can be assigned to (GET /admin/venues). */
  forAdmins: () =>
    queryOptions({
      queryKey: [...venueQueries.all(), 'for-admins'] as const,
      queryFn: () => call('listAdminVenues', {}),
    }),
  fields: (venueId: number) =>
    queryOptions({
      queryKey: [...venueQueries.all(), venueId, 'fields'] as const,
      queryFn: () => call('listFields', { params: { venueId } }),
    }),
};
