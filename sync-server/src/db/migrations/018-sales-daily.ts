// Sales at a glance (issue 14 point 2): a daily roll-up of the purchases per Jakarta day and court,
// kept by triggers on every insert, update and delete of a purchase, so the report reads a few
// thousand roll-up rows instead of up to a million purchases, and no code path that changes a
// purchase (payment notification, reconciler, reversal, admin) can forget to keep it.
//
// What each figure counts (also in the README):
//   - revenue, purchases, clips: paid, not staging, not reversed (a paid purchase the provider later
//     reversed or refunded leaves revenue the moment the reversal lands);
//   - free: free purchases, not staging;
//   - discounts: promo discounts of paid (not reversed) and free purchases, not staging;
//   - staging: staging purchases that were paid (not reversed) or free; never revenue.
// The day is the purchase's creation in Asia/Jakarta (UTC+7, no daylight saving), like the list's
// date filter. fieldId 0 stands for 'no court' (a unique key treats nulls as distinct).
// Partial indexes on the (rare) staging purchases let the list skip them and still seek by rank.
import { sql, type Kysely, type Migration } from 'kysely';

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

/** Adds (sign 1) or takes away (sign -1) one purchase row's figures. */
function upsert(r: string, sign: 1 | -1): string {
  const figures = FIGURES(r);
  const values = figures.map(([, expr]) => `${sign} * (${expr})`).join(', ');
  const updates = COLUMNS.map((c) => `"${c}" = "${c}" + excluded."${c}"`).join(', ');
  return `insert into sales_daily ("day", "venueId", "fieldId", ${COLUMNS.map((c) => `"${c}"`).join(', ')})
    values (date(${r}."createdAt", '+7 hours'), ${r}."venueId", coalesce(${r}."fieldId", 0), ${values})
    on conflict ("day", "venueId", "fieldId") do update set ${updates};`;
}

export const salesDaily018: Migration = {
  async up(db: AnyDb) {
    let table = db.schema
      .createTable('sales_daily')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('venueId', 'integer', (c) => c.notNull())
      .addColumn('fieldId', 'integer', (c) => c.notNull());
    for (const column of COLUMNS) table = table.addColumn(column, 'integer', (c) => c.notNull().defaultTo(0));
    await table.addPrimaryKeyConstraint('sales_daily_pk', ['day', 'venueId', 'fieldId']).execute();
    // The one-venue report seeks by venue, then day.
    await db.schema.createIndex('sales_daily_venue_day_idx').on('sales_daily').columns(['venueId', 'day']).execute();
    await db.schema.createIndex('sales_daily_field_day_idx').on('sales_daily').columns(['fieldId', 'day']).execute();

    const triggers = [
      `create trigger sales_daily_insert after insert on purchases begin ${upsert('NEW', 1)} end`,
      `create trigger sales_daily_update after update of "paymentStatus", "paymentReversal", "isStaging", "totalAmount",
         "discount", "videoCount", "createdAt", "venueId", "fieldId" on purchases begin ${upsert('OLD', -1)} ${upsert('NEW', 1)} end`,
      `create trigger sales_daily_delete after delete on purchases begin ${upsert('OLD', -1)} end`,
    ];
    for (const trigger of triggers) await sql.raw(trigger).execute(db);

    // The purchases made before this migration.
    const sums = FIGURES('p')
      .map(([column, expr]) => `sum(${expr}) as "${column}"`)
      .join(', ');
    await sql
      .raw(
        `insert into sales_daily ("day", "venueId", "fieldId", ${COLUMNS.map((c) => `"${c}"`).join(', ')})
         select date(p."createdAt", '+7 hours'), p."venueId", coalesce(p."fieldId", 0), ${sums}
         from purchases p group by 1, 2, 3`,
      )
      .execute(db);

    // The list hides staging purchases by default: these find the few it skips, per rank scope.
    await sql.raw(`create index purchases_staging_seq_idx on purchases ("seq") where "isStaging" = 1`).execute(db);
    await sql.raw(`create index purchases_staging_venue_idx on purchases ("venueId", "venueSeq") where "isStaging" = 1`).execute(db);
    await sql.raw(`create index purchases_staging_field_idx on purchases ("fieldId", "fieldSeq") where "isStaging" = 1`).execute(db);
  },
  async down(db: AnyDb) {
    for (const name of ['purchases_staging_seq_idx', 'purchases_staging_venue_idx', 'purchases_staging_field_idx']) {
      await db.schema.dropIndex(name).execute();
    }
    for (const name of ['sales_daily_insert', 'sales_daily_update', 'sales_daily_delete'])
      await sql.raw(`drop trigger ${name}`).execute(db);
    await db.schema.dropTable('sales_daily').execute();
  },
};
