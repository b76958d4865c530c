// `npm run bench -- postgres`: the same 1,000,000 purchases on SQLite and on PostgreSQL,
// then the admin list and the e-mail search on each (through the service, as a request runs it),
// then purchases created per second over HTTP on PostgreSQL by one server process and by two
// behind the same load. scripts/bench.mjs starts a throwaway PostgreSQL cluster and passes its URL
// as BENCH_POSTGRES_URL. Prints figures; never fails.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import { systemClock } from '../src/adapters/ports.ts';
import { migrateToLatestOrThrow, openDatabase, openPostgres, type Db } from '../src/db/database.ts';
import { isPostgres } from '../src/db/dialect.ts';
import { listPurchases, type PurchaseFilter } from '../src/purchases/list-purchases.queries.ts';
import { withDatabase } from '../src/testing/database.ts';
import { createSeeder } from '../src/testing/seed.ts';
import { inProcessApp, startServer, summary } from './support.ts';
import type { ServerProcess } from '../../scripts/server-process.mjs';

const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 1_000_000);
const VENUES = 50;
const COURTS = 3;
const PAGE = 25;
const START_S = Date.parse('2025-01-01T00:00:00.000Z') / 1000;
const STEP_S = 30;
const serverUrl = process.env.BENCH_POSTGRES_URL;
const log = (line: string) => process.stdout.write(`${line}\n`);
if (!serverUrl) {
  log('BENCH_POSTGRES_URL is not set: run this through `npm run bench -- postgres`, which starts a throwaway cluster.');
  process.exit(0);
}

const dir = mkdtempSync(join(tmpdir(), 'courtreplay-bench-pg-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

// ---------------------------------------------------------------- the same data on both
/**
 * Venues, courts and a kiosk through the seeder, then the purchases in one INSERT ... SELECT over a
 * numbered series, with the list's dense ranks from window functions, and the rank counters.
 */
async function seed(db: Db): Promise<{ kiosk: { deviceId: string; headers: Record<string, string> }; admin: Record<string, string> }> {
  const seeder = createSeeder(db, systemClock, 24 * 3_600_000);
  for (let v = 0; v < VENUES; v++) {
    const venue = await seeder.venue({ name: `Venue ${v + 1}` });
    for (let f = 0; f < COURTS; f++) await seeder.field({ venueId: venue.id, name: `Court ${f + 1}` });
  }
  const kiosk = await seeder.device({ venueId: 1, fieldId: 1 });
  const superAdmin = await seeder.admin({ role: 'super_admin' });
  await seeder.config('DEFAULT_PRICE', '10000');
  const postgres = isPostgres(db);
  const series: RawBuilder<unknown> = postgres
    ? sql`select i from generate_series(0::bigint, ${PURCHASES - 1}) as i`
    : sql`with recursive s(i) as (select 0 union all select i + 1 from s where i < ${PURCHASES - 1}) select i from s`;
  const iso = postgres
    ? sql.raw(`to_char(to_timestamp(${START_S} + i * ${STEP_S}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`)
    : sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', ${START_S} + i * ${STEP_S}, 'unixepoch')`);
  // The roll-up trigger is for the sales report, not this bench: off while seeding on PostgreSQL.
  if (postgres) await sql`alter table purchases disable trigger sales_rollup`.execute(db);
  await sql`insert into purchases (id, seq, "venueSeq", "fieldSeq", email, "videoCount", "videoIds", "videoTitles", subtotal, discount,
      "totalAmount", "venueId", "fieldId", "deviceId", "isStaging", "paymentStatus", "paymentToken", "emailStatus", "zipUrl",
      "uploadError", "createdAt", "updatedAt", "paidAt")
    select 'CR-BENCH-' || i, i + 1,
      row_number() over (partition by v order by i), row_number() over (partition by v, c order by i),
      'player' || (i % 40000) || '@example.com', i % 6 + 1, '["a.mp4"]', '["a"]', (i % 6 + 1) * 10000, 0, (i % 6 + 1) * 10000,
      v, (v - 1) * ${COURTS} + c + 1, ${kiosk.deviceId}, 0,
      case when i % 10 = 0 then 'expired' else 'paid' end, 'token-' || i,
      case when i % 10 = 0 then null else 'sent' end,
      case when i % 10 = 0 then null else 'https://drive.google.com/drive/folders/f' || i end,
      0, ${iso}, ${iso}, case when i % 10 = 0 then null else ${iso} end
    from (select i, 1 + (i * 7919) % ${VENUES} as v, i % ${COURTS} as c from (${series}) as series) as numbered`.execute(db);
  if (postgres) await sql`alter table purchases enable trigger sales_rollup`.execute(db);
  await sql`insert into purchase_counters (scope, value)
    select 'all', count(*) from purchases
    union all select 'venue:' || "venueId", count(*) from purchases group by "venueId"
    union all select 'field:' || "fieldId", count(*) from purchases group by "fieldId"`.execute(db);
  await sql.raw(postgres ? 'vacuum analyze' : 'analyze').execute(db);
  return { kiosk, admin: superAdmin.headers };
}

// ---------------------------------------------------------------- timing
async function time(runs: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return summary(samples);
}

const JUNE = { from: '2025-05-31T17:00:00.000Z', to: '2025-06-30T17:00:00.000Z' };
const JUNE_DAYS = { from: '2025-06-01', to: '2025-06-30' }; // the same month as the admin asks it
const scenarios: { name: string; filter: PurchaseFilter; query: Record<string, string>; page: number; runs: number }[] = [
  { name: 'all venues, first page', filter: {}, query: {}, page: 1, runs: 200 },
  { name: 'all venues, page 20,000', filter: {}, query: {}, page: 20_000, runs: 200 },
  {
    name: 'one venue, last page',
    filter: { venueId: 7 },
    query: { venueId: '7' },
    page: Math.ceil(PURCHASES / VENUES / PAGE),
    runs: 200,
  },
  { name: 'one month, first page', filter: JUNE, query: JUNE_DAYS, page: 1, runs: 200 },
  { name: 'e-mail search player1234, first page', filter: { email: 'player1234' }, query: { email: 'player1234' }, page: 1, runs: 50 },
  { name: 'e-mail search player1234, last page', filter: { email: 'player1234' }, query: { email: 'player1234' }, page: 2, runs: 50 },
  { name: 'e-mail search rally (no match)', filter: { email: 'rally' }, query: { email: 'rally' }, page: 1, runs: 50 },
  { name: 'e-mail search example.com (every row)', filter: { email: 'example.com' }, query: { email: 'example.com' }, page: 1, runs: 7 },
];

/**
 * Each scenario through the service (listPurchases, as a request runs it) and as the admin's whole
 * request (session, validation, list, JSON) through the app in-process, on `db`.
 */
async function listFigures(db: Db, admin: Record<string, string>) {
  const { app } = inProcessApp(db, dir);
  const figures: { median: number; p95: number; rows: number; http: number }[] = [];
  for (const s of scenarios) {
    const rows = (await listPurchases(db, s.filter, s.page, PAGE)).transactions.length;
    const path = `/api/transaction?${new URLSearchParams({ ...s.query, includeStaging: 'true', page: String(s.page), limit: String(PAGE) })}`;
    const answer = await app.request(path, { headers: admin });
    const shown = ((await answer.json()) as { transactions?: unknown[] }).transactions?.length;
    if (shown !== rows) log(`  ${s.name}: the request answered ${answer.status} with ${shown} rows, the service ${rows}`);
    const http = await time(s.runs, async () => (await app.request(path, { headers: admin })).arrayBuffer());
    figures.push({ ...(await time(s.runs, () => listPurchases(db, s.filter, s.page, PAGE))), rows, http: http.median });
  }
  return figures;
}

// ---------------------------------------------------------------- SQLite
let t0 = performance.now();
const sqlite = openDatabase(join(dir, 'bench.sqlite'));
await migrateToLatestOrThrow(sqlite);
const { admin: sqliteAdmin } = await seed(sqlite);
log(`SQLite: seeded ${PURCHASES.toLocaleString('en')} purchases in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const onSqlite = await listFigures(sqlite, sqliteAdmin);
await sqlite.destroy();

// ---------------------------------------------------------------- PostgreSQL
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query('drop database if exists courtreplay_bench with (force)');
await admin.query('create database courtreplay_bench');
const benchUrl = withDatabase(serverUrl, 'courtreplay_bench');
t0 = performance.now();
const postgres = openPostgres(benchUrl, 10);
await migrateToLatestOrThrow(postgres);
const { kiosk, admin: postgresAdmin } = await seed(postgres);
log(`PostgreSQL: seeded ${PURCHASES.toLocaleString('en')} purchases in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const onPostgres = await listFigures(postgres, postgresAdmin);

const fmt = (n: number) => n.toFixed(n < 10 ? 2 : 1);
const header = [
  'list (25 a page)',
  'rows',
  'service SQLite med ms',
  'SQLite p95',
  'service PG med',
  'PG p95',
  'PG/SQLite',
  'request SQLite med',
  'request PG med',
  'PG/SQLite',
];
const table = scenarios.map((s, i) => {
  const [lite, pg] = [onSqlite[i]!, onPostgres[i]!];
  return [
    s.name,
    String(pg.rows),
    fmt(lite.median),
    fmt(lite.p95),
    fmt(pg.median),
    fmt(pg.p95),
    (pg.median / lite.median).toFixed(2),
    fmt(lite.http),
    fmt(pg.http),
    (pg.http / lite.http).toFixed(2),
  ];
});
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ');
log('');
log(line(header));
log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const r of table) log(line(r));
log('');
log("The service columns time listPurchases; the request columns the admin's whole GET /api/transaction in-process.");
log('Aim: a selective e-mail search under 10 ms p95 on both; the PostgreSQL list within 2x of SQLite.');

// ---------------------------------------------------------------- purchases per second, one or two instances
const CREATE = Number(process.env.BENCH_CREATE ?? 1000);
const CONCURRENCY = 16;

async function createMany(urls: string[]): Promise<number> {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (let i = next++; i < CREATE; i = next++) {
      const res = await fetch(`${urls[i % urls.length]}/api/transaction`, {
        method: 'POST',
        headers: { ...kiosk.headers, 'Content-Type': 'application/json', 'Idempotency-Key': `"bench-${urls.length}-${i}"` },
        body: JSON.stringify({ email: `rate${i}@example.com`, videoIds: ['a.mp4'], videoTitles: ['a'], totalAmount: 10_000 }),
      });
      if (res.status !== 201) throw new Error(`purchase answered ${res.status}: ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return CREATE / ((performance.now() - started) / 1000);
}

async function instances(count: number) {
  const servers: ServerProcess[] = [];
  for (let i = 0; i < count; i++) {
    const dataDir = mkdtempSync(join(dir, 'instance-'));
    servers.push(await startServer(dataDir, { DATABASE_URL: benchUrl, PAYMENT_PROVIDER: 'simulator' }));
  }
  return {
    urls: servers.map((s) => s.url),
    stop: () => Promise.all(servers.map((s) => s.stop())),
  };
}

log('');
for (const count of [1, 2]) {
  const running = await instances(count);
  try {
    const rate = await createMany(running.urls);
    log(
      `PostgreSQL, ${count} instance${count > 1 ? 's' : ''}: ${rate.toFixed(0)} purchases/s (${CREATE} purchases, ${CONCURRENCY} at a time)`,
    );
  } finally {
    await running.stop();
  }
}
log(
  "(Both instances share this machine's two cores with the load generator and PostgreSQL; on separate machines two instances scale further.)",
);

await postgres.destroy();
await admin.query('drop database if exists courtreplay_bench with (force)');
await admin.end();
