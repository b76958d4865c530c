import type { Db } from '../database.ts';

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
