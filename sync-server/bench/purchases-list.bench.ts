// `npm run bench`: the admin purchase list on 1,000,000 purchases over 50 venues, first page against
// a deep page, through the HTTP app (in-process app.request), through the service (Kysely), and as
// hand-written SQL on the bare better-sqlite3 handle; then purchases created per second through the
// service with synchronous=FULL. Prints figures; never fails.
import SQLite from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { systemClock } from '../src/adapters/ports.ts';
import { hashToken } from '../src/auth/tokens.ts';
import { migrateToLatestOrThrow, openDatabase } from '../src/db/database.ts';
import { createPurchase } from '../src/purchases/create-purchase.ts';
import { listPurchases, type PurchaseFilter } from '../src/purchases/list-purchases.queries.ts';
import { createSeeder } from '../src/testing/seed.ts';
import { inProcessApp } from './support.ts';

const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 1_000_000);
const VENUES = 50;
const COURTS_PER_VENUE = 3;
const PAGE_SIZE = 25;
const START = Date.parse('2025-01-01T00:00:00.000Z');
const STEP_MS = 30_000; // one purchase every 30 s: a million span about 11.5 months

const dir = mkdtempSync(join(tmpdir(), 'courtreplay-bench-'));
const file = join(dir, 'bench.sqlite');
// The seeded file is large: remove it however the run ends.
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const ms = (t0: number) => performance.now() - t0;
const log = (line: string) => process.stdout.write(`${line}\n`);

// ---------------------------------------------------------------- set-up and seed
const db = openDatabase(file);
await migrateToLatestOrThrow(db);
const seeder = createSeeder(db, systemClock, 24 * 3_600_000);
const venues: { id: number; fields: number[] }[] = [];
for (let v = 0; v < VENUES; v++) {
  const venue = await seeder.venue({ name: `Venue ${v + 1}` });
  const fields: number[] = [];
  for (let f = 0; f < COURTS_PER_VENUE; f++) fields.push((await seeder.field({ venueId: venue.id, name: `Court ${f + 1}` })).id);
  venues.push({ id: venue.id, fields });
}
const superAdmin = await seeder.admin({ role: 'super_admin' });
const venueAdmin = await seeder.admin({ role: 'admin', venueId: venues[6]!.id });
const kiosk = await seeder.device({ venueId: venues[0]!.id, fieldId: venues[0]!.fields[0]! });
await seeder.config('DEFAULT_PRICE', '10000');

let t0 = performance.now();
{
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = OFF'); // the seed only; the app and the creation figures run at FULL
  const insert = raw.prepare(`insert into purchases (id, seq, venueSeq, fieldSeq, email, videoCount, videoIds, videoTitles,
    subtotal, discount, totalAmount, venueId, fieldId, deviceId, promoId, promoCode, isStaging, paymentStatus, paymentToken,
    emailStatus, emailError, emailSentAt, zipUrl, folderId, uploadError, createdAt, updatedAt, paidAt)
    values (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, null, null, 0, ?, ?, ?, null, ?, ?, null, 0, ?, ?, ?)`);
  const counters = new Map<string, number>();
  const next = (scope: string) => {
    const value = (counters.get(scope) ?? 0) + 1;
    counters.set(scope, value);
    return value;
  };
  raw.transaction(() => {
    for (let i = 0; i < PURCHASES; i++) {
      const venue = venues[(i * 7919) % VENUES]!;
      const fieldId = venue.fields[i % COURTS_PER_VENUE]!;
      const createdAt = new Date(START + i * STEP_MS).toISOString();
      const count = (i % 6) + 1;
      const ids = JSON.stringify(Array.from({ length: count }, (_, k) => `${START + i}_clip_${k}.mp4`));
      const titles = JSON.stringify(Array.from({ length: count }, (_, k) => `clip ${k}`));
      const paid = i % 10 !== 0;
      insert.run(
        `CR-${createdAt.slice(0, 10).replaceAll('-', '')}-${String(i).padStart(10, '0')}`,
        next('all'),
        next(`venue:${venue.id}`),
        next(`field:${fieldId}`),
        `player${i % 40_000}@example.com`,
        count,
        ids,
        titles,
        count * 10_000,
        count * 10_000,
        venue.id,
        fieldId,
        kiosk.deviceId,
        paid ? 'paid' : 'expired',
        `token-${i}`,
        paid ? 'sent' : null,
        paid ? createdAt : null,
        paid ? `https://drive.google.com/drive/folders/f${i}` : null,
        createdAt,
        createdAt,
        paid ? createdAt : null,
      );
    }
    const upsert = raw.prepare('insert into purchase_counters (scope, value) values (?, ?)');
    for (const [scope, value] of counters) upsert.run(scope, value);
  })();
  raw.pragma('wal_checkpoint(TRUNCATE)');
  raw.exec('analyze');
  raw.close();
}
log(`Seeded ${PURCHASES.toLocaleString('en')} purchases over ${VENUES} venues in ${(ms(t0) / 1000).toFixed(1)} s (${file})`);

// ---------------------------------------------------------------- the app and the bare handle
const { app, deps } = inProcessApp(db, dir);
const bare = new SQLite(file, { readonly: true });

// Hand-written SQL running the same queries as a list request (session, then list), on a bare
// better-sqlite3 handle: no Kysely, no HTTP, no JSON.
const SELECT = `select p.*, v.name as venueName, f.name as fieldName from purchases p
  left join venues v on v.id = p.venueId left join fields f on f.id = p.fieldId`;
const rawStatements = {
  session: bare.prepare(`select a.id, a.email, a.role, a.venueId from sessions s join admins a on a.id = s.adminId
    where s.id = ? and s.expiresAt > ?`),
  counter: bare.prepare('select value from purchase_counters where scope = ?').pluck(),
  pageAll: bare.prepare(`${SELECT} where p.seq >= ? and p.seq <= ? order by p.seq desc`),
  pageVenue: bare.prepare(`${SELECT} where p.venueId = ? and p.venueSeq >= ? and p.venueSeq <= ? order by p.venueSeq desc`),
  firstAfter: bare.prepare('select seq from purchases where createdAt >= ? order by createdAt, seq limit 1').pluck(),
  lastBefore: bare.prepare('select seq from purchases where createdAt < ? order by createdAt desc, seq desc limit 1').pluck(),
  emailCount: bare.prepare("select count(*) from purchases where email like ? escape '\\'").pluck(),
  emailSeqs: bare.prepare("select seq from purchases where email like ? escape '\\' order by seq desc limit ? offset ?").pluck(),
  emailSeqsAsc: bare.prepare("select seq from purchases where email like ? escape '\\' order by seq limit ? offset ?").pluck(),
};
type RawQuery = { venueId?: number; from?: string; to?: string; email?: string };
/** The request's queries: the admin's session, then the list's. */
function rawList(q: RawQuery, page: number, tokenHash: string): number {
  rawStatements.session.get(tokenHash, new Date().toISOString());
  const offset = (page - 1) * PAGE_SIZE;
  if (q.email !== undefined) {
    const pattern = `%${q.email}%`;
    const total = rawStatements.emailCount.get(pattern) as number;
    if (offset >= total) return 0;
    const size = Math.min(PAGE_SIZE, total - offset);
    const fromOldest = total - offset - size;
    const seqs = (
      fromOldest < offset ? rawStatements.emailSeqsAsc.all(pattern, size, fromOldest) : rawStatements.emailSeqs.all(pattern, size, offset)
    ) as number[];
    return bare.prepare(`${SELECT} where p.seq in (${seqs.map(() => '?').join(',')}) order by p.seq desc`).all(...seqs).length;
  }
  if (q.venueId !== undefined) {
    const hi = rawStatements.counter.get(`venue:${q.venueId}`) as number;
    return rawStatements.pageVenue.all(q.venueId, Math.max(1, hi - offset - PAGE_SIZE + 1), hi - offset).length;
  }
  const lo = q.from ? (rawStatements.firstAfter.get(q.from) as number) : 1;
  const hi = q.to ? (rawStatements.lastBefore.get(q.to) as number) : (rawStatements.counter.get('all') as number);
  return rawStatements.pageAll.all(Math.max(lo, hi - offset - PAGE_SIZE + 1), hi - offset).length;
}

// ---------------------------------------------------------------- timing
interface Stats {
  median: number;
  p95: number;
}
async function time(runs: number, fn: () => unknown): Promise<Stats> {
  for (let i = 0; i < 3; i++) await fn(); // warm the caches and the statement cache
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(runs / 2)]!, p95: samples[Math.min(runs - 1, Math.ceil(runs * 0.95) - 1)]! };
}

const monthFrom = '2025-06-01';
const monthTo = '2025-06-30';
const jakartaFrom = '2025-05-31T17:00:00.000Z';
const jakartaTo = '2025-06-30T17:00:00.000Z';
const venueId = venues[6]!.id;
const perVenue = Number(
  await db
    .selectFrom('purchase_counters')
    .select('value')
    .where('scope', '=', `venue:${venueId}`)
    .executeTakeFirstOrThrow()
    .then((r) => r.value),
);
const inMonth = (await listPurchases(db, { from: jakartaFrom, to: jakartaTo }, 1, 1)).totalCount;
const emailMatches = rawStatements.emailCount.get('%player1234%') as number;
const lastPage = (n: number) => Math.max(1, Math.ceil(n / PAGE_SIZE));

interface Scenario {
  name: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  filter: PurchaseFilter;
  raw: RawQuery;
  deepPage: number;
  runs: number;
}
const scenarios: Scenario[] = [
  { name: 'all venues (super admin)', query: {}, headers: superAdmin.headers, filter: {}, raw: {}, deepPage: 20_000, runs: 200 },
  {
    name: `venue filter (${perVenue.toLocaleString('en')} rows)`,
    query: { venueId: String(venueId) },
    headers: superAdmin.headers,
    filter: { venueId },
    raw: { venueId },
    deepPage: lastPage(perVenue),
    runs: 200,
  },
  {
    name: 'admin: own venue only',
    query: { venueId: String(venues[0]!.id) },
    headers: venueAdmin.headers,
    filter: { venueId },
    raw: { venueId },
    deepPage: lastPage(perVenue),
    runs: 200,
  },
  {
    name: `one month (${inMonth.toLocaleString('en')} rows)`,
    query: { startDate: monthFrom, endDate: monthTo },
    headers: superAdmin.headers,
    filter: { from: jakartaFrom, to: jakartaTo },
    raw: { from: jakartaFrom, to: jakartaTo },
    deepPage: lastPage(inMonth),
    runs: 200,
  },
  {
    name: `e-mail search (${emailMatches} rows)`,
    query: { email: 'player1234' },
    headers: superAdmin.headers,
    filter: { email: 'player1234' },
    raw: { email: 'player1234' },
    deepPage: lastPage(emailMatches),
    runs: 15,
  },
  {
    name: `e-mail search (all ${PURCHASES.toLocaleString('en')} rows)`,
    query: { email: 'example.com' },
    headers: superAdmin.headers,
    filter: { email: 'example.com' },
    raw: { email: 'example.com' },
    deepPage: 20_000,
    runs: 7,
  },
];

const rows: string[][] = [];
const fmt = (n: number) => n.toFixed(n < 10 ? 2 : 1);
for (const s of scenarios) {
  for (const [label, page] of [
    ['first page', 1],
    [`page ${s.deepPage.toLocaleString('en')}`, s.deepPage],
  ] as const) {
    const qs = new URLSearchParams({ ...s.query, page: String(page), limit: String(PAGE_SIZE) });
    const check = await app.request(`/api/transaction?${qs}`, { headers: s.headers });
    const body = (await check.json()) as { transactions?: unknown[]; message?: string };
    if (!body.transactions) log(`  ${s.name}, ${label}: HTTP ${check.status} ${body.message ?? ''}`);
    const http = await time(s.runs, async () => (await app.request(`/api/transaction?${qs}`, { headers: s.headers })).arrayBuffer());
    const service = await time(s.runs, () => listPurchases(db, s.filter, page, PAGE_SIZE));
    const tokenHash = hashToken(s.headers.Authorization!.slice('Bearer '.length));
    const sqlOnly = await time(s.runs, () => rawList(s.raw, page, tokenHash));
    rows.push([
      s.name,
      label,
      `${check.status}/${body.transactions?.length ?? 0} rows`,
      fmt(http.median),
      fmt(http.p95),
      fmt(service.median),
      fmt(sqlOnly.median),
      fmt(sqlOnly.p95),
      (http.median / sqlOnly.median).toFixed(1),
    ]);
  }
  const first = rows.at(-2)!;
  const deep = rows.at(-1)!;
  deep.push((Number(deep[3]) / Number(first[3])).toFixed(2));
  first.push('');
}

const header = ['list', 'page', 'answer', 'HTTP med ms', 'HTTP p95', 'service med', 'raw SQL med', 'raw p95', 'HTTP/raw', 'deep/first'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
const line = (cells: string[]) => cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ');
log('');
log(line(header));
log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const r of rows) log(line(r));
const deepRatios = rows.map((r) => Number(r[9])).filter((n) => n > 0);
const overheads = rows.map((r) => Number(r[8]));
log('');
log(`Aim: a deep page within 2x of the first. Worst deep/first here: ${Math.max(...deepRatios).toFixed(2)}x.`);
log(`Aim: HTTP under 2x the raw SQL. HTTP/raw here: ${Math.min(...overheads).toFixed(1)}x to ${Math.max(...overheads).toFixed(1)}x`);
log(
  '  (an index seek costs ~0.3 ms; the HTTP app adds a roughly fixed ~0.3-1 ms per request: routing, headers, session check, zod, JSON).',
);

// ---------------------------------------------------------------- creation throughput
const CREATE = Number(process.env.BENCH_CREATE ?? 1000);
const device = {
  id: kiosk.id,
  deviceId: kiosk.deviceId,
  venueId: venues[0]!.id,
  venueName: 'Venue 1',
  fieldId: venues[0]!.fields[0]!,
  fieldName: 'Court 1',
  isAuthorized: true,
  staging: false,
  createdAt: '',
};
const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
const input = (i: number) => ({
  email: `bench${i}@example.com`,
  videoIds: ['a.mp4', 'b.mp4'],
  videoTitles: ['a', 'b'],
  totalAmount: 20_000,
  isStaging: false,
});
t0 = performance.now();
for (let i = 0; i < CREATE; i++) await createPurchase(deps, device, input(i));
const sequential = CREATE / (ms(t0) / 1000);
t0 = performance.now();
const IN_FLIGHT = 8;
await Promise.all(
  Array.from({ length: IN_FLIGHT }, async (_, lane) => {
    for (let i = lane; i < CREATE; i += IN_FLIGHT) await createPurchase(deps, device, input(CREATE + i));
  }),
);
const concurrent = CREATE / (ms(t0) / 1000);
log('');
log(
  `Purchases created through the service (synchronous=${sync.rows[0]?.synchronous === 2 ? 'FULL' : String(sync.rows[0]?.synchronous)}, WAL, on ${PURCHASES.toLocaleString('en')} rows):`,
);
log(`  one at a time: ${sequential.toFixed(0)}/s   ${IN_FLIGHT} in flight: ${concurrent.toFixed(0)}/s   (${CREATE} each)`);

bare.close();
await db.destroy();
