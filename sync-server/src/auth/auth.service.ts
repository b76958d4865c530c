// Login, verification and logout. Failed logins are rate-limited per e-mail (10 in 15 minutes) and,
// more loosely, per address (50), so one venue's shared connection cannot lock all its admins out.
import { AUTH_MESSAGES, type LoginRequest, type SessionUser } from '@courtreplay/shared';
import type { AppDeps } from '../app.ts';
import { findAdminById, findAdminCredentials } from '../db/queries/admins.ts';
import { clearFailedLogins, countRecentFailures, deleteLoginAttempt, pruneLoginAttempts, recordFailedLogin } from '../db/queries/login-attempts.ts';
import { deleteExpiredSessions, deleteSession, insertSession, type SessionAdmin } from '../db/queries/sessions.ts';
import { HttpError, unauthorized } from '../http/errors.ts';
import { dummyPasswordHash, verifyPassword } from './password.ts';
import { hashToken, newSessionToken } from './tokens.ts';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_EMAIL = 10;
export const MAX_FAILURES_PER_IP = 50;

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

export async function login(deps: Deps, input: LoginRequest, ip: string) {
  const { db, clock, config } = deps;
  const email = input.email.toLowerCase();
  const now = clock.now();
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  // The attempt is recorded before the password is checked, so a burst of parallel guesses is
  // counted as it arrives instead of after each (slow) scrypt: at most 10 get through.
  const attempt = { email, ip, attemptedAt: now.toISOString() };
  await pruneLoginAttempts(db, since);
  const attemptId = await recordFailedLogin(db, attempt);
  const failures = await countRecentFailures(db, email, ip, since);
  if (failures.byEmail > MAX_FAILURES_PER_EMAIL || failures.byIp > MAX_FAILURES_PER_IP) {
    await deleteLoginAttempt(db, attemptId); // refused attempts do not extend the lock
    throw new HttpError(429, AUTH_MESSAGES.tooManyAttempts);
  }

  const admin = await findAdminCredentials(db, email);
  // An unknown e-mail costs a full scrypt too, so timing does not tell which e-mails exist.
  const ok = await verifyPassword(input.password, admin?.passwordHash ?? (await dummyPasswordHash()));
  if (!admin || !ok) throw unauthorized(AUTH_MESSAGES.invalidCredentials);

  await clearFailedLogins(db, email);
  await deleteExpiredSessions(db, now.toISOString());
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + config.sessionTtlMs).toISOString();
  await insertSession(db, { id: hashToken(token), adminId: admin.id, createdAt: now.toISOString(), expiresAt });
  const user = await sessionUser(deps, admin.id);
  return { user, token, message: AUTH_MESSAGES.loggedIn, expiresAt };
}

export async function logout(deps: Deps, token: string): Promise<void> {
  await deleteSession(deps.db, hashToken(token));
}

/** The user object of login and verify answers. */
export async function sessionUser(deps: Deps, adminId: SessionAdmin['id']): Promise<SessionUser> {
  const admin = await findAdminById(deps.db, adminId);
  if (!admin) throw unauthorized();
  return {
    id: admin.id,
    email: admin.email,
    role: admin.role,
    venueId: admin.venueId,
    venues: admin.venueId !== null && admin.venueName !== null ? [{ id: admin.venueId, name: admin.venueName }] : [],
  };
}
