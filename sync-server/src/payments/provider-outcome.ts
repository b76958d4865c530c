// The one place a provider's confirmed status changes a purchase, for the webhook and the
// reconciler alike: the forward-only state machine of purchases/outcomes.ts for open purchases,
// and a reversal flag (never a step back) for a paid purchase whose money the provider took back.
import type { Logger } from 'pino';
import type { Delivery, PaymentOutcome } from '../adapters/ports.ts';
import type { Db } from '../db/database.ts';
import type { PaymentStatus } from '../db/schema/index.ts';
import { markPurchaseOutcome } from '../purchases/outcomes.ts';
import { findPurchase, flagPaymentReversal } from '../purchases/queries.ts';

export interface OutcomeDeps {
  db: Db;
  logger: Logger;
  delivery: Delivery;
}

/**
 * Records a final status the provider itself answered. Returns the purchase's payment status
 * afterwards (undefined for an unknown id).
 */
export async function applyProviderOutcome(
  deps: OutcomeDeps,
  purchaseId: string,
  outcome: Exclude<PaymentOutcome, 'pending'>,
  now: Date,
): Promise<PaymentStatus | undefined> {
  const { db, logger, delivery } = deps;
  // A refund is not a step of the state machine: it can only reverse a paid purchase.
  const { changed, purchase } =
    outcome === 'refunded'
      ? { changed: false, purchase: await findPurchase(db, purchaseId) }
      : await markPurchaseOutcome(db, purchaseId, outcome, now);
  if (changed) logger.info({ orderId: purchaseId, outcome }, 'payment status changed');
  if (changed && outcome === 'paid') {
    void delivery.purchaseChanged(purchaseId).catch((err: unknown) => logger.error({ err, purchaseId }, 'delivery failed after payment'));
  }
  // The provider reversed a paid purchase (some banks and Indomaret deny after settlement; refunds).
  // The clips are delivered and paid stays paid; an admin sees the flag and decides.
  if (!changed && outcome !== 'paid' && purchase?.paymentStatus === 'paid') {
    if (await flagPaymentReversal(db, purchaseId, outcome, now.toISOString())) {
      logger.error({ orderId: purchaseId, reversal: outcome }, 'payment reversed after it was paid; flagged for an admin');
    }
  }
  return purchase?.paymentStatus;
}
