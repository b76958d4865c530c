// The one place a provider's confirmed status changes a purchase, for the webhook and the
// reconciler alike: the state machine of purchases/outcomes.ts (an unpaid purchase may still become
// paid), and a reversal flag (never a step back) for a paid purchase whose money the provider took
// back, with each reversal's particulars (refund, partial refund, chargeback and the amount) in the
// purchase's history. A purchase that becomes paid is handed to the delivery exactly once: only the
// call that made the move hands it over.
import type { Logger } from 'pino';
import type { Delivery, PaymentOutcome, ProviderStatusDetail } from '../adapters/ports.ts';
import type { Db } from '../db/database.ts';
import type { PaymentStatus } from '../db/schema/index.ts';
import { UNPAID_GRACE_MINUTES } from '@courtreplay/shared';
import { recordPurchaseEvent } from '../purchases/events.ts';
import { markPurchaseOutcome } from '../purchases/outcomes.ts';
import { findPurchase, flagPaymentReversal, purchaseEventDetails } from '../purchases/service.ts';

/**
 * After its payment window, how long Midtrans may still settle an order (a QRIS or e-wallet
 * confirming late): the same grace during which the purchase still takes uploads
 * (shared/src/purchase-window.ts), so a settlement the reconciler can still see always finds its clips.
 */
export const SETTLEMENT_GRACE_MS = UNPAID_GRACE_MINUTES * 60_000;

export interface OutcomeDeps {
  db: Db;
  logger: Logger;
  delivery: Delivery;
  /** The payment window (PENDING_PAYMENT_EXPIRY_MINUTES); a settlement after it plus the grace is flagged. */
  paymentWindowMs: number;
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
  detail: Pick<ProviderStatusDetail, 'reversal'> = {},
): Promise<PaymentStatus | undefined> {
  const { db, logger, delivery } = deps;
  // A refund or chargeback means the order was settled first, even when we never heard of the
  // settlement (its notification lost, the reconciler not round yet): it is paid, then reversed.
  const result = await markPurchaseOutcome(db, purchaseId, outcome === 'refunded' ? 'paid' : outcome, now, { confirmed: true });
  const changed = result.changed;
  const purchase = outcome === 'refunded' && changed ? await findPurchase(db, purchaseId) : result.purchase;
  if (changed) logger.info({ orderId: purchaseId, outcome, previous: result.previous }, 'payment status changed');
  if (changed && purchase?.paymentStatus === 'paid') {
    const afterWindow = now.getTime() > Date.parse(purchase.createdAt) + deps.paymentWindowMs + SETTLEMENT_GRACE_MS;
    if (result.previous !== 'pending' || afterWindow || result.promoOverQuota) {
      await recordPurchaseEvent(db, {
        purchaseId,
        kind: 'late_settlement',
        at: now,
        detail: { previous: result.previous, afterWindow, promoOverQuota: result.promoOverQuota === true, promoCode: purchase.promoCode },
      });
      logger.warn({ orderId: purchaseId, previous: result.previous, afterWindow }, 'payment settled after the purchase had ended unpaid');
    }
    void delivery.purchaseChanged(purchaseId).catch((err: unknown) => logger.error({ err, purchaseId }, 'delivery failed after payment'));
  }
  // The provider reversed a paid purchase (refunds, chargebacks; some banks and Indomaret deny after
  // settlement). The clips are delivered and paid stays paid; an admin sees the flag and decides.
  if ((!changed || outcome === 'refunded') && outcome !== 'paid' && purchase?.paymentStatus === 'paid') {
    if (await flagPaymentReversal(db, purchaseId, outcome, now.toISOString())) {
      logger.error({ orderId: purchaseId, reversal: outcome }, 'payment reversed after it was paid; flagged for an admin');
    }
    await recordReversal(db, purchaseId, outcome, detail.reversal, now);
  }
  return purchase?.paymentStatus;
}

/** One history entry per reversal the provider reports: a repeat adds nothing, a further refund (a new total) does. */
async function recordReversal(
  db: Db,
  purchaseId: string,
  outcome: Exclude<PaymentOutcome, 'pending' | 'paid'>,
  reversal: ProviderStatusDetail['reversal'],
  now: Date,
): Promise<void> {
  const kind = reversal?.kind ?? { failed: 'deny', expired: 'expire', refunded: 'refund' }[outcome];
  const amount = reversal?.amount ?? null;
  const known = await purchaseEventDetails(db, purchaseId, 'payment_reversed');
  if (known.some((e) => e.reversal === kind && (e.amount ?? null) === amount)) return;
  await recordPurchaseEvent(db, { purchaseId, kind: 'payment_reversed', at: now, detail: { reversal: kind, amount } });
}
