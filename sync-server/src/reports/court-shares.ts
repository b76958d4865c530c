// How a purchase of clips from several courts is split between them for revenue by court: each court gets its clips' own prices (the quote's lines, in videoIds order) less its
// share of the promo discount, in whole rupiah that add up to the purchase's total.
import type { Quote } from '@courtreplay/shared';
import type { Db as Tx } from '../db/database.ts';
import { insertPurchaseCourts } from './queries.ts';

export interface CourtShare {
  /** 0: clips of no known court. */
  fieldId: number;
  clips: number;
  amount: number;
}

/** One share per court, in the order the courts first appear; `courts[i]` is clip i's court (null: none). */
export function courtShares(priced: Pick<Quote, 'lines' | 'subtotal' | 'total'>, courts: readonly (number | null)[]): CourtShare[] {
  const byCourt = new Map<number, { clips: number; subtotal: number }>();
  priced.lines.forEach((line, i) => {
    const fieldId = courts[i] ?? 0;
    const share = byCourt.get(fieldId) ?? { clips: 0, subtotal: 0 };
    share.clips += 1;
    share.subtotal += line.unitPrice;
    byCourt.set(fieldId, share);
  });
  const shares = [...byCourt].map(([fieldId, { clips, subtotal }]) => ({
    fieldId,
    clips,
    amount: priced.subtotal > 0 ? Math.floor((priced.total * subtotal) / priced.subtotal) : 0,
  }));
  // The rupiah the rounding down left over, one each to the courts in order.
  let left = priced.total - shares.reduce((sum, share) => sum + share.amount, 0);
  for (let i = 0; left > 0; i = (i + 1) % shares.length, left--) shares[i]!.amount += 1;
  return shares;
}

/** Written before the purchase row, in its transaction, so the roll-up's insert trigger sees them (migration 028). */
export async function insertCourtShares(tx: Tx, purchaseId: string, shares: readonly CourtShare[]): Promise<void> {
  if (shares.length === 0) return;
  await insertPurchaseCourts(
    tx,
    shares.map((share) => ({ purchaseId, ...share })),
  );
}
