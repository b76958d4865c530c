// The payment calls: the kiosk's client configuration (which script opens the payment form) and
// the provider's notification (Midtrans "HTTP notification", posted to us and signed by it).
import { z } from 'zod';
import { SERVER_MESSAGES } from '../messages.ts';
import { PAYMENT_STATUSES } from './purchases.ts';

/** The one answer to a body that is not a notification (the provider never sees finer detail). */
export const NOT_A_NOTIFICATION = SERVER_MESSAGES.payments.notANotification;

// ---------------------------------------------------------------- GET /api/payment/client-config

export const paymentClientConfigQuerySchema = z.object({
  /** 'true' for the staging keys (a test device); any other value, or none, is production. */
  staging: z
    .string()
    .optional()
    .transform((value) => value === 'true')
    .meta({ description: "'true' for the staging (sandbox) keys" }),
});

export const paymentClientConfigResponseSchema = z.object({
  /** The script that opens the payment form (Midtrans snap.js, or the simulator's). */
  scriptUrl: z.string(),
  clientKey: z.string(),
  provider: z.enum(['simulator', 'midtrans']),
});
export type PaymentClientConfig = z.infer<typeof paymentClientConfigResponseSchema>;

// ---------------------------------------------------------------- POST /api/payment/notification

const notificationText = (max?: number) => {
  const text = z.string({ error: NOT_A_NOTIFICATION });
  return max === undefined ? text : text.max(max, NOT_A_NOTIFICATION);
};

/**
 * Midtrans's notification as its documentation describes it: the fields the server reads are
 * required text; every other field the provider sends (payment_type, transaction_time, va_numbers,
 * fraud_status for card captures, ...) is allowed and passed on; fraud_status is read only when it
 * is text. The signature covers order_id, status_code and gross_amount.
 */
export const paymentNotificationSchema = z.looseObject(
  {
    order_id: notificationText(50),
    status_code: notificationText(),
    gross_amount: notificationText(),
    signature_key: notificationText(),
    transaction_status: notificationText(),
  },
  { error: NOT_A_NOTIFICATION },
);

export const paymentNotificationResponseSchema = z.object({
  message: z.string(),
  /** The purchase's payment status after this notification. */
  paymentStatus: z.enum(PAYMENT_STATUSES).optional(),
});
export type PaymentNotificationResponse = z.infer<typeof paymentNotificationResponseSchema>;
