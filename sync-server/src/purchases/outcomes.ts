// The payment state machine: pending -> paid | failed | expired, and failed | expired -> paid for a
// payment the provider confirms after all (the player's money was taken: a settlement after the
// kiosk's Close, after our own expiry, or after a deny the player retried past). Paid and free are
// final, so a repeated or late notification never moves a purchase back; between the two unpaid
// ends only the provider's own word moves it. A purchase that ends unpaid gives its promo use back
// (the hold ends), and a late payment takes it again, even over the quota (money already taken is
// never refused), in the same transaction.
import type { Db } from '../db/database.ts';
import type { PaymentStatus } from '../db/schema/index.ts';
import { promoOverQuota, releasePromo, retakePromo } from '../promos/service.ts';
import { findPurchase, transitionPayment, type PurchaseWithNames } from './queries.ts';

export type PurchaseOutcome = 'paid' | 'failed' | 'expired';

export interface OutcomeResult {
  /** True when this call moved the purchase (false: unknown id, or already final). */
  changed: boolean;
  purchase: PurchaseWithNames | undefined;
  /** The status before this call (undefined for an unknown id). */
  previous?: PaymentStatus;
  /** A late payment took its promo use again past the promo's quota. */
  promoOverQuota?: boolean;
}

export interface OutcomeOptions {
  /** The provider's status API said so (not the kiosk's Close): an unpaid purchase may move to the other unpaid end. */
  confirmed?: boolean;
}

/**
 * Records what the payment provider (or the kiosk's Close) said about a purchase. Call
 * delivery.purchaseChanged(id) afterwards when `changed` and the outcome is 'paid'.
 */
export async function markPurchaseOutcome(
  db: Db,
  id: string,
  outcome: PurchaseOutcome,
  now: Date,
  options: OutcomeOptions = {},
): Promise<OutcomeResult> {
  return db.transaction().execute(async (tx) => {
    const before = await findPurchase(tx, id);
    if (!before) return { changed: false, purchase: undefined };
    const changed = await transitionPayment(tx, id, outcome, now.toISOString(), options.confirmed === true);
    const purchase = await findPurchase(tx, id);
    let overQuota = false;
    if (changed && purchase?.promoId != null) {
      const wasHolding = before.paymentStatus === 'pending';
      if (outcome !== 'paid' && wasHolding) await releasePromo(tx, purchase.promoId);
      if (outcome === 'paid' && !wasHolding) {
        await retakePromo(tx, purchase.promoId);
        overQuota = await promoOverQuota(tx, purchase.promoId);
      }
    }
    return { changed, purchase, previous: before.paymentStatus, promoOverQuota: overQuota };
  });
}
