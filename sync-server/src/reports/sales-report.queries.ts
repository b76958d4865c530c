// GET /api/reports/sales: the figures of the Transactions tab's cards, chart and per-court table.
// Whole Asia/Jakarta days come from the roll-ups kept by triggers (migration 018): the chart from
// the day roll-up (over all venues, or per court for one venue or court), the per-court table from
// the month roll-up plus the days of the part-months at the ends, so a year over every venue reads a
// few thousand roll-up rows, not a million purchases; the
// part-days at the edges of a range given as exact instants are summed from the purchases
// themselves (through the createdAt indexes), with the same rules as the roll-up's triggers.
// The per-court table is by the court each clip was filmed on (migration 028's roll-ups and
// purchase_courts); the totals stay per purchase, as the list sums them. The court filter is the
// list's (a purchase with any clip of the court, docs/back-office.md, Courts): like an e-mail
// search, it is summed from the purchases it matches, so its courts add up to its revenue.
import type { SalesReport, SalesReportQuery } from '@courtreplay/shared';
import { sql, type RawBuilder } from 'kysely';
import { isPostgres, jakartaDaySql } from '../db/dialect.ts';
import type { Db as Tx } from '../db/database.ts';
import { emailContains, onClipCourt } from '../purchases/service.ts';

const JAKARTA_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;
/** Longest run of days the chart is filled with zero days for; a longer range shows first to last sale. */
const MAX_FILLED_DAYS = 3_700;

export interface SalesReportFilter {
  /** The venue the caller may see or asked for; undefined = every venue (super admin only). */
  venueId?: number;
  fieldId?: number;
  /** Lower-case part of the e-mail, matched as the list matches it. */
  email?: string;
  /** Inclusive ISO instant. */
  from?: string;
  /** Exclusive ISO instant. */
  to?: string;
  includeStaging: boolean;
}

/** What an admin may report on: their own venue whatever the query names; a super admin, any. */
export function reportFilterFor(query: SalesReportQuery, ownVenue: number | null): SalesReportFilter {
  return { ...query, venueId: ownVenue ?? query.venueId };
}

interface Figures {
  revenue: number;
  purchases: number;
  clips: number;
  free: number;
  discounts: number;
  staging: number;
}
const FIGURE_NAMES = ['revenue', 'purchases', 'clips', 'free', 'discounts', 'staging'] as const;
type Group = Figures & { key: string | number };

/** The roll-up's rules (migration 018) on purchase rows `p`, as sums. */
const RAW_SUMS = (() => {
  const done = `(p."paymentStatus" = 'paid' and p."paymentReversal" is null)`;
  const live = `p."isStaging" = 0`;
  const exprs: Record<keyof Figures, string> = {
    revenue: `case when ${done} and ${live} then p."totalAmount" else 0 end`,
    purchases: `case when ${done} and ${live} then 1 else 0 end`,
    clips: `case when ${done} and ${live} then p."videoCount" else 0 end`,
    free: `case when p."paymentStatus" = 'free' and ${live} then 1 else 0 end`,
    discounts: `case when (${done} or p."paymentStatus" = 'free') and ${live} then p."discount" else 0 end`,
    staging: `case when (${done} or p."paymentStatus" = 'free') and p."isStaging" = 1 then 1 else 0 end`,
  };
  return FIGURE_NAMES.map((name) => `coalesce(sum(${exprs[name]}), 0) as "${name}"`).join(', ');
})();
const ROLLUP_SUMS = FIGURE_NAMES.map((name) => `coalesce(sum("${name}"), 0) as "${name}"`).join(', ');

/** Revenue and purchases per clip court (migration 028) over purchase rows `p` left-joined with their court shares `pc`. */
const RAW_COURT_SUMS = (() => {
  const counted = `(p."paymentStatus" = 'paid' and p."paymentReversal" is null and p."isStaging" = 0)`;
  const zero = FIGURE_NAMES.filter((name) => name !== 'revenue' && name !== 'purchases').map((name) => `0 as "${name}"`);
  return [
    `coalesce(sum(case when ${counted} then coalesce(pc."amount", p."totalAmount") else 0 end), 0) as "revenue"`,
    `coalesce(sum(case when ${counted} then 1 else 0 end), 0) as "purchases"`,
    ...zero,
  ].join(', ');
})();
const COURT_ROLLUP_SUMS = FIGURE_NAMES.map((name) =>
  name === 'revenue' || name === 'purchases' ? `coalesce(sum("${name}"), 0) as "${name}"` : `0 as "${name}"`,
).join(', ');

/** YYYY-MM-DD in Asia/Jakarta of an instant (ms). */
const jakartaDay = (ms: number) => new Date(ms + JAKARTA_OFFSET_MS).toISOString().slice(0, 10);
/** First instant (ms) of a Jakarta day. */
const dayStart = (day: string) => Date.parse(`${day}T00:00:00.000Z`) - JAKARTA_OFFSET_MS;
const nextDay = (day: string) => jakartaDay(dayStart(day) + DAY_MS);

/**
 * Splits [from, to) into whole Jakarta days [firstDay, endDay) for the roll-up and the part-days
 * at its edges (ISO instant ranges) for the purchases table.
 */
function splitRange(filter: SalesReportFilter) {
  const from = filter.from === undefined ? undefined : Date.parse(filter.from);
  const to = filter.to === undefined ? undefined : Date.parse(filter.to);
  let firstDay: string | undefined;
  let endDay: string | undefined;
  const edges: [number, number][] = [];
  if (from !== undefined) {
    const day = jakartaDay(from);
    firstDay = dayStart(day) === from ? day : nextDay(day);
  }
  if (to !== undefined) {
    const day = jakartaDay(to);
    endDay = day;
  }
  if (firstDay !== undefined && endDay !== undefined && firstDay >= endDay) {
    // No whole day inside: the range is one or two part-days.
    edges.push([from!, to!]);
    return { days: null, edges };
  }
  if (from !== undefined && firstDay !== undefined && dayStart(firstDay) > from) edges.push([from, dayStart(firstDay)]);
  if (to !== undefined && endDay !== undefined && dayStart(endDay) < to) edges.push([dayStart(endDay), to]);
  return { days: { firstDay, endDay }, edges };
}

/** The venue filter (the roll-ups are read only without a court filter). */
function scopeSql(filter: SalesReportFilter, alias: string): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  if (filter.venueId !== undefined) where.push(sql`${sql.ref(`${alias}.venueId`)} = ${filter.venueId}`);
  return where;
}

const and = (parts: RawBuilder<unknown>[]) => (parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``);

/** First day of the month after `day`'s. */
const nextMonthStart = (day: string) => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

async function rollup(db: Tx, table: string, key: string, where: RawBuilder<unknown>[]): Promise<Group[]> {
  const sums = table.startsWith('sales_court_') ? COURT_ROLLUP_SUMS : ROLLUP_SUMS;
  const { rows } = await sql<Group>`select ${sql.ref(`s.${key}`)} as "key", ${sql.raw(sums)}
    from ${sql.table(table)} s ${and(where)} group by 1`.execute(db);
  return rows;
}

/** Whole days [firstDay, endDay) from the day roll-up, in a venue or court or (neither) over all venues. */
function dayRows(db: Tx, filter: SalesReportFilter, key: 'day' | 'fieldId', firstDay?: string, endDay?: string) {
  const scoped = filter.venueId !== undefined;
  const where = scopeSql(filter, 's');
  if (firstDay !== undefined) where.push(sql`s.day >= ${firstDay}`);
  if (endDay !== undefined) where.push(sql`s.day < ${endDay}`);
  return rollup(db, key === 'fieldId' ? 'sales_court_daily' : scoped ? 'sales_daily' : 'sales_daily_all', key, where);
}

/**
 * Per court over whole days [firstDay, endDay): the whole months from the month roll-up, the days
 * before the first and after the last whole month from the day roll-up.
 */
async function courtRows(db: Tx, filter: SalesReportFilter, firstDay?: string, endDay?: string): Promise<Group[]> {
  const firstMonth = firstDay === undefined ? undefined : firstDay.endsWith('-01') ? firstDay : nextMonthStart(firstDay);
  const endMonth = endDay === undefined ? undefined : `${endDay.slice(0, 7)}-01`;
  if (firstMonth !== undefined && endMonth !== undefined && firstMonth >= endMonth) {
    return dayRows(db, filter, 'fieldId', firstDay, endDay);
  }
  const rows: Group[] = [];
  const where = scopeSql(filter, 's');
  if (firstMonth !== undefined) where.push(sql`s.month >= ${firstMonth.slice(0, 7)}`);
  if (endMonth !== undefined) where.push(sql`s.month < ${endMonth.slice(0, 7)}`);
  rows.push(...(await rollup(db, 'sales_court_monthly', 'fieldId', where)));
  if (firstDay !== undefined && firstMonth !== undefined && firstDay < firstMonth) {
    rows.push(...(await dayRows(db, filter, 'fieldId', firstDay, firstMonth)));
  }
  if (endDay !== undefined && endMonth !== undefined && endMonth < endDay) {
    rows.push(...(await dayRows(db, filter, 'fieldId', endMonth, endDay)));
  }
  return rows;
}

/** Figures from the purchases themselves in [start, end) (either end open), by day or by clip court. */
async function rawRows(db: Tx, filter: SalesReportFilter, by: 'day' | 'fieldId', start?: number, end?: number): Promise<Group[]> {
  const where = scopeSql(filter, 'p');
  if (filter.fieldId !== undefined) where.push(onClipCourt(filter.fieldId, 'p'));
  if (start !== undefined) where.push(sql`p."createdAt" >= ${new Date(start).toISOString()}`);
  if (end !== undefined) where.push(sql`p."createdAt" < ${new Date(end).toISOString()}`);
  if (filter.email) where.push(sql`p.seq in (select purchases.seq from purchases where ${await emailContains(db, filter.email)})`);
  if (by === 'day') {
    const { rows } = await sql<Group>`select ${sql.raw(jakartaDaySql(isPostgres(db), 'p."createdAt"'))} as "key", ${sql.raw(RAW_SUMS)}
      from purchases p ${and(where)} group by 1`.execute(db);
    return rows;
  }
  const { rows } = await sql<Group>`select coalesce(pc."fieldId", p."fieldId", 0) as "key", ${sql.raw(RAW_COURT_SUMS)}
    from purchases p left join purchase_courts pc on pc."purchaseId" = p.id ${and(where)} group by 1`.execute(db);
  return rows;
}

/**
 * Figures grouped by `by` ('day' or 'fieldId') over the whole days and the part-days. An e-mail
 * search or a court filter has no roll-up: its purchases are summed from the purchases themselves
 * (a player's purchases are few; a court's come through the court index of purchase_courts).
 */
async function grouped(db: Tx, filter: SalesReportFilter, by: 'day' | 'fieldId'): Promise<Group[]> {
  const parts: Group[] = [];
  if (filter.email || filter.fieldId !== undefined) {
    const bound = (at: string | undefined) => (at === undefined ? undefined : Date.parse(at));
    parts.push(...(await rawRows(db, filter, by, bound(filter.from), bound(filter.to))));
  } else {
    const { days, edges } = splitRange(filter);
    if (days) {
      if (by === 'day') parts.push(...(await dayRows(db, filter, 'day', days.firstDay, days.endDay)));
      else parts.push(...(await courtRows(db, filter, days.firstDay, days.endDay)));
    }
    for (const [start, end] of edges) parts.push(...(await rawRows(db, filter, by, start, end)));
  }
  const merged = new Map<string | number, Group>();
  for (const row of parts) {
    const into = merged.get(row.key);
    if (!into) merged.set(row.key, { ...row });
    else for (const name of FIGURE_NAMES) into[name] += row[name];
  }
  return [...merged.values()];
}

/** Every day from first to last (inclusive), or null when there are too many to draw. */
function daysBetween(first: string, last: string): string[] | null {
  if (Math.round((dayStart(last) - dayStart(first)) / DAY_MS) + 1 > MAX_FILLED_DAYS) return null;
  const list: string[] = [];
  for (let day = first; day <= last; day = nextDay(day)) list.push(day);
  return list;
}

/** The figures from sales; the route adds the sentinel's `undelivered` count. */
export async function salesReport(db: Tx, filter: SalesReportFilter): Promise<Omit<SalesReport, 'undelivered'>> {
  // One read transaction: the totals, the days and the courts come from the same snapshot.
  const [byDayRows, byCourtRows] = await db.transaction().execute(async (tx) => {
    const days = await grouped(tx, filter, 'day');
    const courts = await grouped(tx, filter, 'fieldId');
    return [days, courts] as const;
  });

  const totals: Figures = { revenue: 0, purchases: 0, clips: 0, free: 0, discounts: 0, staging: 0 };
  for (const row of byDayRows) for (const name of FIGURE_NAMES) totals[name] += row[name];

  // The chart's days: the whole filtered range (zero days included) when it is bounded and
  // drawable, else from the first to the last day with a sale.
  const sold = byDayRows
    .filter((row) => row.purchases > 0)
    .map((row) => String(row.key))
    .sort();
  const first = filter.from !== undefined ? jakartaDay(Date.parse(filter.from)) : sold[0];
  const last = filter.to !== undefined ? jakartaDay(Date.parse(filter.to) - 1) : sold.at(-1);
  const revenueOf = new Map(byDayRows.map((row) => [String(row.key), row]));
  let dayList: string[] = [];
  if (first !== undefined && last !== undefined) {
    dayList = daysBetween(first, last) ?? (sold.length ? (daysBetween(sold[0]!, sold.at(-1)!) ?? sold) : []);
  }
  const byDay = dayList.map((date) => ({
    date,
    revenue: revenueOf.get(date)?.revenue ?? 0,
    purchases: revenueOf.get(date)?.purchases ?? 0,
  }));

  const courtRows = byCourtRows.filter((row) => Number(row.purchases) > 0);
  const courtIds = courtRows.map((row) => Number(row.key)).filter((id) => id > 0);
  const names = new Map(
    courtIds.length
      ? (await db.selectFrom('fields').select(['id', 'name']).where('id', 'in', courtIds).execute()).map((f) => [f.id, f.name])
      : [],
  );
  const byCourt = courtRows
    .map((row) => {
      const fieldId = Number(row.key) || null;
      return { fieldId, fieldName: fieldId === null ? null : (names.get(fieldId) ?? null), revenue: row.revenue, purchases: row.purchases };
    })
    .sort((a, b) => b.revenue - a.revenue || (a.fieldId ?? 0) - (b.fieldId ?? 0));

  return {
    revenue: totals.revenue,
    purchases: totals.purchases,
    clips: totals.clips,
    averageOrder: totals.purchases ? Math.round(totals.revenue / totals.purchases) : 0,
    free: totals.free,
    staging: filter.includeStaging ? totals.staging : 0,
    discounts: totals.discounts,
    byDay,
    byCourt,
  };
}
