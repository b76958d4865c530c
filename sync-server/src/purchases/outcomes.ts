// The payment state machine: pending -> paid | failed | expired, and expired -> paid for a payment
// the provider confirms after our own expiry (the player's money was taken). Paid, free and failed
// are final, so a repeated or late notification never moves a purchase back. A purchase that fails
// or expires gives its promo use back, and a late payment takes it again, in the same transaction.
import type { Db } from '../db/database.ts';
import { releasePromo, retakePromo } from '../promos/queries.ts';
import { findPurchase, transitionFromPending, type PurchaseWithNames } from './queries.ts';

export type PurchaseOutcome = 'paid' | 'failed' | 'expired';

export interface OutcomeResult {
  /** True when this call moved the purchase (false: unknown id, or already final). */
  changed: boolean;
  purchase: PurchaseWithNames | undefined;
}

/**
 * Records what the payment provider said about a purchase. Call delivery.purchaseChanged(id)
 * afterwards when `changed` and the outcome is 'paid'.
 */
export async function markPurchaseOutcome(db: Db, id: string, outcome: PurchaseOutcome, now: Date): Promise<OutcomeResult> {
  return db.transaction().execute(async (tx) => {
    const before = await findPurchase(tx, id);
    const changed = await transitionFromPending(tx, id, outcome, now.toISOString());
    const purchase = await findPurchase(tx, id);
    if (changed && purchase?.promoId != null) {
      if (outcome !== 'paid') await releasePromo(tx, purchase.promoId);
      else if (before?.paymentStatus === 'expired') await retakePromo(tx, purchase.promoId);
    }
    return { changed, purchase };
  });
}
