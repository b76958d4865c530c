// Payments: the kiosk's payment-form configuration, the provider's signed notification, and the
// payment simulator's calls (served only when the simulator stands in for Midtrans).
import { z } from 'zod';
import {
  paymentClientConfigQuerySchema,
  paymentClientConfigResponseSchema,
  paymentNotificationResponseSchema,
  paymentNotificationSchema,
} from '../api/index.ts';
import { SERVER_MESSAGES } from '../messages.ts';
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
  simulatorScript: defineEndpoint({
    ...ROUTES.simulatorScript,
    tag,
    summary: "The simulator's stand-in for Midtrans' snap.js (served only when the simulator is the provider)",
    access: 'public',
    responses: { 200: { contentType: 'text/javascript', description: 'A Snap look-alike that opens the simulator panel' } },
  }),
  simulatorOrder: defineEndpoint({
    ...ROUTES.simulatorOrder,
    tag,
    summary: 'The order behind a simulator payment token, for its panel',
    access: 'public',
    params: z.object({ token: z.string().min(1) }),
    responses: { 200: z.object({ order_id: z.string(), gross_amount: z.number() }) },
    errors: [404],
  }),
  simulatorPayPage: defineEndpoint({
    ...ROUTES.simulatorPayPage,
    tag,
    summary: "The simulator's payment page for a phone (redirect mode): the same four buttons as its panel",
    description:
      "A phone's order is paid on the provider's own page (Midtrans Snap's redirect_url); with the simulator, this page stands " +
      'in for it. Its buttons post to simulatorPayForm.',
    access: 'public',
    params: z.object({ token: z.string().min(1) }),
    unknownMessage: SERVER_MESSAGES.payments.unknownToken,
    responses: { 200: { contentType: 'text/html', description: 'Simulate success, Simulate pending, Simulate failure, Close' } },
  }),
  simulatorPayForm: defineEndpoint({
    ...ROUTES.simulatorPayForm,
    tag,
    summary: "A button of the simulator's payment page: the outcome, then back to the phone's page as Snap's finish redirect",
    description:
      'success, pending and failure post the notification Midtrans would (as simulatePayment); close pays nothing. Then 303 to ' +
      'the return address with order_id, status_code and transaction_status, as Snap appends them to its finish URL.',
    access: 'public',
    params: z.object({ token: z.string().min(1) }),
    unknownMessage: SERVER_MESSAGES.payments.unknownToken,
    body: {
      contentType: 'application/x-www-form-urlencoded',
      description: 'The button pressed',
      fields: { outcome: 'success, pending, failure or close' },
    },
    responses: { 303: { contentType: 'text/plain', description: "Back to the phone's page" } },
    errors: [400, 409, 503],
  }),
  simulatePayment: defineEndpoint({
    ...ROUTES.simulatePayment,
    tag,
    summary:
      'A button of the simulator panel: pays, leaves pending or fails the order through the same signed notification Midtrans would post',
    description:
      'The answer is the notification as snap.js hands it to its callback (without the signature and merchant), ' +
      'with the status_message Snap gives for that outcome. An unknown token or outcome is a 404.',
    access: 'public',
    params: z.object({ token: z.string().min(1), outcome: z.enum(['success', 'pending', 'failure']) }),
    unknownMessage: SERVER_MESSAGES.request.notFound,
    responses: {
      200: z.looseObject({
        order_id: z.string(),
        status_code: z.string(),
        gross_amount: z.string(),
        transaction_status: z.string(),
        status_message: z.string(),
      }),
    },
    errors: [400, 404, 409, 503],
  }),
};
