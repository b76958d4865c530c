import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export interface PromoRow {
  id: number;
  name: string;
  code: string;
  amount: number;
  percent: number;
  quota: number;
  used: number;
  createdAt: string;
  startsOn: string | null;
  endsOn: string | null;
  active: boolean;
  venueId: number | null;
}

type PromoValues = Pick<PromoRow, 'name' | 'code' | 'amount' | 'percent' | 'quota' | 'startsOn' | 'endsOn' | 'active' | 'venueId'>;
const COLUMNS = [
  'id',
  'name',
  'code',
  'amount',
  'percent',
  'quota',
  'used',
  'createdAt',
  'startsOn',
  'endsOn',
  'active',
  'venueId',
] as const;

/** SQLite keeps the switch as 0/1. */
const fromDb = <T extends { active: number }>(row: T) => ({ ...row, active: row.active === 1 });
const toDb = (values: PromoValues) => ({ ...values, active: values.active ? 1 : 0 });

/** Every promo, or (venueId) those working at one venue: its own and the global ones. */
export async function listPromos(db: Db, venueId?: number): Promise<PromoRow[]> {
  let query = db.selectFrom('promo_codes').select(COLUMNS).orderBy('id', 'desc');
  if (venueId !== undefined) query = query.where((eb) => eb.or([eb('venueId', 'is', null), eb('venueId', '=', venueId)]));
  return (await query.execute()).map(fromDb);
}

/** Per promo, its purchases paid (or made free by it) and those pending, which hold a use. */
export async function countPromoUses(db: Db, promoIds: readonly number[]): Promise<Map<number, { paid: number; held: number }>> {
  const uses = new Map<number, { paid: number; held: number }>();
  if (promoIds.length === 0) return uses;
  const rows = await db
    .selectFrom('purchases')
    .select((eb) => [
      'promoId',
      eb.fn.sum<number>(eb.case().when('paymentStatus', 'in', ['paid', 'free']).then(1).else(0).end()).as('paid'),
      eb.fn.sum<number>(eb.case().when('paymentStatus', '=', 'pending').then(1).else(0).end()).as('held'),
    ])
    .where('promoId', 'in', [...promoIds])
    .where('paymentStatus', 'in', ['paid', 'free', 'pending'])
    .groupBy('promoId')
    .execute();
  for (const row of rows) if (row.promoId !== null) uses.set(row.promoId, { paid: Number(row.paid), held: Number(row.held) });
  return uses;
}

export async function findPromoByCode(db: Db, code: string): Promise<PromoRow | undefined> {
  const row = await db.selectFrom('promo_codes').select(COLUMNS).where('code', '=', code).executeTakeFirst();
  return row && fromDb(row);
}

export async function findPromo(db: Db, id: number): Promise<PromoRow | undefined> {
  const row = await db.selectFrom('promo_codes').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && fromDb(row);
}

/** Inserts a promo; undefined when the code is taken (unique constraint, checked atomically). */
export async function insertPromo(db: Db, values: PromoValues & { createdAt: string }): Promise<PromoRow | undefined> {
  const row = await db
    .insertInto('promo_codes')
    .values({ ...toDb(values), createdAt: values.createdAt })
    .onConflict((oc) => oc.column('code').doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  return row && fromDb(row);
}

/** 'missing' when no such promo, 'duplicate' when another promo has the code. */
export async function updatePromo(db: Db, id: number, values: PromoValues): Promise<PromoRow | 'missing' | 'duplicate'> {
  return db.transaction().execute(async (trx) => {
    const clash = await trx.selectFrom('promo_codes').select('id').where('code', '=', values.code).where('id', '!=', id).executeTakeFirst();
    if (clash) return 'duplicate';
    const row = await trx.updateTable('promo_codes').set(toDb(values)).where('id', '=', id).returning(COLUMNS).executeTakeFirst();
    return row ? fromDb(row) : 'missing';
  });
}

export async function deletePromo(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('promo_codes').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether a promo still has quota left (quota 0 = unlimited). */
export const hasQuotaLeft = (promo: Pick<PromoRow, 'quota' | 'used'>): boolean => promo.quota === 0 || promo.used < promo.quota;

/**
 * Takes one use of a promo's quota, atomically: a single UPDATE that only succeeds while
 * used < quota (or quota = 0), so N concurrent purchases never exceed a quota of N. Call it inside
 * the purchase's transaction; false means the promo is gone or used up.
 */
export async function reservePromo(db: Db, promoId: number): Promise<boolean> {
  const result = await db
    .updateTable('promo_codes')
    .set({ used: sql<number>`"used" + 1` })
    .where('id', '=', promoId)
    .where((eb) => eb.or([eb('quota', '=', 0), eb('used', '<', eb.ref('quota'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives one use back (a purchase failed or expired); never below 0. */
export async function releasePromo(db: Db, promoId: number): Promise<void> {
  await db
    .updateTable('promo_codes')
    .set({ used: sql<number>`"used" - 1` })
    .where('id', '=', promoId)
    .where('used', '>', 0)
    .execute();
}

/** Takes a use again for a payment confirmed after our own expiry: the player paid with the discount, so it counts even over the quota. */
export async function retakePromo(db: Db, promoId: number): Promise<void> {
  await db
    .updateTable('promo_codes')
    .set({ used: sql<number>`"used" + 1` })
    .where('id', '=', promoId)
    .execute();
}

/** True when a promo has more uses than its quota (a late payment took one back after the quota was used up). */
export async function promoOverQuota(db: Db, promoId: number): Promise<boolean> {
  const row = await db.selectFrom('promo_codes').select(['quota', 'used']).where('id', '=', promoId).executeTakeFirst();
  return row !== undefined && row.quota > 0 && row.used > row.quota;
}
