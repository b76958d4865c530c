import { queryOptions } from '@tanstack/react-query';
import type { AdminListItem, AdminRole } from '@courtreplay/shared';
import { call } from '../../lib/api-client.ts';
import { toClientRole } from '../session/session.ts';

/** An admin as listed, with the role as the client names it. */
export type AdminRecord = Omit<AdminListItem, 'role'> & { role: AdminRole };

export const adminQueries = {
  all: () => ['admins'] as const,
  list: () =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'list'] as const,
      queryFn: async () => (await call('listAdmins', {})).map((a): AdminRecord => ({ ...a, role: toClientRole(a.role) })),
    }),
};
