import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type AdminRole } from '@courtreplay/shared';
import { call } from '../../lib/api-client.ts';
import { withFallback } from '../common/errors.ts';
import { adminQueries } from './queries.ts';

export interface NewAdmin {
  email: string;
  password: string;
  role: AdminRole;
  venueId: number | null;
}

export function useCreateAdminMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withFallback(MESSAGES.createAdmin.createFailed, ({ email, password, role, venueId }: NewAdmin) =>
      call('createAdmin', {
        // The server's role values are super_admin and admin; a super admin has no venue.
        body: role === 'superadmin' ? { email, password, role: 'super_admin' } : { email, password, role, venueId },
      }),
    ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueries.all() }),
  });
}

export function useDeleteAdminMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withFallback(MESSAGES.admins.deleteFailed, (id: number) => call('deleteAdmin', { params: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueries.all() }),
  });
}

export function useResetPasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withFallback(MESSAGES.admins.resetFailed, (id: number) => call('resetAdminPassword', { params: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueries.all() }),
  });
}
