import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@courtreplay/shared';
import { api } from '../../lib/api-client.ts';
import { withFallback } from '../common/errors.ts';
import { venueQueries } from './queries.ts';

const T = MESSAGES.venues;

function useInvalidateVenues() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: venueQueries.all() });
}

export function useCreateVenueMutation() {
  const onSuccess = useInvalidateVenues();
  return useMutation({
    mutationFn: withFallback(T.venueCreateFailed, (venue: { name: string; location: string }) =>
      api('/venue/create', { method: 'POST', body: { ...venue, deviceId: null } }),
    ),
    onSuccess,
  });
}

export function useUpdateVenueMutation() {
  const onSuccess = useInvalidateVenues();
  return useMutation({
    mutationFn: withFallback(T.venueUpdateFailed, ({ id, ...venue }: { id: number; name: string; location: string }) =>
      api(`/venue/${id}`, { method: 'PUT', body: venue }),
    ),
    onSuccess,
  });
}

export function useDeleteVenueMutation() {
  const onSuccess = useInvalidateVenues();
  return useMutation({
    mutationFn: withFallback(T.venueDeleteFailed, (id: number) => api(`/venue/${id}`, { method: 'DELETE' })),
    onSuccess,
  });
}

export function useCreateFieldMutation() {
  const onSuccess = useInvalidateVenues();
  return useMutation({
    mutationFn: withFallback(T.fieldCreateFailed, (field: { name: string; venueId: number }) =>
      api('/field/create', { method: 'POST', body: field }),
    ),
    onSuccess,
  });
}

export function useUpdateFieldMutation() {
  const onSuccess = useInvalidateVenues();
  return useMutation({
    mutationFn: withFallback(T.fieldUpdateFailed, ({ id, name }: { id: number; name: string }) =>
      api(`/field/${id}`, { method: 'PUT', body: { name } }),
    ),
    onSuccess,
  });
}

export function useDeleteFieldMutation() {
  const onSuccess = useInvalidateVenues();
  return useMutation({
    mutationFn: withFallback(T.fieldDeleteFailed, (id: number) => api(`/field/${id}`, { method: 'DELETE' })),
    onSuccess,
  });
}
