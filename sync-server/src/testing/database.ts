// Each test app gets a database of its own with every migration applied: a SQLite file in its
// temporary directory, or, when TEST_DATABASE_URL names a PostgreSQL server (`npm test` starts a
// throwaway cluster for the second run of the API suite), a fresh database. Either is a copy of a
// template migrated once per set of migrations (named after their code), so parallel test workers
// share it: copying takes a millisecond or a few where migrating takes 120 ms on SQLite and a
// second on PostgreSQL. On PostgreSQL a test's database is then emptied and kept for the worker's
// next test (postgres-spares.ts), which costs less again than a copy.
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrateToLatestOrThrow, openDatabase, openPostgres, type Db } from '../db/database.ts';
import { migrations } from '../db/migrations/index.ts';
import { keepAsSpare, runPrefix, takeSpare } from './postgres-spares.ts';

export interface TestDatabase {
  db: Db;
  /** 'sqlite' or 'postgres': the few tests about one dialect's internals ask. */
  kind: 'sqlite' | 'postgres';
  /** Its DATABASE_URL, for a server process started on the same database. */
  url: string;
  /** Closes the connections and, on PostgreSQL, drops the database. */
  drop(): Promise<void>;
}

/** The PostgreSQL server the API suite's second run uses, if any. */
export const testPostgresUrl = (): string | undefined => process.env.TEST_DATABASE_URL || undefined;

export async function openTestDatabase(dir: string): Promise<TestDatabase> {
  const url = testPostgresUrl();
  if (!url) {
    const file = join(dir, 'test.sqlite');
    copyFileSync(await migratedSqliteTemplate(), file);
    const db = openDatabase(file);
    return { db, kind: 'sqlite', url: file, drop: () => db.destroy() };
  }
  const templateName = await migratedTemplate(url);
  // An emptied database an earlier test of this worker left (postgres-spares.ts), else a new copy.
  const spare = takeSpare();
  const name = spare ?? `${runPrefix()}${process.pid}_${randomBytes(6).toString('hex')}`;
  // FILE_COPY copies the template's files; the default (WAL_LOG) writes every page of it to the
  // WAL, which made the PostgreSQL server's share of the API run 105 s of CPU instead of 84.
  if (!spare) await adminQuery(url, `create database "${name}" template "${templateName}" strategy file_copy`);
  const own = withDatabase(url, name);
  const db = openPostgres(own, 5);
  // Dropped once, however often a test closes its app: kept twice, one database would be handed to
  // two tests, and emptying it for one would end the other's connections.
  let dropped: Promise<void> | undefined;
  return {
    db,
    kind: 'postgres',
    url: own,
    drop: () =>
      (dropped ??= (async () => {
        await db.destroy();
        if (!(await keepAsSpare(own, withDatabase(url, templateName), name)))
          await adminQuery(url, `drop database if exists "${name}" with (force)`);
      })()),
  };
}

/** A name for the current migrations' code: it changes when any migration does. */
function migrationsId(): string {
  const source = Object.entries(migrations).map(([key, m]) => `${key}\n${m.up.toString()}`);
  return createHash('sha256').update(source.join('\n')).digest('hex').slice(0, 12);
}

/**
 * A SQLite file in the temporary folder, migrated once (written under a scratch name and renamed
 * into place whole, so a worker never copies a half-made one). Closing it checkpoints its WAL, so
 * the file alone is the whole database.
 */
let sqliteTemplate: Promise<string> | undefined;
function migratedSqliteTemplate(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const file = join(tmpdir(), `courtreplay-test-template-${migrationsId()}.sqlite`);
    if (existsSync(file)) return file;
    const scratch = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
    const db = openDatabase(scratch);
    await migrateToLatestOrThrow(db);
    await db.destroy();
    renameSync(scratch, file);
    return file;
  })();
  return sqliteTemplate;
}

/** A PostgreSQL database named after the current migrations' code, migrated once under an advisory lock. */
let template: Promise<string> | undefined;
function migratedTemplate(url: string): Promise<string> {
  template ??= (async () => {
    const name = `template_${migrationsId()}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock(15015)');
      const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (!rowCount) {
        await client.query(`create database "${name}"`);
        const db = openPostgres(withDatabase(url, name), 2);
        try {
          await migrateToLatestOrThrow(db);
        } catch (err) {
          await db.destroy();
          await client.query(`drop database "${name}" with (force)`);
          throw err;
        }
        await db.destroy();
      }
    } finally {
      await client.end();
    }
    return name;
  })();
  return template;
}

/** One statement on the server's maintenance database (create and drop cannot run in a transaction). */
async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
