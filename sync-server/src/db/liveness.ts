// Is the server process that claimed something still alive? An Idempotency-Key stays 'running' while
// its request runs; when its process died (a crash between the purchase insert and the answer), the
// kiosk's retry takes the key over and answers with that purchase instead of making another.
//
// Each process has a boot id. On SQLite one process owns the file, so a key of another boot belongs
// to a dead process. On PostgreSQL several instances share the database: every instance holds a
// session advisory lock named after its boot id for as long as it lives, on a connection of its
// own; a boot whose lock can be taken has no process left (PostgreSQL drops a session's locks the
// moment its connection closes, also on SIGKILL).
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from './database.ts';
import { isPostgres } from './dialect.ts';

/** This server process. */
export const BOOT_ID = randomBytes(8).toString('hex');
const LIVENESS_SPACE = 15_016;
const RECONNECT_MS = 2_000;

/** A boot id as the 32-bit key of an advisory lock. */
const lockKey = (bootId: string) => createHash('sha256').update(bootId).digest().readInt32BE(0);

/** True while the process with this boot id lives (this process always does). */
export async function isBootAlive(db: Db, bootId: string): Promise<boolean> {
  if (bootId === BOOT_ID) return true;
  if (!isPostgres(db)) return false;
  return db.connection().execute(async (connection) => {
    const key = lockKey(bootId);
    const { rows } = await sql<{ taken: boolean }>`select pg_try_advisory_lock(${LIVENESS_SPACE}, ${key}) as taken`.execute(connection);
    if (!rows[0]?.taken) return true;
    await sql`select pg_advisory_unlock(${LIVENESS_SPACE}, ${key})`.execute(connection);
    return false;
  });
}

/**
 * PostgreSQL: holds this process's liveness lock on a connection of its own until the returned
 * function is called. A lost connection is reopened (the lock with it) every two seconds.
 */
export async function holdBootLock(url: string, logger: Logger): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('error', (err) => {
      logger.warn({ err }, 'the liveness connection to PostgreSQL dropped; reconnecting');
      client = undefined;
      void next.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect().catch(() => {}), RECONNECT_MS);
    });
    await next.connect();
    await next.query('select pg_advisory_lock($1, $2)', [LIVENESS_SPACE, lockKey(BOOT_ID)]);
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end();
  };
}
