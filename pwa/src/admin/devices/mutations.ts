import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@courtreplay/shared';
import { ApiError, call } from '../../lib/api-client.ts';
import { adoptDeviceId, ensureDeviceId, newDeviceId, setDeviceAuthorizedCookie } from '../../lib/device-identity.ts';
import { withFallback } from '../common/errors.ts';
import { kioskKeys } from '../../kiosk/queries.ts';
import { deviceQueries } from './queries.ts';

const T = MESSAGES.devices;

function useInvalidateDevices() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: deviceQueries.all() });
}

/** Registers this very browser as a kiosk of the venue, and ties it to a court when one is chosen. */
export function useRegisterDeviceMutation() {
  const onSuccess = useInvalidateDevices();
  return useMutation({
    mutationFn: withFallback(T.registerFailed, async (input: { deviceId: string; venueId: number; fieldId: number | null }) => {
      const answer = await call('registerDevice', { body: input });
      setDeviceAuthorizedCookie(answer.isAuthorized);
      return answer;
    }),
    onSuccess,
  });
}

export function useAuthorizeDeviceMutation() {
  const onSuccess = useInvalidateDevices();
  return useMutation({
    mutationFn: withFallback(T.authorizationFailed, (input: { deviceId: string; isAuthorized: boolean }) =>
      call('authorizeDevice', { body: input }),
    ),
    onSuccess,
  });
}

/** Gives a kiosk a friendly name for the Devices tab (an empty name clears it). */
export function useNameDeviceMutation() {
  const onSuccess = useInvalidateDevices();
  return useMutation({
    mutationFn: withFallback(T.nameFailed, (input: { deviceId: string; name: string }) =>
      call('nameDevice', { params: { deviceId: input.deviceId }, body: { name: input.name } }),
    ),
    onSuccess,
  });
}

/** Super admin: marks a device as a test device (allowed staging purchases) or back to live. */
export function useDeviceStagingMutation() {
  const onSuccess = useInvalidateDevices();
  return useMutation({
    mutationFn: withFallback(T.stagingFailed, (input: { deviceId: string; staging: boolean }) => call('setDeviceStaging', { body: input })),
    onSuccess,
  });
}

export function useDeleteDeviceMutation() {
  const onSuccess = useInvalidateDevices();
  return useMutation({
    mutationFn: withFallback(T.deleteFailed, (deviceId: string) => call('deleteDevice', { params: { deviceId } })),
    onSuccess,
  });
}

/**
 * 'Reset and Sync Device ID': a new id from the current fingerprint takes over
 * the old id's registration on the server in one step, and only then replaces the stored id, so a
 * failure leaves the kiosk as it was. An id the server never knew has nothing to take over.
 */
export function useResetDeviceIdMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withFallback<void, void>(T.syncIdFailed, async () => {
      const oldId = await ensureDeviceId();
      const newId = await newDeviceId();
      try {
        const answer = await call('replaceDevice', { params: { deviceId: oldId }, body: { newDeviceId: newId } });
        setDeviceAuthorizedCookie(answer.device.isAuthorized);
      } catch (e) {
        if (!(e instanceof ApiError && e.status === 404)) throw e;
      }
      adoptDeviceId(newId);
    }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deviceQueries.all() }),
        queryClient.invalidateQueries({ queryKey: kioskKeys.device }),
      ]),
  });
}
