// The back-office list, newest first, by page number. Every purchase carries dense creation ranks
// (seq overall, venueSeq in its venue, fieldSeq in its court) and createdAt never decreases along
// them, so without an e-mail search a page is found by index seeks alone, whatever its number:
//   - the ranks in the date range are [lo, hi]: lo from the first purchase at or after `from`,
//     hi from the last one before `to` (or the scope's counter when there is no end);
//   - page p holds ranks hi - (p-1)*limit down to the next `limit`.
// An e-mail search (a substring) has no such shortcut: it finds the matching rows through a trigram
// index, then counts and skips them. Nor has a court filter, which matches a purchase with any clip
// of the court (docs/back-office.md, Courts): its rows come through purchase_courts' court index.
// Staging (test) purchases are hidden unless asked for. They are few, so the
// ranked page still seeks: the staging ranks in the range come from partial indexes (migration
// 018), the page's top rank is moved down past those above it, and the page reads `limit` rows
// down from there, stepping over the staging ones.
import type { ListPurchasesQuery, Purchase } from '@courtreplay/shared';
import { sql } from 'kysely';
import { isPostgres } from '../db/dialect.ts';
import { containsPattern, scopeOf, selectPurchases, toApiPurchase, type Tx } from './queries.ts';

export interface PurchaseFilter {
  /** The venue the caller may see or asked for; undefined = every venue (super admin only). */
  venueId?: number;
  fieldId?: number;
  /** Lower-case part of the e-mail, or of the WhatsApp number (phoneDigitsOf). */
  email?: string;
  /** Inclusive ISO instant. */
  from?: string;
  /** Exclusive ISO instant. */
  to?: string;
  /** Leave staging purchases out (the back-office default). */
  hideStaging?: boolean;
}

export interface PurchasePage {
  transactions: Purchase[];
  currentPage: number;
  totalPages: number;
  totalCount: number;
}

type RankColumn = 'seq' | 'venueSeq';
interface Scope {
  rank: RankColumn;
  counter: string;
  where?: { column: 'venueId'; value: number };
}

/**
 * A purchase with a clip of the court (docs/back-office.md, Courts): through its court shares
 * (migration 028, indexed by court in 050), or, when it recorded none, its kiosk's court.
 */
export function onClipCourt(fieldId: number, alias = 'purchases') {
  const id = sql.ref(`${alias}.id`);
  return sql<boolean>`(${id} in (select pc."purchaseId" from purchase_courts pc where pc."fieldId" = ${fieldId})
    or (${sql.ref(`${alias}.fieldId`)} = ${fieldId} and not exists (select 1 from purchase_courts pc where pc."purchaseId" = ${id})))`;
}

/** The narrowest ranked scope of a filter without a court (a court's purchases are found by their clips). */
function scopeFor(filter: PurchaseFilter): Scope {
  if (filter.venueId !== undefined) {
    return { rank: 'venueSeq', counter: scopeOf.venue(filter.venueId), where: { column: 'venueId', value: filter.venueId } };
  }
  return { rank: 'seq', counter: scopeOf.all };
}

function inScope(db: Tx, scope: Scope) {
  const query = db.selectFrom('purchases');
  return scope.where ? query.where(scope.where.column, '=', scope.where.value) : query;
}

/**
 * [lo, hi] ranks of the scope's purchases in the date range (hi < lo when there are none), asked in
 * one statement (a round trip each would count on PostgreSQL).
 */
async function rankRange(db: Tx, scope: Scope, filter: PurchaseFilter): Promise<[number, number]> {
  const rank = sql.ref<number>(scope.rank);
  /** The rank of the scope's purchase nearest the bound on its side; null when there is no bound. */
  const edge = (at: string | undefined, side: '>=' | '<', order: 'asc' | 'desc') =>
    at === undefined
      ? sql<number | null>`null`
      : inScope(db, scope).select(rank.as('rank')).where('createdAt', side, at).orderBy('createdAt', order).orderBy(rank, order).limit(1);
  const first = edge(filter.from, '>=', 'asc');
  const last = edge(filter.to, '<', 'desc');
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('purchase_counters').select('value').where('scope', '=', scope.counter).as('total'),
      first.as('first'),
      last.as('last'),
    ])
    .executeTakeFirstOrThrow();
  if ((filter.from !== undefined && row.first === null) || (filter.to !== undefined && row.last === null)) return [1, 0];
  const total = Number(row.total ?? 0);
  return [Number(row.first ?? 1), row.last === null ? total : Math.min(total, Number(row.last))];
}

/** The scope's staging ranks in [lo, hi], highest first (through the partial indexes). */
async function stagingRanks(db: Tx, scope: Scope, lo: number, hi: number): Promise<number[]> {
  const rank = sql.ref<number>(scope.rank);
  const rows = await inScope(db, scope)
    .select(rank.as('rank'))
    .where('isStaging', '=', 1)
    .where(rank, '>=', lo)
    .where(rank, '<=', hi)
    .orderBy(rank, 'desc')
    .execute();
  return rows.map((row) => row.rank);
}

async function rankedPage(db: Tx, scope: Scope, filter: PurchaseFilter, page: number, limit: number) {
  const [lo, hi] = await rankRange(db, scope, filter);
  if (hi < lo) return { rows: [], totalCount: 0 };
  const skipped = filter.hideStaging ? await stagingRanks(db, scope, lo, hi) : [];
  const totalCount = Math.max(0, hi - lo + 1 - skipped.length);
  const skip = (page - 1) * limit;
  if (skip >= totalCount) return { rows: [], totalCount };
  // The (skip+1)-th shown rank from the top: every hidden rank at or above it pushes it down one.
  let top = hi - skip;
  for (const rank of skipped) {
    if (rank >= top) top--;
    else break;
  }
  let query = selectPurchases(db)
    .where(`purchases.${scope.rank}`, '>=', lo)
    .where(`purchases.${scope.rank}`, '<=', top)
    .orderBy(`purchases.${scope.rank}`, 'desc')
    .limit(limit);
  if (filter.hideStaging) query = query.where('purchases.isStaging', '=', 0);
  if (scope.where) query = query.where(`purchases.${scope.where.column}`, '=', scope.where.value);
  return { rows: await query.execute(), totalCount };
}

/** The trigram index answers searches of at least this many characters; shorter ones read every row. */
const TRIGRAM = 3;
/**
 * A search matching more purchases than this reads every row instead: walking the index for a part
 * nearly every address has (say 'gmail') costs more than one pass over the narrow e-mail index.
 */
export const BROAD_SEARCH = 20_000;

const scanFor = (part: string) => sql<boolean>`${sql.ref('purchases.email')} like ${containsPattern(part)} escape '\\'`;

/**
 * Addresses containing `part` (any case), exactly as SQLite's `email like '%part%'` finds them.
 * PostgreSQL: the purchases of the addresses that contain it, the addresses found by `ilike` over the
 * distinct addresses, which the planner answers through their pg_trgm index (migration 021) when the
 * part is long and rare enough to be worth it. SQLite: from three characters on, through the FTS5
 * trigram index, the part as one quoted phrase so every character is taken literally, unless a
 * bounded probe finds the part too common to be worth it.
 */
export async function emailContains(db: Tx, part: string) {
  if (isPostgres(db)) {
    return sql<boolean>`${sql.ref('purchases.email')} in
      (select email from purchase_emails where email ilike ${containsPattern(part)} escape '\\')`;
  }
  if ([...part].length < TRIGRAM) return scanFor(part);
  const phrase = `"${part.replaceAll('"', '""')}"`;
  // Asked once: the count and the page below reuse the list rather than asking the index again.
  const found = await sql<{ seq: number }>`select rowid as seq from purchase_email_search
    where purchase_email_search match ${phrase} limit ${BROAD_SEARCH + 1}`.execute(db);
  if (found.rows.length > BROAD_SEARCH) return scanFor(part);
  const seqs = JSON.stringify(found.rows.map((row) => row.seq));
  return sql<boolean>`${sql.ref('purchases.seq')} in (select value from json_each(${seqs}))`;
}

/**
 * A search that reads as a phone number: digits with the usual + ( ) - . and spaces, at
 * least three digits. Its digits as stored in E.164: a leading 0 is the Indonesian trunk prefix,
 * so 0812… looks for 62812…. Undefined for anything else (an e-mail search).
 */
export function phoneDigitsOf(search: string): string | undefined {
  if (!/^[\d\s+().-]+$/.test(search)) return undefined;
  const digits = search.replace(/\D/g, '');
  if (digits.length < 3) return undefined;
  return digits.startsWith('0') ? `62${digits.slice(1)}` : digits;
}

/**
 * The e-mail search or court filter (no seek possible): count the matches, then skip to the page
 * through the narrow (seq, email) index, from whichever end of the matches is nearer, so a deep
 * page never walks more than half of them beyond the count.
 */
async function searchedPage(db: Tx, filter: PurchaseFilter, page: number, limit: number) {
  // A number is looked for in the numbers (few purchases have one: a scan of the column), else in the addresses.
  const digits = phoneDigitsOf(filter.email ?? '');
  let matches = db.selectFrom('purchases');
  if (filter.email) {
    matches = matches.where(
      digits === undefined
        ? await emailContains(db, filter.email)
        : sql<boolean>`${sql.ref('purchases.phone')} like ${containsPattern(digits)}`,
    );
  }
  if (filter.venueId !== undefined) matches = matches.where('purchases.venueId', '=', filter.venueId);
  if (filter.fieldId !== undefined) matches = matches.where(onClipCourt(filter.fieldId));
  if (filter.from !== undefined) matches = matches.where('purchases.createdAt', '>=', filter.from);
  if (filter.to !== undefined) matches = matches.where('purchases.createdAt', '<', filter.to);
  if (filter.hideStaging) matches = matches.where('purchases.isStaging', '=', 0);

  const { n } = await matches.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const totalCount = Number(n);
  const skipFromNewest = (page - 1) * limit;
  if (skipFromNewest >= totalCount) return { rows: [], totalCount };
  const size = Math.min(limit, totalCount - skipFromNewest);
  const skipFromOldest = totalCount - skipFromNewest - size;
  const fromOldest = skipFromOldest < skipFromNewest;
  const seqs = (
    await matches
      .select('purchases.seq')
      .orderBy('purchases.seq', fromOldest ? 'asc' : 'desc')
      .limit(size)
      .offset(fromOldest ? skipFromOldest : skipFromNewest)
      .execute()
  ).map((row) => row.seq);
  if (seqs.length === 0) return { rows: [], totalCount };
  const rows = await selectPurchases(db).where('purchases.seq', 'in', seqs).orderBy('purchases.seq', 'desc').execute();
  return { rows, totalCount };
}

export async function listPurchases(db: Tx, filter: PurchaseFilter, page: number, limit: number): Promise<PurchasePage> {
  const read = async (tx: Tx) => {
    // A court's purchases have no rank of their own (a purchase may be on several courts): they are
    // found, counted and skipped as a search's are.
    if (filter.email || filter.fieldId !== undefined) return searchedPage(tx, filter, page, limit);
    return rankedPage(tx, scopeFor(filter), filter, page, limit);
  };
  // SQLite: one read transaction, so the count and the page come from the same snapshot.
  // PostgreSQL (read committed) gives every statement a snapshot of its own, in a transaction or
  // not, so one would only add two round trips. A purchase committed between the count and the
  // page is left out by the rank bounds, or (in a search) moves the page by one row, as the next
  // page asked would anyway.
  const { rows, totalCount } = isPostgres(db) ? await read(db) : await db.transaction().execute(read);
  return {
    transactions: rows.map(toApiPurchase),
    currentPage: page,
    totalPages: Math.ceil(totalCount / limit),
    totalCount,
  };
}

/** What an admin may list: their own venue whatever the query names; a super admin, any. */
export function filterFor(query: ListPurchasesQuery, ownVenue: number | null): PurchaseFilter {
  return {
    venueId: ownVenue ?? query.venueId,
    fieldId: query.fieldId,
    email: query.email,
    from: query.from,
    to: query.to,
    hideStaging: !query.includeStaging,
  };
}
