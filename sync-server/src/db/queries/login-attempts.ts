import type { Db } from '../database.ts';

/** Records an attempt (counted as failed until the login succeeds); returns its id. */
export async function recordFailedLogin(db: Db, row: { email: string; ip: string; attemptedAt: string }): Promise<number> {
  const { id } = await db.insertInto('login_attempts').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function deleteLoginAttempt(db: Db, id: number): Promise<void> {
  await db.deleteFrom('login_attempts').where('id', '=', id).execute();
}

/** Failed attempts since `since` (ISO) for this e-mail and for this address. */
export async function countRecentFailures(db: Db, email: string, ip: string, since: string): Promise<{ byEmail: number; byIp: number }> {
  const count = async (column: 'email' | 'ip', value: string) => {
    const row = await db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', value)
      .where('attemptedAt', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return { byEmail: await count('email', email), byIp: await count('ip', ip) };
}

export async function clearFailedLogins(db: Db, email: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('email', '=', email).execute();
}

export async function pruneLoginAttempts(db: Db, before: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('attemptedAt', '<=', before).execute();
}
