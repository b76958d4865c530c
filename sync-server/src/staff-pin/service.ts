// A venue's staff PIN guards its kiosks' folder re-pick. Admins set it for their
// own venue (a super admin for any); it is stored as a scrypt hash and never sent anywhere. Wrong
// PINs are throttled per kiosk exactly as failed logins are per e-mail and address (auth/service.ts),
// in the same table under their own key, so a kiosk's mistakes never slow an admin's login.
import { STAFF_PIN_MESSAGES, VENUE_MESSAGES } from '@courtreplay/shared';
import type { AppDeps } from '../app-env.ts';
import { assertVenueAccess, venueScope, type SessionAdmin } from '../auth/venue-access.ts';
import { clearFailedLogins, throttledCheck } from '../auth/service.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import type { DeviceRow } from '../devices/service.ts';
import { findVenue } from '../venues/service.ts';
import { DomainError, forbidden, notFound } from '../errors.ts';
import { deleteStaffPin, findStaffPinHash, listStaffPins, upsertStaffPin } from './queries.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** The throttle's "e-mail" and "address" for one kiosk's PIN attempts. */
const THROTTLE_KEY = 'staff-pin';
const throttleAddress = (device: DeviceRow) => `kiosk:${device.deviceId}`;

export async function staffPinsFor(deps: Deps, admin: SessionAdmin) {
  return { venues: await listStaffPins(deps.db, venueScope(admin)) };
}

export async function setStaffPin(deps: Deps, admin: SessionAdmin, input: { venueId: number; pin: string | null }) {
  assertVenueAccess(admin, input.venueId);
  if (!(await findVenue(deps.db, input.venueId))) throw notFound(VENUE_MESSAGES.notFound);
  if (input.pin === null) {
    await deleteStaffPin(deps.db, input.venueId);
    return { message: STAFF_PIN_MESSAGES.removed, set: false };
  }
  const pinHash = await hashPassword(input.pin, deps.config.passwordHashing);
  await upsertStaffPin(deps.db, { venueId: input.venueId, pinHash, updatedAt: deps.clock.now().toISOString() });
  return { message: STAFF_PIN_MESSAGES.saved, set: true };
}

export async function staffPinRequired(deps: Deps, device: DeviceRow): Promise<boolean> {
  return (await findStaffPinHash(deps.db, device.venueId)) !== undefined;
}

/** Accepts the venue's PIN (or anything when the venue has none: there is nothing to guard). */
export async function verifyStaffPin(deps: Deps, device: DeviceRow, pin: string) {
  const address = throttleAddress(device);
  const hash = await findStaffPinHash(deps.db, device.venueId);
  // The same reservation as a login's: simultaneous wrong PINs cannot all be checked at once.
  const ok = await throttledCheck(
    deps.db,
    THROTTLE_KEY,
    address,
    () => deps.clock.now(),
    async () => (hash === undefined ? true : verifyPassword(pin, hash)),
  ).catch((e: unknown) => {
    if (!(e instanceof DomainError) || e.code !== 'too_many_requests') throw e;
    const seconds = e.extra?.retryAfterSeconds;
    throw new DomainError(
      'too_many_requests',
      typeof seconds === 'number' ? STAFF_PIN_MESSAGES.waitBeforeRetry(seconds) : STAFF_PIN_MESSAGES.tooManyAttempts,
      e.extra,
    );
  });
  if (!ok) throw forbidden(STAFF_PIN_MESSAGES.wrong);
  await clearFailedLogins(deps.db, THROTTLE_KEY, address);
  return { message: STAFF_PIN_MESSAGES.accepted, ok: true as const };
}
