import { ADMIN_MESSAGES, MESSAGES, type AdminListItem, type createAdminRequest } from '@courtreplay/shared';
import type { z } from 'zod';
import type { AppDeps } from '../app.ts';
import { hashPassword } from '../auth/password.ts';
import { deleteAdmin, findAdminById, insertAdmin, listAdmins, type AdminRow } from './queries.ts';
import { findVenue } from '../venues/queries.ts';
import type { SessionAdmin } from '../auth/queries.ts';
import { conflict, invalidInput, notFound } from '../errors.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export function toAdminListItem(row: AdminRow): AdminListItem {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    venueId: row.venueId,
    venues: row.venueId !== null && row.venueName !== null ? [{ id: row.venueId, name: row.venueName }] : [],
    createdAt: row.createdAt,
  };
}

export async function allAdmins(deps: Deps): Promise<AdminListItem[]> {
  return (await listAdmins(deps.db)).map(toAdminListItem);
}

export async function createAdmin(deps: Deps, input: z.output<typeof createAdminRequest>): Promise<AdminListItem> {
  // A password of only spaces is no password: as required as an empty one.
  if (input.password.trim() === '') throw invalidInput(MESSAGES.createAdmin.credentialsRequired);
  const venueId = input.role === 'super_admin' ? null : (input.venueId ?? null);
  if (venueId !== null && !(await findVenue(deps.db, venueId))) throw invalidInput(ADMIN_MESSAGES.venueNotFound);
  const passwordHash = await hashPassword(input.password);
  const id = await insertAdmin(deps.db, {
    email: input.email,
    passwordHash,
    role: input.role,
    venueId,
    createdAt: deps.clock.now().toISOString(),
  });
  if (id === undefined) throw conflict(ADMIN_MESSAGES.emailTaken);
  const row = await findAdminById(deps.db, id);
  if (!row) throw new Error('The admin could not be read back');
  return toAdminListItem(row);
}

/**
 * Deletes an admin and ends their sessions at once. A super admin cannot delete themselves; as only
 * super admins delete admins, that also means the last super admin can never be deleted.
 */
export async function removeAdmin(deps: Deps, actor: SessionAdmin, id: number): Promise<void> {
  if (id === actor.id) throw invalidInput(ADMIN_MESSAGES.cannotDeleteSelf);
  if (!(await deleteAdmin(deps.db, id))) throw notFound(ADMIN_MESSAGES.notFound);
}
