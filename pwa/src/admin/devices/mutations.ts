import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@courtreplay/shared';
import { api } from '../../lib/api-client.ts';
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
      const answer = await api<{ isAuthorized?: boolean }>('/device/register', { method: 'POST', body: input });
      if (typeof answer?.isAuthorized === 'boolean') setDeviceAuthorizedCookie(answer.isAuthorized);
      return answer;
    }),
    onSuccess,
  });
}

export function useAuthorizeDeviceMutation() {
  const onSuccess = useInvalidateDevices();
  return useMutation({
    mutationFn: withFallback(T.authorizationFailed, (input: { deviceId: string; isAuthorized: boolean }) =>
      api('/device/authorize', { method: 'PUT', body: input }),
    ),
    onSuccess,
  });
}

/** Super admin: marks a device as a test device (allowed staging purchases) or back to live. */
export function useDeviceStagingMutation() {
  const onSuccess = useInvalidateDevices();
  return useMutation({
    mutationFn: withFallback(T.stagingFailed, (input: { deviceId: string; staging: boolean }) =>
      api<{ message: string }>('/device/staging', { method: 'PUT', body: input }),
    ),
    onSuccess,
  });
}

export function useDeleteDeviceMutation() {
  const onSuccess = useInvalidateDevices();
  return useMutation({
    mutationFn: withFallback(T.deleteFailed, (deviceId: string) =>
      api(`/device/${encodeURIComponent(deviceId)}`, { method: 'DELETE' }),
    ),
    onSuccess,
  });
}

/** Throws the stored id away, makes one from the current fingerprint and stores both copies. */
export function useResetDeviceIdMutation() {
  const onSuccess = useInvalidateDevices();
  return useMutation({ mutationFn: withFallback<void, string>(T.syncIdFailed, () => resetDeviceId()), onSuccess });
}
