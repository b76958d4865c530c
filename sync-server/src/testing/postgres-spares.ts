// A PostgreSQL test database is emptied after its test and kept for the next test of the same
// worker instead of dropped: making one from the template costs the server 200-600 ms of CPU (a
// checkpoint and a copy of some 400 files) per test, emptying one a few milliseconds. The next test
// still starts from the migrated schema with no rows and every sequence at its start. A database
// whose schema a test changed, or that a test filled past a few megabytes (whose statistics and
// dead rows the next test's plans would meet), is dropped as before. What is kept belongs to the run
// that made it (named after the vitest process), and `dropRunSpares` removes it at the run's end.
import pg from 'pg';

/** The prefix of this run's test databases: the vitest process, which each worker is a child of. */
export const runPrefix = (): string => `test_${process.ppid}_`;

/** Emptied databases of this worker, ready for a test. */
const spares: string[] = [];

export const takeSpare = (): string | undefined => spares.pop();

/** What makes two databases the same schema: tables, columns, constraints, indexes, triggers, functions, migrations. */
const SHAPE = `select md5(coalesce(string_agg(part, ',' order by part), '')) as shape,
  (select coalesce(sum(pg_total_relation_size(c.oid)), 0) from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind = 'r')::bigint as bytes
  from (
    select c.relname || ':' || c.relkind::text || ':' || coalesce(a.attname || ':' || a.atttypid || ':' || a.attnotnull || ':' || a.attisdropped, '') as part
      from pg_class c left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0
      where c.relnamespace = 'public'::regnamespace
    union all select conname || ':' || pg_get_constraintdef(oid) from pg_constraint where connamespace = 'public'::regnamespace
    union all select tgname from pg_trigger t join pg_class c on c.oid = t.tgrelid where c.relnamespace = 'public'::regnamespace and not tgisinternal
    union all select proname || ':' || md5(prosrc) from pg_proc where pronamespace = 'public'::regnamespace
    union all select name from kysely_migration
  ) parts`;

/** Every row out (foreign keys not checked while they go), every sequence back at its start; other sessions ended first. */
const EMPTY = `do $$
declare r record;
begin
  perform pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid();
  set local session_replication_role = replica;
  for r in select tablename from pg_tables where schemaname = 'public' and tablename not like 'kysely_migration%' loop
    execute format('delete from %I', r.tablename);
  end loop;
  for r in select sequencename, start_value from pg_sequences where schemaname = 'public' loop
    perform setval(format('%I', r.sequencename)::regclass, r.start_value, false);
  end loop;
end $$`;

/** Grown this much past the template, a database is dropped rather than emptied. */
const MAX_GROWTH_BYTES = 4 * 1024 ** 2;

interface Shape {
  shape: string;
  bytes: number;
}

async function shapeOf(client: pg.Client): Promise<Shape> {
  const { rows } = await client.query<{ shape: string; bytes: string }>(SHAPE);
  return { shape: rows[0]!.shape, bytes: Number(rows[0]!.bytes) };
}

let templateShape: Promise<Shape> | undefined;

/**
 * After a test: empties `url`'s database and keeps it for the next test when it still has the
 * template's schema and size; answers false when it should be dropped instead.
 */
export async function keepAsSpare(url: string, templateUrl: string, name: string): Promise<boolean> {
  templateShape ??= withClient(templateUrl, shapeOf);
  const template = await templateShape;
  const kept = await withClient(url, async (client) => {
    const own = await shapeOf(client);
    if (own.shape !== template.shape || own.bytes > template.bytes + MAX_GROWTH_BYTES) return false;
    await client.query(EMPTY);
    return true;
  }).catch(() => false);
  if (kept) spares.push(name);
  return kept;
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Vitest's global teardown for the PostgreSQL run: drops the databases its workers kept. */
export async function dropRunSpares(url: string, prefix: string): Promise<void> {
  await withClient(url, async (client) => {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [prefix]);
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  });
}
