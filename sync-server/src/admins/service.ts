import { randomInt } from 'node:crypto';
import { ADMIN_MESSAGES, MESSAGES, type AdminListItem, type createAdminRequest, type changePasswordRequest } from '@courtreplay/shared';
import type { z } from 'zod';
import type { AppDeps } from '../app.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { assertMayTry } from '../auth/service.ts';
import { clearFailedLogins, recordFailedLogin } from '../auth/queries.ts';
import { hashToken } from '../auth/tokens.ts';
import { deleteAdmin, findAdminById, findAdminCredentials, insertAdmin, listAdmins, replacePassword, type AdminRow } from './queries.ts';
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
    lastLoginAt: row.lastLoginAt,
    mustChangePassword: row.mustChangePassword === 1,
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

/**
 * The signed-in admin changes their own password. The current one must be right: a wrong one counts
 * as a failed login for the login's throttle (so a borrowed session cannot guess it), and answers 400,
 * not 401, since the session itself is fine. Every other session of the account ends.
 */
export async function changeOwnPassword(
  deps: Deps,
  actor: SessionAdmin,
  sessionToken: string,
  input: z.output<typeof changePasswordRequest>,
  ip: string,
): Promise<void> {
  const now = deps.clock.now();
  await assertMayTry(deps.db, actor.email, ip, now);
  const credentials = await findAdminCredentials(deps.db, actor.email);
  if (!credentials || !(await verifyPassword(input.currentPassword, credentials.passwordHash))) {
    await recordFailedLogin(deps.db, { email: actor.email, ip, attemptedAt: now.toISOString() });
    throw invalidInput(ADMIN_MESSAGES.wrongCurrentPassword);
  }
  await clearFailedLogins(deps.db, actor.email, ip);
  const passwordHash = await hashPassword(input.newPassword);
  await replacePassword(deps.db, actor.id, { passwordHash, oneTime: false, keepSession: hashToken(sessionToken) });
}

/** Letters and digits that cannot be mistaken for one another when read out or copied by hand. */
const ONE_TIME_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** 16 characters of that alphabet in groups of four (about 92 bits), e.g. 'Kq7m-X2pa-...'. */
export function oneTimePassword(): string {
  const chars = Array.from({ length: 16 }, () => ONE_TIME_ALPHABET[randomInt(ONE_TIME_ALPHABET.length)]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/**
 * A super admin gives another admin a one-time password: answered once, stored only as its hash;
 * every session of that admin ends and they are asked to choose their own at the next login.
 */
export async function resetAdminPassword(deps: Deps, actor: SessionAdmin, id: number): Promise<string> {
  if (id === actor.id) throw invalidInput(ADMIN_MESSAGES.cannotResetSelf);
  if (!(await findAdminById(deps.db, id))) throw notFound(ADMIN_MESSAGES.notFound);
  const password = oneTimePassword();
  if (!(await replacePassword(deps.db, id, { passwordHash: await hashPassword(password), oneTime: true }))) {
    throw notFound(ADMIN_MESSAGES.notFound);
  }
  return password;
}
