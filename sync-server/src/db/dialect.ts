// The few places where SQLite and PostgreSQL need different SQL, side by side. Everything else is
// Kysely's query builder, which speaks both. Days are Asia/Jakarta days (UTC+7, no daylight saving)
// on both: SQLite shifts the stored UTC instant by seven hours, PostgreSQL converts it with the
// time-zone database.
import { PostgresAdapter, type Kysely } from 'kysely';

/** True on PostgreSQL (for a database, a transaction or a migration's untyped handle). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: only the adapter is read
export function isPostgres(db: Pick<Kysely<any>, 'getExecutor'>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** SQL for the Jakarta day ('YYYY-MM-DD') of an ISO-8601 UTC timestamp expression. */
export function jakartaDaySql(postgres: boolean, instant: string): string {
  return postgres ? `to_char((${instant})::timestamptz at time zone 'Asia/Jakarta', 'YYYY-MM-DD')` : `date(${instant}, '+7 hours')`;
}

/** SQL for the Jakarta month ('YYYY-MM') of an ISO-8601 UTC timestamp expression. */
export function jakartaMonthSql(postgres: boolean, instant: string): string {
  return postgres
    ? `to_char((${instant})::timestamptz at time zone 'Asia/Jakarta', 'YYYY-MM')`
    : `substr(date(${instant}, '+7 hours'), 1, 7)`;
}
