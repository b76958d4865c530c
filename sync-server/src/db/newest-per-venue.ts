// A list read for people (the Errors tab) keeps the newest rows of each venue apart, so that one
// venue's flood of rows (a recorder's outages, a kiosk's reports) never pushes another venue's out
// of it: the rows are ranked newest first within their venue (SQL's row_number() over a partition,
// on SQLite and PostgreSQL alike) and each venue keeps its newest `limit`, plus every row that is
// still open (`openWhereNull` is null), which is bounded by what can be open at once.
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Db } from './database.ts';

export interface NewestPerVenue {
  /** The column naming the row's venue, as the query names it ('purchases.venueId'). */
  venue: string;
  /** The row's time, as the query names it ('e.at'); the answer is ordered by it, newest first. */
  newest: string;
  limit: number;
  /** Every row where this column is null is kept (an open outage), and does not count towards `limit`. */
  openWhereNull?: string;
}

const rankInVenue = (rule: Omit<NewestPerVenue, 'limit'>) => {
  const partition = rule.openWhereNull ? sql`${sql.ref(rule.venue)}, ${sql.ref(rule.openWhereNull)} is null` : sql.ref(rule.venue);
  return sql<number>`row_number() over (partition by ${partition} order by ${sql.ref(rule.newest)} desc)`.as('rankInVenue');
};
/** The name a query's column has in its answer ('o.endedAt' -> 'endedAt'). */
const answerName = (column: string) => column.split('.').pop()!;

/** `query`'s rows, at most `limit` per venue (and every open one), newest first. */
export function newestPerVenue<DB, TB extends keyof DB, O>(db: Db, query: SelectQueryBuilder<DB, TB, O>, rule: NewestPerVenue) {
  const ranked = query.select(rankInVenue(rule));
  const newest = sql.ref(`ranked.${answerName(rule.newest)}`);
  const kept: Expression<SqlBool> = rule.openWhereNull
    ? sql<SqlBool>`(${sql.ref('ranked.rankInVenue')} <= ${rule.limit} or ${sql.ref(`ranked.${answerName(rule.openWhereNull)}`)} is null)`
    : sql<SqlBool>`${sql.ref('ranked.rankInVenue')} <= ${rule.limit}`;
  return db.selectFrom(ranked.as('ranked')).selectAll().where(kept).orderBy(newest, 'desc').execute() as Promise<O[]>;
}

/** The ids `query` selects beyond the newest `limit` of their venue: what a pruning pass deletes. */
export function idsBeyondNewestPerVenue<DB, TB extends keyof DB>(
  db: Db,
  query: SelectQueryBuilder<DB, TB, { id: number }>,
  rule: Omit<NewestPerVenue, 'openWhereNull'>,
) {
  return db
    .selectFrom(query.select(rankInVenue(rule)).as('ranked'))
    .select('ranked.id')
    .where(sql<SqlBool>`${sql.ref('ranked.rankInVenue')} > ${rule.limit}`);
}
