// Login, verification and logout. Failed logins slow down one e-mail from one address with a
// growing wait (after 5 failures: 1 s, 2 s, 4 s ... up to 15 minutes), so a stranger elsewhere can
// never lock an admin out; only a clearly abusive address (50 failures in 15 minutes across any
// e-mails) is refused outright. Failures are counted once their password check has completed, so
// simultaneous correct logins never refuse each other. Kept in the database, shared by instances.
import { AUTH_MESSAGES, type LoginRequest, type SessionUser } from '@courtreplay/shared';
import type { AppDeps } from '../app.ts';
import { findAdminById, findAdminCredentials, setLastLogin } from '../admins/queries.ts';
import {
  addressFailures,
  clearFailedLogins,
  deleteExpiredSessions,
  deleteSession,
  insertSession,
  pairFailures,
  pruneLoginAttempts,
  recordFailedLogin,
  type SessionAdmin,
} from './queries.ts';
import { DomainError, unauthenticated } from '../errors.ts';
import { dummyPasswordHash, verifyPassword } from './password.ts';
import { hashToken, newSessionToken } from './tokens.ts';

export const ADDRESS_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ADDRESS = 50;
export const FREE_FAILURES = 5;
export const MAX_WAIT_MS = 15 * 60_000;
/** How long a pair's failures keep growing its wait. */
const PAIR_MEMORY_MS = 24 * 3_600_000;
export const THROTTLE_MEMORY_MS = PAIR_MEMORY_MS;

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** The wait after `failures` failures: none for the first 5, then 1 s doubling, capped. */
export function waitAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(1000 * 2 ** Math.min(failures - FREE_FAILURES, 30), MAX_WAIT_MS);
}

/** Refuses (429, before any password check) an abusive address or a pair still inside its wait. */
export async function assertMayTry(db: Deps['db'], email: string, ip: string, now: Date): Promise<void> {
  const addressSince = new Date(now.getTime() - ADDRESS_WINDOW_MS).toISOString();
  if ((await addressFailures(db, ip, addressSince)) >= MAX_FAILURES_PER_ADDRESS)
    throw new DomainError('too_many_requests', AUTH_MESSAGES.tooManyAttempts);
  const pair = await pairFailures(db, email, ip, new Date(now.getTime() - PAIR_MEMORY_MS).toISOString());
  if (!pair.last) return;
  const retryAt = new Date(pair.last).getTime() + waitAfter(pair.count);
  if (now.getTime() < retryAt) {
    const seconds = Math.ceil((retryAt - now.getTime()) / 1000);
    throw new DomainError('too_many_requests', AUTH_MESSAGES.waitBeforeRetry(seconds), { retryAfterSeconds: seconds });
  }
}

export async function login(deps: Deps, input: LoginRequest, ip: string) {
  const { db, clock, config } = deps;
  const email = input.email.toLowerCase();
  const now = clock.now();
  await pruneLoginAttempts(db, new Date(now.getTime() - PAIR_MEMORY_MS).toISOString());
  await assertMayTry(db, email, ip, now);

  const admin = await findAdminCredentials(db, email);
  // An unknown e-mail costs a full scrypt too, so timing does not tell which e-mails exist.
  const ok = await verifyPassword(input.password, admin?.passwordHash ?? (await dummyPasswordHash()));
  if (!admin || !ok) {
    await recordFailedLogin(db, { email, ip, attemptedAt: now.toISOString() });
    throw unauthenticated(AUTH_MESSAGES.invalidCredentials);
  }

  await clearFailedLogins(db, email, ip);
  await setLastLogin(db, admin.id, now.toISOString());
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
  if (!admin) throw unauthenticated();
  return {
    id: admin.id,
    email: admin.email,
    role: admin.role,
    venueId: admin.venueId,
    venues: admin.venueId !== null && admin.venueName !== null ? [{ id: admin.venueId, name: admin.venueName }] : [],
    mustChangePassword: admin.mustChangePassword === 1,
  };
}
