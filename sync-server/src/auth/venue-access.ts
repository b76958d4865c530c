// Which venues an admin may act on: a rule of the domain, used by services and by the routes' guards.
import { SERVER_MESSAGES } from '@courtreplay/shared';
import type { AdminRole } from '../db/schema/index.ts';
import { forbidden } from '../errors.ts';

/** The admin a request's session belongs to: who acts, with which role, on which venue. */
export interface SessionAdmin {
  id: number;
  email: string;
  role: AdminRole;
  venueId: number | null;
  /** 1 while the admin holds a one-time password: only changing it, verify and logout are open. */
  mustChangePassword: number;
}

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
