// Opens the database once: SQLite (the embedded default) or PostgreSQL (DATABASE_URL=postgres://…).
// SQLite: WAL, synchronous=FULL (a paid purchase must survive a power cut; better-sqlite3 would
// otherwise run WAL at NORMAL), foreign keys on, a busy timeout. PostgreSQL: a pool of
// DATABASE_POOL_SIZE connections. Migrations run at start-up; on PostgreSQL Kysely's migrator takes
// an advisory lock, so two instances starting at once migrate once.
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, sql, SqliteDialect, type SqliteDatabase } from 'kysely';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import pg from 'pg';
import type { DatabaseTarget } from '../config-types.ts';
import type { Database } from './schema/index.ts';
import { migrations } from './migrations/index.ts';
import { isPostgres } from './dialect.ts';
import { ensurePrivateFileSync, PRIVATE_DIR_MODE } from '../private-files.ts';

export type Db = Kysely<Database>;

/** The database DATABASE_URL names. */
export function openConfiguredDatabase(target: DatabaseTarget): Db {
  return target.kind === 'postgres' ? openPostgres(target.url, target.poolSize) : openDatabase(target.file);
}

/**
 * PostgreSQL through a pg pool. Counts and sums come back as bigint or numeric, which pg hands over as
 * strings; every such figure here (rupiah, bytes, rows) is far below 2^53, so they are read as numbers,
 * like SQLite's integers.
 */
export function openPostgres(url: string, poolSize: number): Db {
  const asNumber = (value: string) => Number(value);
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC
        ? asNumber
        : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types });
  // A connection the server drops (restart, failover) is replaced on the next query; without a
  // listener the pool's 'error' event would end the process.
  pool.on('error', () => {});
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export function openDatabase(file: string): Db {
  if (file !== ':memory:') {
    // Players' e-mails live here: only the server's user may read the file (and its -wal/-shm).
    // A folder made here is private; an existing one (DATABASE_URL elsewhere) is left as it is.
    mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
    ensurePrivateFileSync(file);
  }
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // What is deleted or overwritten is zeroed in the file, not left in a free page: an erased
  // player's address must be readable nowhere on disk (purchases/player-data.ts).
  sqlite.pragma('secure_delete = ON');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/**
 * Kysely prepares every query anew and better-sqlite3 compiles on every prepare(); reusing compiled
 * statements by SQL text takes 0.1-0.3 ms off each query (sync-server/bench). Kysely holds the one
 * connection for a whole query or stream, so a statement is never run twice at once.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(source: string) {
      let statement = cache.get(source);
      if (statement) cache.delete(source);
      else statement = sqlite.prepare(source);
      cache.set(source, statement); // most recently used last
      if (cache.size > max) cache.delete(cache.keys().next().value as string);
      return statement;
    },
  };
}

export async function migrateToLatestOrThrow(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}

/**
 * SQLite: copies the write-ahead log into the database file and empties it (TRUNCATE), so what was
 * just overwritten (an erased address) is no longer in the -wal file. PostgreSQL: nothing to do
 * here (its files are not under DATA_DIR, and the row is gone).
 */
export async function truncateWriteAheadLog(db: Db): Promise<void> {
  if (isPostgres(db)) return;
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
}

/** One cheap read of a table the migrations made: the database answers (GET /api/health). */
export async function checkDatabase(db: Db): Promise<void> {
  await db.selectFrom('venues').select('id').limit(1).execute();
}
