import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type KioskLanguage } from '@courtreplay/shared';
import { call } from '../../lib/api-client.ts';
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
      call('createVenue', { body: { ...venue, deviceId: null } }),
    ),
    onSuccess,
  });
}

export function useUpdateVenueMutation() {
  const onSuccess = useInvalidateVenues();
  return useMutation({
    mutationFn: withFallback(
      T.venueUpdateFailed,
      ({ id, ...venue }: { id: number; name: string; location: string; language?: KioskLanguage }) =>
        call('updateVenue', { params: { id }, body: venue }),
    ),
    onSuccess,
  });
}

export function useDeleteVenueMutation() {
  const onSuccess = useInvalidateVenues();
  return useMutation({
    mutationFn: withFallback(T.venueDeleteFailed, (id: number) => call('deleteVenue', { params: { id } })),
    onSuccess,
  });
}

export function useCreateFieldMutation() {
  const onSuccess = useInvalidateVenues();
  return useMutation({
    mutationFn: withFallback(T.fieldCreateFailed, (field: { name: string; venueId: number }) => call('createField', { body: field })),
    onSuccess,
  });
}

export function useUpdateFieldMutation() {
  const onSuccess = useInvalidateVenues();
  return useMutation({
    mutationFn: withFallback(T.fieldUpdateFailed, ({ id, name }: { id: number; name: string }) =>
      call('updateField', { params: { id }, body: { name } }),
    ),
    onSuccess,
  });
}

export function useDeleteFieldMutation() {
  const onSuccess = useInvalidateVenues();
  return useMutation({
    mutationFn: withFallback(T.fieldDeleteFailed, (id: number) => call('deleteField', { params: { id } })),
    onSuccess,
  });
}

/** A new "Mark this moment" poster link for the court: the printed one stops working. */
export function useRenewCourtCodeMutation() {
  const onSuccess = useInvalidateVenues();
  return useMutation({
    mutationFn: withFallback(T.renewPosterFailed, (id: number) => call('renewCourtCode', { params: { id } })),
    onSuccess,
  });
}

/** Sets or (with null) removes a court's camera; the answer shows it masked. */
export function useSetCameraMutation() {
  const onSuccess = useInvalidateVenues();
  return useMutation({
    mutationFn: withFallback(
      MESSAGES.recorders.cameraFailed,
      ({ id, url, subUrl }: { id: number; url: string | null; subUrl: string | null }) =>
        call('setFieldCamera', { params: { id }, body: { url, subUrl } }),
    ),
    onSuccess,
  });
}
