import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@courtreplay/shared';
import { call } from '../../lib/api-client.ts';
import { resetDeviceId, setDeviceAuthorizedCookie } from '../../lib/device-identity.ts';
import { withFallback } from '../common/errors.ts';
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

/** Throws the stored id away, makes one from the current fingerprint and stores both copies. */
export function useResetDeviceIdMutation() {
  const onSuccess = useInvalidateDevices();
  return useMutation({ mutationFn: withFallback<void, string>(T.syncIdFailed, () => resetDeviceId()), onSuccess });
}
