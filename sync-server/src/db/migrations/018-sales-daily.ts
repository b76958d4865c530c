// Sales at a glance: roll-ups of the purchases per Jakarta day and court (and per
// month and court, and per day over all venues),
// kept by triggers on every insert, update and delete of a purchase, so the report reads a few
// thousand roll-up rows instead of up to a million purchases, and no code path that changes a
// purchase (payment notification, reconciler, reversal, admin) can forget to keep it.
//
// What each figure counts (also in docs/back-office.md):
//   - revenue, purchases, clips: paid, not staging, not reversed (a paid purchase the provider later
//     reversed or refunded leaves revenue the moment the reversal lands);
//   - free: free purchases, not staging;
//   - discounts: promo discounts of paid (not reversed) and free purchases, not staging;
//   - staging: staging purchases that were paid (not reversed) or free; never revenue.
// The day is the purchase's creation in Asia/Jakarta (UTC+7, no daylight saving), like the list's
// date filter. fieldId 0 stands for 'no court' (a unique key treats nulls as distinct).
// Partial indexes on the (rare) staging purchases let the list skip them and still seek by rank.
// On PostgreSQL the three triggers are one trigger function, and the figures are bigint (a year of a
// busy venue's rupiah outgrows a 32-bit integer; SQLite's integers are 64-bit already).
import { sql, type Kysely, type Migration } from 'kysely';
import { isPostgres, jakartaDaySql, jakartaMonthSql } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

/** The columns of sales_daily and each one's contribution of a purchase row (`r` = NEW or OLD). */
const FIGURES = (r: string): [column: string, expression: string][] => {
  const done = `(${r}."paymentStatus" = 'paid' and ${r}."paymentReversal" is null)`;
  const live = `${r}."isStaging" = 0`;
  return [
    ['revenue', `case when ${done} and ${live} then ${r}."totalAmount" else 0 end`],
    ['purchases', `case when ${done} and ${live} then 1 else 0 end`],
    ['clips', `case when ${done} and ${live} then ${r}."videoCount" else 0 end`],
    ['free', `case when ${r}."paymentStatus" = 'free' and ${live} then 1 else 0 end`],
    ['discounts', `case when (${done} or ${r}."paymentStatus" = 'free') and ${live} then ${r}."discount" else 0 end`],
    ['staging', `case when (${done} or ${r}."paymentStatus" = 'free') and ${r}."isStaging" = 1 then 1 else 0 end`],
  ];
};
const COLUMNS = FIGURES('NEW').map(([column]) => column);

type Key = [column: string, type: 'text' | 'integer', value: (r: string) => string];
const VENUE: Key = ['venueId', 'integer', (r) => `${r}."venueId"`];
const FIELD: Key = ['fieldId', 'integer', (r) => `coalesce(${r}."fieldId", 0)`];

/**
 * Three roll-ups of the same figures, so no report reads more than a few thousand rows:
 * by day and court (a venue's or a court's days, part-months), by month and court (the per-court
 * table over long ranges), and by day over every venue (the all-venues chart).
 */
function rollups(postgres: boolean): { table: string; keys: Key[] }[] {
  const day: Key = ['day', 'text', (r) => jakartaDaySql(postgres, `${r}."createdAt"`)];
  const month: Key = ['month', 'text', (r) => jakartaMonthSql(postgres, `${r}."createdAt"`)];
  return [
    { table: 'sales_daily', keys: [day, VENUE, FIELD] },
    { table: 'sales_monthly', keys: [month, VENUE, FIELD] },
    { table: 'sales_daily_all', keys: [day] },
  ];
}
const quoted = (names: string[]) => names.map((n) => `"${n}"`).join(', ');

/** Adds (sign 1) or takes away (sign -1) one purchase row's figures in one roll-up. */
function upsert(table: string, keys: Key[], r: string, sign: 1 | -1, postgres: boolean): string {
  const values = FIGURES(r)
    .map(([, expr]) => `${sign} * (${expr})`)
    .join(', ');
  // PostgreSQL wants the existing row's column named by its table inside a trigger function.
  const existing = postgres ? `${table}.` : '';
  const updates = COLUMNS.map((c) => `"${c}" = ${existing}"${c}" + excluded."${c}"`).join(', ');
  const keyNames = keys.map(([name]) => name);
  return `insert into ${table} (${quoted([...keyNames, ...COLUMNS])})
    values (${keys.map(([, , value]) => value(r)).join(', ')}, ${values})
    on conflict (${quoted(keyNames)}) do update set ${updates};`;
}
const everyUpsert = (r: string, sign: 1 | -1, postgres: boolean) =>
  rollups(postgres)
    .map(({ table, keys }) => upsert(table, keys, r, sign, postgres))
    .join('\n');

const WATCHED = `"paymentStatus", "paymentReversal", "isStaging", "totalAmount", "discount", "videoCount", "createdAt", "venueId", "fieldId"`;

function sqliteTriggers(): string[] {
  return [
    `create trigger sales_rollup_insert after insert on purchases begin ${everyUpsert('NEW', 1, false)} end`,
    `create trigger sales_rollup_update after update of ${WATCHED} on purchases
       begin ${everyUpsert('OLD', -1, false)} ${everyUpsert('NEW', 1, false)} end`,
    `create trigger sales_rollup_delete after delete on purchases begin ${everyUpsert('OLD', -1, false)} end`,
  ];
}

function postgresTriggers(): string[] {
  return [
    `create function sales_rollup() returns trigger language plpgsql as $$
     begin
       if tg_op in ('UPDATE', 'DELETE') then ${everyUpsert('OLD', -1, true)} end if;
       if tg_op in ('INSERT', 'UPDATE') then ${everyUpsert('NEW', 1, true)} end if;
       return null;
     end $$`,
    `create trigger sales_rollup after insert or delete or update of ${WATCHED} on purchases
       for each row execute function sales_rollup()`,
  ];
}

export const salesDaily018: Migration = {
  async up(db: AnyDb) {
    const postgres = isPostgres(db);
    const tables = rollups(postgres);
    for (const { table: name, keys } of tables) {
      let table = db.schema.createTable(name);
      for (const [column, type] of keys) table = table.addColumn(column, type, (c) => c.notNull());
      for (const column of COLUMNS) table = table.addColumn(column, postgres ? 'bigint' : 'integer', (c) => c.notNull().defaultTo(0));
      table = table.addPrimaryKeyConstraint(`${name}_pk`, keys.map(([column]) => column) as never[]);
      // Without rowid: rows are stored in key order, so a range of days or months is one sequential read.
      await (postgres ? table : table.modifyEnd(sql`without rowid`)).execute();
    }
    // The one-venue and one-court reports seek by venue or court, then day or month.
    await db.schema.createIndex('sales_daily_venue_day_idx').on('sales_daily').columns(['venueId', 'day']).execute();
    await db.schema.createIndex('sales_daily_field_day_idx').on('sales_daily').columns(['fieldId', 'day']).execute();
    await db.schema.createIndex('sales_monthly_venue_idx').on('sales_monthly').columns(['venueId', 'month']).execute();
    await db.schema.createIndex('sales_monthly_field_idx').on('sales_monthly').columns(['fieldId', 'month']).execute();

    for (const trigger of postgres ? postgresTriggers() : sqliteTriggers()) await sql.raw(trigger).execute(db);

    // The purchases made before this migration.
    const sums = FIGURES('p')
      .map(([column, expr]) => `sum(${expr}) as "${column}"`)
      .join(', ');
    for (const { table, keys } of tables) {
      const groups = keys.map((_, i) => String(i + 1)).join(', ');
      await sql
        .raw(
          `insert into ${table} (${quoted([...keys.map(([name]) => name), ...COLUMNS])})
           select ${keys.map(([, , value]) => value('p')).join(', ')}, ${sums} from purchases p group by ${groups}`,
        )
        .execute(db);
    }

    // The list hides staging purchases by default: these find the few it skips, per rank scope.
    await sql.raw(`create index purchases_staging_seq_idx on purchases ("seq") where "isStaging" = 1`).execute(db);
    await sql.raw(`create index purchases_staging_venue_idx on purchases ("venueId", "venueSeq") where "isStaging" = 1`).execute(db);
    await sql.raw(`create index purchases_staging_field_idx on purchases ("fieldId", "fieldSeq") where "isStaging" = 1`).execute(db);
  },
  async down(db: AnyDb) {
    for (const name of ['purchases_staging_seq_idx', 'purchases_staging_venue_idx', 'purchases_staging_field_idx']) {
      await db.schema.dropIndex(name).execute();
    }
    if (isPostgres(db)) {
      await sql.raw('drop trigger sales_rollup on purchases').execute(db);
      await sql.raw('drop function sales_rollup').execute(db);
    } else {
      for (const name of ['sales_rollup_insert', 'sales_rollup_update', 'sales_rollup_delete'])
        await sql.raw(`drop trigger ${name}`).execute(db);
    }
    for (const { table } of rollups(isPostgres(db))) await db.schema.dropTable(table).execute();
  },
};
