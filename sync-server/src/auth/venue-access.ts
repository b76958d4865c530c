// Which venues an admin may act on: a rule of the domain, used by services and by the routes' guards.
import { SERVER_MESSAGES } from '@courtreplay/shared';
import type { SessionAdmin } from './queries.ts';
import { forbidden } from '../errors.ts';

/** The venues an admin may see: null for a super admin (all), else their own venue only. */
export function venueScope(admin: SessionAdmin): number | null {
  if (admin.role === 'super_admin') return null;
  return admin.venueId ?? -1;
}

/** Throws 'forbidden' unless the admin may act on `venueId`. */
export function assertVenueAccess(admin: SessionAdmin, venueId: number): void {
  const scope = venueScope(admin);
  if (scope !== null && scope !== venueId) throw forbidden(SERVER_MESSAGES.access.ownVenueOnly);
}
