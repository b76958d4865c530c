// `npm run bench`: GET /api/reports/sales on 1,000,000 purchases over 50 venues (3 courts each, one
// a minute over about 23 months; paid, free, promo, staging, pending and expired mixed): all venues
// and one venue, a month and a year, through the HTTP app and through the service. The purchases
// go in through the real triggers that keep the sales_daily roll-up (migration 018). Prints
// figures; never fails. Aim: under 50 ms.
import SQLite from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { systemClock } from '../src/adapters/ports.ts';
import { migrateToLatestOrThrow, openDatabase } from '../src/db/database.ts';
import { salesReport, type SalesReportFilter } from '../src/reports/sales-report.queries.ts';
import { createSeeder } from '../src/testing/seed.ts';
import { inProcessApp } from './support.ts';

const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 1_000_000);
const VENUES = 50;
const COURTS_PER_VENUE = 3;
const START = Date.parse('2025-01-01T00:00:00.000Z');
const STEP_MS = 60_000;

const dir = mkdtempSync(join(tmpdir(), 'courtreplay-bench-'));
const file = join(dir, 'bench.sqlite');
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const ms = (t0: number) => performance.now() - t0;
const log = (line: string) => process.stdout.write(`${line}\n`);

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
const kiosk = await seeder.device({ venueId: venues[0]!.id, fieldId: venues[0]!.fields[0]! });

let t0 = performance.now();
{
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = OFF'); // the seed only
  const insert = raw.prepare(`insert into purchases (id, seq, venueSeq, fieldSeq, email, videoCount, videoIds, videoTitles,
    subtotal, discount, totalAmount, venueId, fieldId, deviceId, promoId, promoCode, isStaging, paymentStatus, paymentToken,
    emailStatus, emailError, emailSentAt, zipUrl, folderId, uploadError, createdAt, updatedAt, paidAt)
    values (?, ?, ?, ?, ?, ?, '[]', '[]', ?, ?, ?, ?, ?, ?, null, ?, ?, ?, null, null, null, null, null, null, 0, ?, ?, ?)`);
  const counters = new Map<string, number>();
  const next = (scope: string) => {
    const value = (counters.get(scope) ?? 0) + 1;
    counters.set(scope, value);
    return value;
  };
  const STATUSES = ['paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'free', 'pending', 'expired', 'failed'] as const;
  raw.transaction(() => {
    for (let i = 0; i < PURCHASES; i++) {
      const venue = venues[(i * 7919) % VENUES]!;
      const fieldId = venue.fields[i % COURTS_PER_VENUE]!;
      const createdAt = new Date(START + i * STEP_MS).toISOString();
      const count = (i % 6) + 1;
      const status = STATUSES[i % STATUSES.length]!;
      const promo = i % 7 === 0;
      const subtotal = count * 10_000;
      const discount = status === 'free' ? subtotal : promo ? 5_000 : 0;
      insert.run(
        `CR-${createdAt.slice(0, 10).replaceAll('-', '')}-${String(i).padStart(10, '0')}`,
        next('all'),
        next(`venue:${venue.id}`),
        next(`field:${fieldId}`),
        `player${i % 40_000}@example.com`,
        count,
        subtotal,
        discount,
        subtotal - discount,
        venue.id,
        fieldId,
        kiosk.deviceId,
        discount > 0 ? 'PROMO' : null,
        i % 97 === 0 ? 1 : 0,
        status,
        createdAt,
        createdAt,
        status === 'paid' ? createdAt : null,
      );
    }
    const upsert = raw.prepare('insert into purchase_counters (scope, value) values (?, ?)');
    for (const [scope, value] of counters) upsert.run(scope, value);
  })();
  raw.pragma('wal_checkpoint(TRUNCATE)');
  raw.exec('analyze');
  const rollup = raw.prepare('select count(*) from sales_daily').pluck().get() as number;
  raw.close();
  log(
    `Seeded ${PURCHASES.toLocaleString('en')} purchases over ${VENUES} venues in ${(ms(t0) / 1000).toFixed(1)} s ` +
      `(through the roll-up triggers: ${rollup.toLocaleString('en')} sales_daily rows)`,
  );
}

const { app } = inProcessApp(db, dir);

async function time(runs: number, fn: () => unknown) {
  for (let i = 0; i < 3; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(runs / 2)]!, p95: samples[Math.min(runs - 1, Math.ceil(runs * 0.95) - 1)]! };
}

const venueId = venues[6]!.id;
const MONTH = { startDate: '2025-06-01', endDate: '2025-06-30', from: '2025-05-31T17:00:00.000Z', to: '2025-06-30T17:00:00.000Z' };
const YEAR = { startDate: '2025-01-01', endDate: '2025-12-31', from: '2024-12-31T17:00:00.000Z', to: '2025-12-31T17:00:00.000Z' };
const PART = {
  startDate: '2025-03-10T05:30:00.000Z',
  endDate: '2026-03-10T09:15:00.000Z',
  from: '2025-03-10T05:30:00.000Z',
  to: '2026-03-10T09:15:00.001Z',
};
const scenarios = [
  { name: 'all venues, a month', range: MONTH, venue: undefined },
  { name: 'all venues, a year', range: YEAR, venue: undefined },
  { name: 'one venue, a month', range: MONTH, venue: venueId },
  { name: 'one venue, a year', range: YEAR, venue: venueId },
  { name: 'all venues, a year from exact instants (part-days)', range: PART, venue: undefined },
  { name: 'all venues, no dates (everything)', range: undefined, venue: undefined },
];

const rows: string[][] = [];
for (const s of scenarios) {
  const query: Record<string, string> = {};
  if (s.range) Object.assign(query, { startDate: s.range.startDate, endDate: s.range.endDate });
  if (s.venue !== undefined) query.venueId = String(s.venue);
  const url = `/api/reports/sales?${new URLSearchParams(query)}`;
  const check = await app.request(url, { headers: superAdmin.headers });
  const body = (await check.json()) as { revenue?: number; purchases?: number; byDay?: unknown[]; message?: string };
  const filter: SalesReportFilter = { venueId: s.venue, from: s.range?.from, to: s.range?.to, includeStaging: false };
  const http = await time(50, async () => (await app.request(url, { headers: superAdmin.headers })).arrayBuffer());
  const service = await time(50, () => salesReport(db, filter));
  rows.push([
    s.name,
    check.status === 200
      ? `${body.purchases?.toLocaleString('en')} paid, ${body.byDay?.length} days`
      : `HTTP ${check.status} ${body.message}`,
    http.median.toFixed(2),
    http.p95.toFixed(2),
    service.median.toFixed(2),
  ]);
}
const header = ['sales report', 'answer', 'HTTP med ms', 'HTTP p95', 'service med'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ');
log('');
log(line(header));
log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const r of rows) log(line(r));
log('');
log(`Aim: under 50 ms. Worst HTTP median here: ${Math.max(...rows.map((r) => Number(r[2]))).toFixed(2)} ms.`);

// A purchase's life through the triggers: how much they add to a payment landing.
t0 = performance.now();
const ids = (await db.selectFrom('purchases').select('id').where('paymentStatus', '=', 'pending').limit(2000).execute()).map((r) => r.id);
for (const id of ids) await db.updateTable('purchases').set({ paymentStatus: 'paid' }).where('id', '=', id).execute();
log(`${ids.length} payments landing (one update each, roll-up kept by trigger): ${(ms(t0) / ids.length).toFixed(3)} ms each`);
await db.destroy();
