import { randomBytes } from 'node:crypto';
import { ADMIN_MESSAGES, MESSAGES, type AdminListItem, type ChangePasswordRequest, type createAdminRequest } from '@courtreplay/shared';
import type { z } from 'zod';
import type { AppDeps } from '../app-env.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { THROTTLE_MEMORY_MS, throttledCheck, clearFailedLogins, pruneLoginAttempts } from '../auth/service.ts';
import { recordAudit } from '../audit/record.ts';
import { deleteAdmin, findAdminById, findPasswordHash, insertAdmin, listAdmins, replacePassword, type AdminRow } from './queries.ts';
import { findVenue } from '../venues/service.ts';
import type { SessionAdmin } from '../auth/venue-access.ts';
import { conflict, invalidInput, notFound, unauthenticated } from '../errors.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

export function toAdminListItem(row: AdminRow): AdminListItem {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    venueId: row.venueId,
    venues: row.venueId !== null && row.venueName !== null ? [{ id: row.venueId, name: row.venueName }] : [],
    createdAt: row.createdAt,
    lastLoginAt: row.lastLoginAt,
  };
}

export async function allAdmins(deps: Deps): Promise<AdminListItem[]> {
  return (await listAdmins(deps.db)).map(toAdminListItem);
}

export async function createAdmin(deps: Deps, actor: SessionAdmin, input: z.output<typeof createAdminRequest>): Promise<AdminListItem> {
  // A password of only spaces is no password: as required as an empty one.
  if (input.password.trim() === '') throw invalidInput(MESSAGES.createAdmin.credentialsRequired);
  const venueId = input.role === 'super_admin' ? null : (input.venueId ?? null);
  if (venueId !== null && !(await findVenue(deps.db, venueId))) throw invalidInput(ADMIN_MESSAGES.venueNotFound);
  const passwordHash = await hashPassword(input.password, deps.config.passwordHashing);
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
  const admin = toAdminListItem(row);
  await recordAudit(deps.db, {
    actor,
    at: deps.clock.now().toISOString(),
    action: 'admin.create',
    entity: 'admin',
    entityId: id,
    venueId,
    after: auditView(admin),
  });
  return admin;
}

/**
 * Deletes an admin and ends their sessions at once. A super admin cannot delete themselves; as only
 * super admins delete admins, that also means the last super admin can never be deleted.
 */
export async function removeAdmin(deps: Deps, actor: SessionAdmin, id: number): Promise<void> {
  if (id === actor.id) throw invalidInput(ADMIN_MESSAGES.cannotDeleteSelf);
  const before = await findAdminById(deps.db, id);
  if (!before) throw notFound(ADMIN_MESSAGES.notFound);
  const deleted = await deleteAdmin(deps.db, id, (trx) =>
    recordAudit(trx, {
      actor,
      at: deps.clock.now().toISOString(),
      action: 'admin.delete',
      entity: 'admin',
      entityId: id,
      venueId: before.venueId,
      before: auditView(toAdminListItem(before)),
    }),
  );
  if (!deleted) throw notFound(ADMIN_MESSAGES.notFound);
}

/** What the audit log keeps of an account: never its password. */
function auditView(admin: AdminListItem) {
  return { email: admin.email, role: admin.role, venueId: admin.venueId };
}

/**
 * The signed-in admin changes their own password. A wrong current password is refused (401) and
 * counts as a failed login of that e-mail from that address, so guessing here is throttled exactly
 * like the login. Every other session of theirs ends; `currentSession` (a token hash) stays.
 */
export async function changeOwnPassword(
  deps: Deps,
  actor: SessionAdmin,
  input: ChangePasswordRequest,
  ip: string,
  currentSession: string | null,
): Promise<void> {
  const now = deps.clock.now();
  await pruneLoginAttempts(deps.db, new Date(now.getTime() - THROTTLE_MEMORY_MS).toISOString());
  const stored = await findPasswordHash(deps.db, actor.id);
  if (!stored) throw unauthenticated();
  if (
    !(await throttledCheck(
      deps.db,
      actor.email,
      ip,
      () => deps.clock.now(),
      () => verifyPassword(input.currentPassword, stored),
    ))
  )
    throw unauthenticated(ADMIN_MESSAGES.wrongCurrentPassword);
  if (input.newPassword === input.currentPassword) throw invalidInput(ADMIN_MESSAGES.samePassword);
  await clearFailedLogins(deps.db, actor.email, ip);
  const passwordHash = await hashPassword(input.newPassword, deps.config.passwordHashing);
  await replacePassword(deps.db, actor.id, passwordHash, currentSession, (trx) =>
    recordAudit(trx, {
      actor,
      at: now.toISOString(),
      action: 'admin.password_change',
      entity: 'admin',
      entityId: actor.id,
      venueId: actor.venueId,
    }),
  );
}

/** 16 characters from an unambiguous alphabet (no 0/O, 1/l/I): about 90 bits. */
const ONE_TIME_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function oneTimePassword(): string {
  const bytes = randomBytes(16);
  return [...bytes].map((b) => ONE_TIME_ALPHABET[b % ONE_TIME_ALPHABET.length]).join('');
}

/**
 * A super admin resets another admin's password: a fresh one-time password, returned once (only its
 * hash is stored), and every session of that admin ends.
 */
export async function resetAdminPassword(deps: Deps, actor: SessionAdmin, id: number): Promise<string> {
  if (id === actor.id) throw invalidInput(ADMIN_MESSAGES.cannotResetSelf);
  const target = await findAdminById(deps.db, id);
  if (!target) throw notFound(ADMIN_MESSAGES.notFound);
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password, deps.config.passwordHashing);
  const done = await replacePassword(
    deps.db,
    id,
    passwordHash,
    null,
    (trx) =>
      recordAudit(trx, {
        actor,
        at: deps.clock.now().toISOString(),
        action: 'admin.password_reset',
        entity: 'admin',
        entityId: id,
        venueId: target.venueId,
        after: { email: target.email },
      }),
    true,
  );
  if (!done) throw notFound(ADMIN_MESSAGES.notFound);
  return password;
}
