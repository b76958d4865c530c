// Login, verification and logout. Failed logins slow down one e-mail from one address with a
// growing wait (after 5 failures: 1 s, 2 s, 4 s ... up to 15 minutes), so a stranger elsewhere can
// never lock an admin out; only a clearly abusive address (50 failures in 15 minutes across any
// e-mails) is refused outright. Kept in the database, shared by instances.
//
// However many guesses arrive at once, at most the limit of them is checked:
// each attempt first reserves its place (a pending row, inserted in one transaction with the count
// that allowed it, under a per-address lock), and counts as a failure for those that follow until
// its check ends. An attempt that only the checks still running stand in the way of waits for them
// rather than being refused: they may be correct passwords, which delete their row, so simultaneous
// correct logins never refuse each other.
import { AUTH_MESSAGES, type LoginRequest, type SessionUser } from '@courtreplay/shared';
import type { AppDeps } from '../app-env.ts';
import { findAdminById, findAdminCredentials, setLastLogin, upgradePasswordHash } from '../admins/credentials.ts';
import {
  addressFailures,
  clearFailedLogins,
  deleteAttempt,
  deleteExpiredSessions,
  deleteSession,
  insertPendingAttempt,
  insertSession,
  pairFailures,
  pruneLoginAttempts,
  settleFailedAttempt,
  type AttemptCount,
  lockAddressForReservation,
} from './queries.ts';
import type { SessionAdmin } from './venue-access.ts';
import { DomainError, unauthenticated } from '../errors.ts';
import { hashedWithOtherParams, hashPassword, imitateFailedCheck, verifyPassword } from './password.ts';
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

/** An attempt whose check has run this long (its instance stopped mid-check) counts as a failure. */
const PENDING_STALE_MS = 60_000;
/** How often an attempt queued behind checks still running looks again, and how long at most it waits. */
const QUEUE_POLL_MS = 25;
const QUEUE_MAX_MS = 30_000;

type Db = Deps['db'];

/**
 * The refusal (429) the attempts call for, if any, for an attempt judged as of `now` (its arrival);
 * `answeredAt` (the real moment) only sets the Retry-After it is told.
 */
async function refusal(
  db: Db,
  email: string,
  ip: string,
  now: Date,
  pending: Omit<AttemptCount, 'since'>,
  answeredAt: Date = now,
): Promise<DomainError | undefined> {
  const { settledBefore } = pending;
  const address: AttemptCount = { since: new Date(now.getTime() - ADDRESS_WINDOW_MS).toISOString(), settledBefore };
  if ((await addressFailures(db, ip, address)) >= MAX_FAILURES_PER_ADDRESS)
    return new DomainError('too_many_requests', AUTH_MESSAGES.tooManyAttempts);
  const pair = await pairFailures(db, email, ip, { since: new Date(now.getTime() - PAIR_MEMORY_MS).toISOString(), ...pending });
  const wait = waitAfter(pair.count);
  if (!pair.last || wait === 0) return undefined;
  // A check still running may end as a failure any moment now: its wait would start then. (A
  // failure settled after `now`, this attempt's arrival, is later still: its wait lies ahead.)
  const last = pair.running > 0 ? now.getTime() : new Date(pair.last).getTime();
  const retryAt = last + wait;
  if (now.getTime() >= retryAt) return undefined;
  const seconds = Math.max(1, Math.ceil((retryAt - answeredAt.getTime()) / 1000));
  return new DomainError('too_many_requests', AUTH_MESSAGES.waitBeforeRetry(seconds), { retryAfterSeconds: seconds });
}

type Decision = { refused: DomainError } | { queued: true } | { id: number };

/** A reserved place in the throttle: end it with endAttempt once the password check is done. */
export interface AttemptSlot {
  id: number;
}

/**
 * Reserves a place for one password check of `email` from `ip`, or refuses (429, before any check)
 * an abusive address or a pair still inside its wait. Failures and checks still running both
 * count, atomically with the insert, so simultaneous guesses cannot all slip under the limit; one
 * refused only because of checks still running waits for them to end, then decides as of its
 * arrival: how long it then took to look again (a busy machine) cannot let it through.
 */
export async function reserveAttempt(db: Db, email: string, ip: string, now: () => Date): Promise<AttemptSlot> {
  const queuedAt = performance.now();
  const arrivedAt = now();
  for (;;) {
    const decision = await db.transaction().execute(async (tx): Promise<Decision> => {
      // One reservation at a time per address (every instance): the count and the insert are one step.
      await lockAddressForReservation(tx, ip);
      const at = now();
      const settledBefore = new Date(at.getTime() - PENDING_STALE_MS).toISOString();
      const refused = await refusal(tx, email, ip, arrivedAt, { settledBefore }, at);
      if (refused) return { refused };
      // Counting the checks still running as failures, would this one have to wait? Then it waits for them.
      if (await refusal(tx, email, ip, arrivedAt, { runningSince: settledBefore })) return { queued: true };
      return { id: await insertPendingAttempt(tx, { email, ip, attemptedAt: at.toISOString() }) };
    });
    if ('refused' in decision) throw decision.refused;
    if ('id' in decision) return { id: decision.id };
    if (performance.now() - queuedAt > QUEUE_MAX_MS) throw new DomainError('too_many_requests', AUTH_MESSAGES.tooManyAttempts);
    await new Promise((resolve) => setTimeout(resolve, QUEUE_POLL_MS));
  }
}

/**
 * Ends a reserved attempt: a failure stays counted; a success (or a check that never ran) leaves no
 * trace. A failure is dated when its check ended, so the wait it starts is a whole wait even when
 * the check was slow (guesses queued behind it are refused, not let through because the wait had
 * already run out while the check ran).
 */
export async function endAttempt(db: Db, slot: AttemptSlot, failed: boolean, now: () => Date): Promise<void> {
  if (failed) await settleFailedAttempt(db, slot.id, now().toISOString());
  else await deleteAttempt(db, slot.id);
}

/** Runs `check` (the slow password comparison) in a reserved place; a throw ends it as not a failure. */
export async function throttledCheck(db: Db, email: string, ip: string, now: () => Date, check: () => Promise<boolean>): Promise<boolean> {
  const slot = await reserveAttempt(db, email, ip, now);
  let ok: boolean;
  try {
    ok = await check();
  } catch (err) {
    await endAttempt(db, slot, false, now);
    throw err;
  }
  await endAttempt(db, slot, !ok, now);
  return ok;
}

export async function login(deps: Deps, input: LoginRequest, ip: string) {
  const { db, clock, config } = deps;
  const email = input.email.toLowerCase();
  const now = clock.now();
  await pruneLoginAttempts(db, new Date(now.getTime() - PAIR_MEMORY_MS).toISOString());

  const admin = await findAdminCredentials(db, email);
  // An unknown e-mail takes as long as a real check, without hashing (see imitateFailedCheck).
  const ok = await throttledCheck(
    db,
    email,
    ip,
    () => clock.now(),
    async () => (admin ? verifyPassword(input.password, admin.passwordHash) : imitateFailedCheck(config.passwordHashing)),
  );
  if (!admin || !ok) throw unauthenticated(AUTH_MESSAGES.invalidCredentials);
  // A hash made with earlier parameters is remade with today's while the password is at hand.
  if (hashedWithOtherParams(admin.passwordHash, config.passwordHashing))
    await upgradePasswordHash(db, admin.id, admin.passwordHash, await hashPassword(input.password, config.passwordHashing));

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
    language: admin.language,
  };
}

// What the other features use of this one; its queries.ts is its own.
export { clearFailedLogins, findSessionAdmin, pruneLoginAttempts } from './queries.ts';
