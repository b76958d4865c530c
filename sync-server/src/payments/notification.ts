// POST /api/payment/notification: the provider's word on a purchase. Signature first (constant-time,
// nothing changes on a bad one), then the forward-only state machine of purchases/outcomes.ts.
// Repeats and late arrivals are harmless: a final purchase never moves. A paid claim is checked
// with the provider's status API before it counts. The e-mail goes out in the background, so the
// provider gets its 200 fast.
import type { Logger } from 'pino';
import type { Clock, Delivery, PaymentNotification, PaymentProvider } from '../adapters/ports.ts';
import { midtransOutcome } from '../adapters/payment-signature.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { markPurchaseOutcome } from '../purchases/outcomes.ts';

export interface NotificationDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  payments: PaymentProvider;
  delivery: Delivery;
}

export interface NotificationAnswer {
  message: string;
  /** The purchase's payment status after this notification. */
  paymentStatus?: string;
}

const REQUIRED = ['order_id', 'status_code', 'gross_amount', 'signature_key', 'transaction_status'] as const;

export function parseNotification(body: unknown): PaymentNotification {
  const n = body as Record<string, unknown> | null;
  if (typeof n !== 'object' || n === null || REQUIRED.some((f) => typeof n[f] !== 'string') || (n.order_id as string).length > 50) {
    throw new HttpError(400, 'Not a payment notification');
  }
  return n as PaymentNotification;
}

export async function handleNotification(deps: NotificationDeps, body: unknown): Promise<NotificationAnswer> {
  const { db, clock, logger, payments, delivery } = deps;
  const n = parseNotification(body);
  const purchase = await db
    .selectFrom('purchases')
    .select(['id', 'isStaging', 'totalAmount', 'paymentStatus'])
    .where('id', '=', n.order_id)
    .executeTakeFirst();
  const signed = purchase
    ? payments.verifyNotification(n, purchase.isStaging === 1)
    : payments.verifyNotification(n, true) || payments.verifyNotification(n, false);
  if (!signed) {
    logger.warn({ orderId: n.order_id }, 'payment notification with a bad signature refused');
    throw new HttpError(401, 'Invalid signature');
  }
  if (!purchase) throw new HttpError(404, 'Transaction not found');
  if (Number(n.gross_amount) !== purchase.totalAmount) {
    logger.error({ orderId: n.order_id, grossAmount: n.gross_amount, total: purchase.totalAmount }, 'notification amount differs from the purchase');
    throw new HttpError(400, 'Amount does not match the transaction');
  }

  let outcome = midtransOutcome(n.transaction_status, typeof n.fraud_status === 'string' ? n.fraud_status : undefined);
  if (outcome === 'paid' && (purchase.paymentStatus === 'pending' || purchase.paymentStatus === 'expired')) {
    // Only the provider's own answer makes a purchase paid; a failure here makes the provider retry.
    outcome = await payments.fetchStatus(purchase.id, purchase.isStaging === 1).catch((err: unknown) => {
      logger.warn({ err, orderId: purchase.id }, 'payment status query failed');
      throw new HttpError(503, 'Payment status could not be confirmed; please retry');
    });
  }
  if (outcome === 'pending') return { message: 'OK', paymentStatus: purchase.paymentStatus };

  const { changed, purchase: after } = await markPurchaseOutcome(db, purchase.id, outcome, clock.now());
  if (changed) logger.info({ orderId: purchase.id, outcome }, 'payment status changed');
  if (changed && outcome === 'paid') {
    void delivery.purchaseChanged(purchase.id).catch((err: unknown) => logger.error({ err, purchaseId: purchase.id }, 'delivery failed after payment'));
  }
  return { message: 'OK', paymentStatus: after?.paymentStatus ?? purchase.paymentStatus };
}
