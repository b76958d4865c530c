// Whether this kiosk's venue asks staff for a PIN before the folder re-pick, and the
// server's check of a typed PIN. The PIN never reaches the kiosk; offline it cannot be checked.
import { queryOptions } from '@tanstack/react-query';
import { MESSAGES } from '@courtreplay/shared';
import { call, errorMessage, isNetworkError } from '../lib/api-client.ts';

export const staffPinQuery = () =>
  queryOptions({
    queryKey: ['kiosk', 'staff-pin'] as const,
    queryFn: () => call('staffPinStatus', {}),
    staleTime: 30_000,
    retry: 1,
  });

/** null when the PIN is right, else the message to show. */
export async function checkStaffPin(pin: string): Promise<string | null> {
  try {
    await call('verifyStaffPin', { body: { pin } });
    return null;
  } catch (e) {
    if (isNetworkError(e)) return MESSAGES.guards.staffPinOffline;
    return errorMessage(e, MESSAGES.guards.staffPinWrong);
  }
}
