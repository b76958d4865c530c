// Payments: the kiosk's payment-form configuration and the provider's signed notification. The
// simulator's own pages (/api/payment/simulator/*) are a development tool outside the contract.
import {
  paymentClientConfigQuerySchema,
  paymentClientConfigResponseSchema,
  paymentNotificationResponseSchema,
  paymentNotificationSchema,
} from '../api/index.ts';
import { defineEndpoint } from './endpoint.ts';
import { ROUTES } from './routes.ts';

const tag = 'Payments';

export const paymentEndpoints = {
  paymentClientConfig: defineEndpoint({
    ...ROUTES.paymentClientConfig,
    tag,
    summary: 'Which script opens the payment form, with its client key (production or staging)',
    access: 'public',
    query: paymentClientConfigQuerySchema,
    responses: { 200: paymentClientConfigResponseSchema },
    errors: [503],
  }),
  paymentNotification: defineEndpoint({
    ...ROUTES.paymentNotification,
    tag,
    summary: "The payment provider's notification (Midtrans HTTP notification)",
    description:
      'Posted by Midtrans, signed with the server key (signature_key = SHA-512 of order_id, status_code, ' +
      'gross_amount and the key): 401 on a bad signature, nothing changes. A final status is confirmed with ' +
      "the provider's status API before it is recorded; 503 while it cannot be confirmed (unreachable, or " +
      'still pending), so the provider retries. 404 for an unknown order, 400 when gross_amount differs from ' +
      'the purchase. Repeats are harmless.',
    access: 'signed',
    body: paymentNotificationSchema,
    responses: { 200: paymentNotificationResponseSchema },
    errors: [401, 404, 503],
  }),
};
