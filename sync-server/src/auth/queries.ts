// Sessions (a hashed bearer token per login) and failed login attempts (the login's throttle).
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { isPostgres } from '../db/dialect.ts';
import type { SessionAdmin } from './venue-access.ts';

export async function insertSession(db: Db, row: { id: string; adminId: number; createdAt: string; expiresAt: string }): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/** The admin behind a token hash, if the session exists and has not expired at `now` (ISO). */
export async function findSessionAdmin(db: Db, tokenHash: string, now: string): Promise<SessionAdmin | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('admins', 'admins.id', 'sessions.adminId')
    .select(['admins.id', 'admins.email', 'admins.role', 'admins.venueId', 'admins.mustChangePassword'])
    .where('sessions.id', '=', tokenHash)
    .where('sessions.expiresAt', '>', now)
    .executeTakeFirst();
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', tokenHash).execute();
}

export async function deleteSessionsOfAdmin(db: Db, adminId: number): Promise<void> {
  await db.deleteFrom('sessions').where('adminId', '=', adminId).execute();
}

export async function deleteExpiredSessions(db: Db, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expiresAt', '<=', now).execute();
}

/**
 * Holds a place in the throttle for an attempt whose password check is about to start: a pending
 * row, counted like a failure by the attempts that follow until it ends. Its id.
 */
export async function insertPendingAttempt(db: Db, row: { email: string; ip: string; attemptedAt: string }): Promise<number> {
  const { id } = await db
    .insertInto('login_attempts')
    .values({ ...row, pending: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

/** The attempt's check failed: its row stays as a failure. */
/** The attempt's check failed: it counts from now on, dated when the failure became known. */
export async function settleFailedAttempt(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('login_attempts').set({ pending: 0, attemptedAt: at }).where('id', '=', id).execute();
}

/** The attempt's check passed (or never ran): its row goes. */
export async function deleteAttempt(db: Db, id: number): Promise<void> {
  await db.deleteFrom('login_attempts').where('id', '=', id).execute();
}

/**
 * Which rows count. `settledBefore` set: failures only, plus attempts pending since before it (an
 * instance that stopped mid-check never settles them); unset: every row, in-flight checks too.
 */
export interface AttemptCount {
  since: string;
  /** Count pending attempts only when reserved before this (a check that ran this long died with its instance). */
  settledBefore?: string;
  /** Report as `running` the pending attempts reserved since then (checks still under way). */
  runningSince?: string;
}

/** This e-mail's attempts from this address: how many, and the latest. */
export async function pairFailures(
  db: Db,
  email: string,
  ip: string,
  count: AttemptCount,
): Promise<{ count: number; last: string | null; running: number }> {
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.max('attemptedAt').as('last'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('pending', '=', 1), eb('attemptedAt', '>=', count.runningSince ?? '9999' /* none without runningSince */)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('running'),
    ])
    .where('email', '=', email)
    .where('ip', '=', ip)
    .where('attemptedAt', '>', count.since)
    .$if(count.settledBefore !== undefined, (qb) =>
      qb.where((eb) => eb.or([eb('pending', '=', 0), eb('attemptedAt', '<', count.settledBefore!)])),
    )
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), last: row.last ?? null, running: Number(row.running ?? 0) };
}

/** Attempts from this address across all e-mails. */
export async function addressFailures(db: Db, ip: string, count: AttemptCount): Promise<number> {
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('attemptedAt', '>', count.since)
    .$if(count.settledBefore !== undefined, (qb) =>
      qb.where((eb) => eb.or([eb('pending', '=', 0), eb('attemptedAt', '<', count.settledBefore!)])),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A correct password forgives this e-mail's failures from this address (not others' checks still running). */
export async function clearFailedLogins(db: Db, email: string, ip: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('email', '=', email).where('ip', '=', ip).where('pending', '=', 0).execute();
}

export async function pruneLoginAttempts(db: Db, before: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('attemptedAt', '<=', before).execute();
}

/** PostgreSQL advisory lock space of the per-address reservation lock (jobs use 15015). */
const THROTTLE_LOCK_SPACE = 15_016;

/**
 * In a transaction: one login reservation at a time per address, on every instance (PostgreSQL's
 * transaction-scoped advisory lock; SQLite's one writer already serialises them).
 */
export async function lockAddressForReservation(tx: Db, ip: string): Promise<void> {
  if (isPostgres(tx)) await sql`select pg_advisory_xact_lock(${THROTTLE_LOCK_SPACE}, hashtext(${ip}))`.execute(tx);
}
