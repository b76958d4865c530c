// A test's PostgreSQL database is emptied and handed to the worker's next test (postgres-spares.ts):
// that test must find what a fresh copy of the template gives, and a database a test reshaped must
// not be handed on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { openTestDatabase } from './database.ts';
import { createSeeder } from './seed.ts';
import { frozenClock } from './clock.ts';

const dir = mkdtempSync(join(tmpdir(), 'courtreplay-spares-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const nameOf = (url: string) => new URL(url).pathname.slice(1);

it('hands the next test the same database with no rows and every id starting again at 1', async () => {
  const first = await openTestDatabase(dir);
  const seed = createSeeder(first.db, frozenClock(), 3_600_000);
  const venue = await seed.venue();
  await seed.field({ venueId: venue.id });
  await seed.venue();
  // A connection the test left open (a server process it started) is ended, not left to write.
  const lingering = new pg.Client({ connectionString: first.url });
  lingering.on('error', () => {});
  await lingering.connect();
  await first.drop();
  await expect(lingering.query('select 1')).rejects.toThrow();

  const next = await openTestDatabase(dir);
  try {
    expect(nameOf(next.url)).toBe(nameOf(first.url));
    expect(await next.db.selectFrom('venues').select('id').execute()).toEqual([]);
    expect(await next.db.selectFrom('fields').select('id').execute()).toEqual([]);
    expect((await createSeeder(next.db, frozenClock(), 3_600_000).venue()).id).toBe(1);
  } finally {
    await next.drop();
    await lingering.end().catch(() => undefined);
  }
});

it('hands a database closed twice to one next test only', async () => {
  const first = await openTestDatabase(dir);
  await first.drop();
  await first.drop();
  const [next, other] = [await openTestDatabase(dir), await openTestDatabase(dir)];
  try {
    expect(nameOf(next.url)).not.toBe(nameOf(other.url));
  } finally {
    await Promise.all([next.drop(), other.drop()]);
  }
});

it('drops a database whose schema the test changed instead of handing it on', async () => {
  const first = await openTestDatabase(dir);
  await sql`create table leftover (id integer)`.execute(first.db);
  await first.drop();
  const next = await openTestDatabase(dir);
  try {
    expect(nameOf(next.url)).not.toBe(nameOf(first.url));
    const tables = await sql<{ n: number }>`select count(*)::int as n from pg_tables where tablename = 'leftover'`.execute(next.db);
    expect(tables.rows).toEqual([{ n: 0 }]);
  } finally {
    await next.drop();
  }
});
