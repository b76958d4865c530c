// Background jobs (the payment reconciler, clip retention, purchase upkeep, the e-mail retry worker)
// run in every instance, but one pass of a job must not run on two instances at once: two
// reconcilers would ask the provider twice, two retention passes would delete the same folders.
// On PostgreSQL each pass holds a session advisory lock named after its job; an instance that
// finds the lock taken skips its pass (the other one is doing the work). SQLite is one process's
// file, so a pass there simply runs.
import { sql } from 'kysely';
import type { Db } from './database.ts';
import { isPostgres } from './dialect.ts';

/** Each job's lock, as the two-key advisory lock (LOCK_SPACE, key). */
export const JOB_LOCKS = { reconciler: 1, retention: 2, maintenance: 3, mailRetry: 4, whatsappRetry: 5 } as const;
export type JobName = keyof typeof JOB_LOCKS;
const LOCK_SPACE = 15_015;

export type Exclusive<T> = { ran: true; value: T } | { ran: false };

/** Runs one pass of `job` unless another instance is running it right now. */
export async function runExclusive<T>(db: Db, job: JobName, pass: () => Promise<T>): Promise<Exclusive<T>> {
  if (!isPostgres(db)) return { ran: true, value: await pass() };
  // The lock belongs to a session: one pooled connection holds it for the whole pass and releases it.
  return db.connection().execute(async (connection) => {
    const key = JOB_LOCKS[job];
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${LOCK_SPACE}, ${key}) as locked`.execute(connection);
    if (!rows[0]?.locked) return { ran: false };
    try {
      return { ran: true, value: await pass() };
    } finally {
      await sql`select pg_advisory_unlock(${LOCK_SPACE}, ${key})`.execute(connection);
    }
  });
}
