// POST /api/payment/notification: the provider's word on a purchase. Signature first (constant-time,
// nothing changes on a bad one). The signature does not cover transaction_status, so every claim
// that could change something (paid, failed, expired, a reversal) is confirmed with the provider's
// status API, and only that answer goes through the state machine (payments/provider-outcome.ts).
// When the claim cannot be confirmed yet (status API unreachable, slow, rate-limited, or still
// pending) the answer is 503 within NOTIFICATION_STATUS_BUDGET_MS, so the provider retries; the
// reconciler catches what the retries miss. A signed notification for an order this server does
// not know is answered 200 (another shop may share the Midtrans account). Repeats are harmless. The
// e-mail goes out in the background, so the provider gets its answer fast.
import { SERVER_MESSAGES, type PaymentNotificationResponse } from '@courtreplay/shared';
import type { Logger } from 'pino';
import type { Clock, Delivery, PaymentNotification, PaymentOutcome, PaymentProvider } from '../adapters/ports.ts';
import type { PaymentStatus } from '../db/schema/index.ts';
import { midtransOutcome } from '../adapters/payment-signature.ts';
import type { Db } from '../db/database.ts';
import { DomainError } from '../errors.ts';
import { findPaymentFacts } from '../purchases/service.ts';
import { applyProviderOutcome } from './provider-outcome.ts';
import { checkStatusWithin, NOTIFICATION_STATUS_BUDGET_MS } from './status-check.ts';

export interface NotificationDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  payments: PaymentProvider;
  delivery: Delivery;
  /** The payment window (PENDING_PAYMENT_EXPIRY_MINUTES), for flagging a settlement that comes after it. */
  paymentWindowMs: number;
  /** How long the status check may take before the notification is answered 503; tests shorten it. */
  statusBudgetMs?: number;
}

export type NotificationAnswer = PaymentNotificationResponse;

const REQUIRED = ['order_id', 'status_code', 'gross_amount', 'signature_key', 'transaction_status'] as const;

export function parseNotification(body: unknown): PaymentNotification {
  const n = body as Record<string, unknown> | null;
  if (typeof n !== 'object' || n === null || REQUIRED.some((f) => typeof n[f] !== 'string') || (n.order_id as string).length > 50) {
    throw new DomainError('invalid_input', SERVER_MESSAGES.payments.notANotification);
  }
  return n as PaymentNotification;
}

export async function handleNotification(deps: NotificationDeps, body: unknown): Promise<NotificationAnswer> {
  const { db, clock, logger, payments, delivery } = deps;
  const n = parseNotification(body);
  const purchase = await findPaymentFacts(db, n.order_id);
  const signed = purchase
    ? payments.verifyNotification(n, purchase.isStaging === 1)
    : payments.verifyNotification(n, true) || payments.verifyNotification(n, false);
  if (!signed) {
    logger.warn({ orderId: n.order_id }, 'payment notification with a bad signature refused');
    throw new DomainError('unauthenticated', SERVER_MESSAGES.payments.invalidSignature);
  }
  if (!purchase) {
    // Signed with our key, yet not ours: another shop on the same Midtrans account, or an order from
    // a database this server no longer has. A 404 would make Midtrans retry it for days and, for
    // another shop's notification endpoint on the same account, is none of our business.
    logger.warn(
      { orderId: n.order_id, transactionStatus: n.transaction_status },
      'signed payment notification for an unknown order ignored',
    );
    return { message: 'OK' };
  }
  if (Number(n.gross_amount) !== purchase.totalAmount) {
    logger.error(
      { orderId: n.order_id, grossAmount: n.gross_amount, total: purchase.totalAmount },
      'notification amount differs from the purchase',
    );
    throw new DomainError('invalid_input', SERVER_MESSAGES.payments.amountMismatch);
  }

  const claimed = midtransOutcome(n.transaction_status, typeof n.fraud_status === 'string' ? n.fraud_status : undefined);
  if (!needsConfirmation(claimed, purchase.paymentStatus)) return { message: 'OK', paymentStatus: purchase.paymentStatus };

  const answer = await checkStatusWithin(
    payments,
    purchase.id,
    purchase.isStaging === 1,
    deps.statusBudgetMs ?? NOTIFICATION_STATUS_BUDGET_MS,
  ).catch((err: unknown) => {
    logger.warn({ err, orderId: purchase.id }, 'payment status query failed or took too long');
    throw new DomainError('unavailable', SERVER_MESSAGES.payments.statusUnconfirmed);
  });
  const status = answer.status;
  if (status === 'pending' || status === 'unknown') {
    logger.warn({ orderId: purchase.id, claimed: n.transaction_status, status }, 'notification not confirmed by the status API yet');
    throw new DomainError('unavailable', SERVER_MESSAGES.payments.statusNotFinal);
  }
  const after = await applyProviderOutcome(
    { db, logger, delivery, paymentWindowMs: deps.paymentWindowMs },
    purchase.id,
    status,
    clock.now(),
    answer,
  );
  return { message: 'OK', paymentStatus: after ?? purchase.paymentStatus };
}

/**
 * Whether a claim could change anything: a final claim on an open purchase, a settlement (or the
 * other unpaid end) of one that ended unpaid, or a reversal of a paid one. A free purchase never changes.
 */
function needsConfirmation(claimed: PaymentOutcome, current: PaymentStatus): boolean {
  if (claimed === 'pending' || current === 'free') return false;
  if (current === 'paid') return claimed !== 'paid';
  return claimed !== current;
}
