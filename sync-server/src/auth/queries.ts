// Sessions (a hashed bearer token per login) and failed login attempts (the login's throttle).
import type { Db } from '../db/database.ts';
import type { AdminRole } from '../db/schema/index.ts';

export interface SessionAdmin {
  id: number;
  email: string;
  role: AdminRole;
  venueId: number | null;
  /** 1 while the admin holds a one-time password: only changing it, verify and logout are open. */
  mustChangePassword: number;
}

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

/** Records a failed login, once its password check has completed. */
export async function recordFailedLogin(db: Db, row: { email: string; ip: string; attemptedAt: string }): Promise<void> {
  await db.insertInto('login_attempts').values(row).execute();
}

/** This e-mail's failures from this address since `since` (ISO): how many, and the latest. */
export async function pairFailures(db: Db, email: string, ip: string, since: string): Promise<{ count: number; last: string | null }> {
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('attemptedAt').as('last')])
    .where('email', '=', email)
    .where('ip', '=', ip)
    .where('attemptedAt', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), last: row.last ?? null };
}

/** Failures from this address since `since` (ISO), across all e-mails. */
export async function addressFailures(db: Db, ip: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('attemptedAt', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A correct password forgives this e-mail's failures from this address only. */
export async function clearFailedLogins(db: Db, email: string, ip: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('email', '=', email).where('ip', '=', ip).execute();
}

export async function pruneLoginAttempts(db: Db, before: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('attemptedAt', '<=', before).execute();
}
