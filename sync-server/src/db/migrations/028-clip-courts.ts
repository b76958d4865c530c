// Revenue by the court each clip was filmed on. A purchase may
// hold clips of several courts (POST /api/transaction's videoCourts); purchase_courts keeps its
// split, one row per court: how many of its clips came from that court and that court's part of the
// total (the clips' own prices, the promo discount shared in proportion). A purchase without rows
// (made without videoCourts, or before this migration) belongs wholly to the kiosk's court.
// The split rows are written before their purchase, in the same transaction, so the purchase's
// insert trigger already sees them; they never change afterwards.
//
// Two roll-ups of paid, live, not reversed purchases per clip court, beside the figures of migration
// 018 (which stay per purchase and per kiosk court, so the report's totals and its court filter
// still match the list's): per Jakarta day and per month, keyed by venue, the kiosk's court and the
// clip's court. `purchases` there counts the purchases with a clip of that court (a purchase of two
// courts counts once at each). fieldId 0 stands for 'no court', as in 018.
import { sql, type Kysely, type Migration } from 'kysely';
import { isPostgres, jakartaDaySql, jakartaMonthSql } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

const ROLLUPS = [
  { table: 'sales_court_daily', key: 'day', value: jakartaDaySql },
  { table: 'sales_court_monthly', key: 'month', value: jakartaMonthSql },
] as const;

/** The purchase `r`'s court shares: its purchase_courts rows, or its whole total at the kiosk's court. */
const shares = (r: string) => `(select "fieldId", "amount" from purchase_courts where "purchaseId" = ${r}."id"
  union all select coalesce(${r}."fieldId", 0), ${r}."totalAmount"
    where not exists (select 1 from purchase_courts where "purchaseId" = ${r}."id")) s`;

function upsert(table: string, key: string, keyValue: string, r: string, sign: 1 | -1, postgres: boolean): string {
  const counted = `(${r}."paymentStatus" = 'paid' and ${r}."paymentReversal" is null and ${r}."isStaging" = 0)`;
  const existing = postgres ? `${table}.` : '';
  return `insert into ${table} ("${key}", "venueId", "kioskFieldId", "fieldId", "revenue", "purchases")
    select ${keyValue}, ${r}."venueId", coalesce(${r}."fieldId", 0), s."fieldId",
      ${sign} * (case when ${counted} then s."amount" else 0 end), ${sign} * (case when ${counted} then 1 else 0 end)
    from ${shares(r)} where true
    on conflict ("${key}", "venueId", "kioskFieldId", "fieldId") do update set
      "revenue" = ${existing}"revenue" + excluded."revenue", "purchases" = ${existing}"purchases" + excluded."purchases";`;
}
const everyUpsert = (r: string, sign: 1 | -1, postgres: boolean) =>
  ROLLUPS.map(({ table, key, value }) => upsert(table, key, value(postgres, `${r}."createdAt"`), r, sign, postgres)).join('\n');

const WATCHED = `"paymentStatus", "paymentReversal", "isStaging", "totalAmount", "createdAt", "venueId", "fieldId"`;

export const clipCourts028: Migration = {
  async up(db: AnyDb) {
    const postgres = isPostgres(db);
    const money = postgres ? 'bigint' : 'integer';
    await db.schema
      .createTable('purchase_courts')
      .addColumn('purchaseId', 'text', (c) => c.notNull())
      .addColumn('fieldId', 'integer', (c) => c.notNull())
      .addColumn('clips', 'integer', (c) => c.notNull())
      .addColumn('amount', money, (c) => c.notNull())
      .addPrimaryKeyConstraint('purchase_courts_pk', ['purchaseId', 'fieldId'])
      .execute();
    for (const { table: name, key } of ROLLUPS) {
      let table = db.schema
        .createTable(name)
        .addColumn(key, 'text', (c) => c.notNull())
        .addColumn('venueId', 'integer', (c) => c.notNull())
        .addColumn('kioskFieldId', 'integer', (c) => c.notNull())
        .addColumn('fieldId', 'integer', (c) => c.notNull())
        .addColumn('revenue', money, (c) => c.notNull().defaultTo(0))
        .addColumn('purchases', money, (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint(`${name}_pk`, [key, 'venueId', 'kioskFieldId', 'fieldId']);
      if (!postgres) table = table.modifyEnd(sql`without rowid`);
      await table.execute();
      await db.schema.createIndex(`${name}_venue_idx`).on(name).columns(['venueId', key]).execute();
      await db.schema.createIndex(`${name}_kiosk_field_idx`).on(name).columns(['kioskFieldId', key]).execute();
    }

    if (postgres) {
      await sql
        .raw(
          `create function sales_court_rollup() returns trigger language plpgsql as $$
           begin
             if tg_op in ('UPDATE', 'DELETE') then ${everyUpsert('OLD', -1, true)} end if;
             if tg_op in ('INSERT', 'UPDATE') then ${everyUpsert('NEW', 1, true)} end if;
             return null;
           end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger sales_court_rollup after insert or delete or update of ${WATCHED} on purchases
           for each row execute function sales_court_rollup()`,
        )
        .execute(db);
    } else {
      for (const trigger of [
        `create trigger sales_court_rollup_insert after insert on purchases begin ${everyUpsert('NEW', 1, false)} end`,
        `create trigger sales_court_rollup_update after update of ${WATCHED} on purchases
           begin ${everyUpsert('OLD', -1, false)} ${everyUpsert('NEW', 1, false)} end`,
        `create trigger sales_court_rollup_delete after delete on purchases begin ${everyUpsert('OLD', -1, false)} end`,
      ])
        await sql.raw(trigger).execute(db);
    }

    // The purchases made before this migration: each wholly at its kiosk's court.
    const counted = `(p."paymentStatus" = 'paid' and p."paymentReversal" is null and p."isStaging" = 0)`;
    for (const { table, key, value } of ROLLUPS) {
      await sql
        .raw(
          `insert into ${table} ("${key}", "venueId", "kioskFieldId", "fieldId", "revenue", "purchases")
           select ${value(postgres, 'p."createdAt"')}, p."venueId", coalesce(p."fieldId", 0), coalesce(p."fieldId", 0),
             sum(case when ${counted} then p."totalAmount" else 0 end), sum(case when ${counted} then 1 else 0 end)
           from purchases p group by 1, 2, 3, 4`,
        )
        .execute(db);
    }
  },
  async down(db: AnyDb) {
    if (isPostgres(db)) {
      await sql.raw('drop trigger sales_court_rollup on purchases').execute(db);
      await sql.raw('drop function sales_court_rollup').execute(db);
    } else {
      for (const name of ['sales_court_rollup_insert', 'sales_court_rollup_update', 'sales_court_rollup_delete'])
        await sql.raw(`drop trigger ${name}`).execute(db);
    }
    for (const { table } of ROLLUPS) await db.schema.dropTable(table).execute();
    await db.schema.dropTable('purchase_courts').execute();
  },
};
