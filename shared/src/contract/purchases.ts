// Purchases ("transactions" in the API): the kiosk creates them, saves their link and ends an
// unpaid one; admins list them and ask for the e-mail again.
import {
  abandonPurchaseResponseSchema,
  createPurchaseBodySchema,
  createPurchaseHeadersSchema,
  createPurchaseResponseSchema,
  listPurchasesQuerySchema,
  listPurchasesResponseSchema,
  PURCHASE_MESSAGES,
  purchaseIdParams,
  purchaseStatusResponseSchema,
  purchaseTimelineResponseSchema,
  resendEmailResponseSchema,
  erasePurchaseResponseSchema,
  updatePurchaseContactBodySchema,
  updatePurchaseContactResponseSchema,
  updatePurchaseEmailBodySchema,
  updatePurchaseEmailResponseSchema,
  updateZipUrlBodySchema,
  updateZipUrlResponseSchema,
} from '../api/index.ts';
import { defineEndpoint } from './endpoint.ts';
import { ROUTES } from './routes.ts';

const tag = 'Purchases';

export const purchaseEndpoints = {
  createPurchase: defineEndpoint({
    ...ROUTES.createPurchase,
    tag,
    summary: 'Buy clips: the server prices the order again and asks the payment provider for a token',
    description:
      'The total is recomputed from the stored prices and must equal totalAmount (else 400). A free order is ' +
      'delivered at once (payment null, skip_payment_gateway true). With an Idempotency-Key, a retry with the ' +
      'same key and body answers the first 201 again with the header Idempotent-Replayed: true (also after a ' +
      'server crash, resuming the purchase it made); 409 while the first request still runs; 422 when the key ' +
      'was used for another body. Errors free the key again. 403 also for staging prices on a kiosk that is ' +
      'not a test device; 502 when the provider refused the payment (the purchase ends); 503 when no payment ' +
      'provider is configured. A phoneToken must be one the server issued to this kiosk (POST ' +
      '/api/device/phone-tokens) and no purchase used yet, else 400 telling an old kiosk build to reload; ' +
      'without one the server draws the token (see phoneUrl).',
    access: 'kiosk',
    headers: createPurchaseHeadersSchema,
    body: createPurchaseBodySchema,
    responses: { 201: createPurchaseResponseSchema },
    errors: [409, 422, 502, 503],
  }),
  listPurchases: defineEndpoint({
    ...ROUTES.listPurchases,
    tag,
    summary: 'The back-office list, newest first, by page (an admin of one venue: their own)',
    access: 'admin',
    query: listPurchasesQuerySchema,
    responses: { 200: listPurchasesResponseSchema },
  }),
  updateZipUrl: defineEndpoint({
    ...ROUTES.updateZipUrl,
    tag,
    summary: "Save the purchase's link (or none, with the upload error flag)",
    description:
      'A kiosk may save only the link of the folder the server made for this purchase, and then the e-mail ' +
      "goes out when due; an admin's save is the resend flow's upload (the resend call sends the e-mail). " +
      'A purchase that was erased, whose clips were removed, or that ended finally unpaid (failed or expired, ' +
      'past PENDING_PAYMENT_EXPIRY_MINUTES plus UNPAID_GRACE_MINUTES) takes no link (409 with the reason).',
    access: 'kioskOrAdmin',
    params: purchaseIdParams,
    unknownMessage: PURCHASE_MESSAGES.transactionNotFound,
    body: updateZipUrlBodySchema,
    responses: { 200: updateZipUrlResponseSchema },
    errors: [404, 409, 503],
  }),
  abandonPurchase: defineEndpoint({
    ...ROUTES.abandonPurchase,
    tag,
    summary: 'The player closed the payment form: end the pending purchase so its promo use comes back',
    access: 'kiosk',
    params: purchaseIdParams,
    unknownMessage: PURCHASE_MESSAGES.transactionNotFound,
    responses: { 200: abandonPurchaseResponseSchema },
    errors: [404],
  }),
  endPurchasePayment: defineEndpoint({
    ...ROUTES.endPurchasePayment,
    tag,
    summary: "Before a second order for the same cart: end the kiosk's earlier order at the payment provider",
    description:
      'Asks the provider to expire the order (or cancel it where its payment type allows), so it can no longer ' +
      'be paid, and answers where the purchase stands afterwards: expired once ended, or paid (with its phone ' +
      'page) when the provider says it was paid meanwhile. A purchase already paid or free is answered as it is. ' +
      '503 when the provider cannot be reached or would not end it: the kiosk then opens no new order. Only the ' +
      'kiosk that made the purchase may ask (403 for another kiosk).',
    access: 'kiosk',
    params: purchaseIdParams,
    unknownMessage: PURCHASE_MESSAGES.transactionNotFound,
    responses: { 200: purchaseStatusResponseSchema },
    errors: [403, 404, 503],
  }),
  resendEmail: defineEndpoint({
    ...ROUTES.resendEmail,
    tag,
    summary: 'Send the e-mail again, or (no link yet) answer searchLocally so the browser uploads the clips first',
    access: 'admin',
    params: purchaseIdParams,
    unknownMessage: PURCHASE_MESSAGES.transactionNotFound,
    responses: { 200: resendEmailResponseSchema },
    errors: [403, 404, 409, 429, 502, 503],
  }),
  updatePurchaseEmail: defineEndpoint({
    ...ROUTES.updatePurchaseEmail,
    tag,
    summary: "Correct the player's e-mail address (an admin of the purchase's venue, or a super admin)",
    description:
      'The address is checked like the kiosk checks it (400, nothing changed). Who changed it and when is ' +
      'recorded in the purchase history (purchase_events) and the log. Resend then sends to the new address. ' +
      '409 for a purchase erased on request.',
    access: 'admin',
    params: purchaseIdParams,
    unknownMessage: PURCHASE_MESSAGES.transactionNotFound,
    body: updatePurchaseEmailBodySchema,
    responses: { 200: updatePurchaseEmailResponseSchema },
    errors: [403, 404, 409],
  }),
  updatePurchaseContact: defineEndpoint({
    ...ROUTES.updatePurchaseContact,
    tag,
    summary: "Correct the player's e-mail address, WhatsApp number, or both",
    description:
      'Each given field is checked like the kiosk checks it (400, nothing changed): the address by the ' +
      "spec's e-mail rules, the number parsed to E.164 (Indonesian by default, another country with its + " +
      'prefix). Each change is recorded in the purchase history (email_corrected, phone_corrected) naming ' +
      'the admin. Resend then sends to the new contact. 409 for a purchase erased on request.',
    access: 'admin',
    params: purchaseIdParams,
    unknownMessage: PURCHASE_MESSAGES.transactionNotFound,
    body: updatePurchaseContactBodySchema,
    responses: { 200: updatePurchaseContactResponseSchema },
    errors: [403, 404, 409],
  }),
  erasePurchase: defineEndpoint({
    ...ROUTES.erasePurchase,
    tag,
    summary: "Erase the player's e-mail, WhatsApp number and clips on request (Indonesia's PDP law); the money figures stay",
    description:
      "Deletes the purchase's own storage folder, replaces the e-mail with erased@invalid, removes the WhatsApp number, clears the folder " +
      'and share links and sets erasedAt; amounts, payment status, promo and ids stay for the books. ' +
      'Recorded in the purchase history and the log. Repeating it answers the erased purchase again.',
    access: 'admin',
    params: purchaseIdParams,
    unknownMessage: PURCHASE_MESSAGES.transactionNotFound,
    responses: { 200: erasePurchaseResponseSchema },
    errors: [403, 404, 502, 503],
  }),
  purchaseTimeline: defineEndpoint({
    ...ROUTES.purchaseTimeline,
    tag,
    summary: "A purchase's history for its detail drawer: sale, payment, each clip uploaded, e-mails, admin changes",
    description:
      'Oldest first. Built from the purchase (created, paid or free, failed, expired, reversed), the clips its ' +
      'kiosk reported uploaded, and the purchase history (e-mail sent or failed with the reason, resends, ' +
      'corrections, clips expired, erased), each admin action naming the admin. With the phone page and folder ' +
      "links while they exist. An admin of the purchase's venue or a super admin (403 for another venue).",
    access: 'admin',
    params: purchaseIdParams,
    unknownMessage: PURCHASE_MESSAGES.transactionNotFound,
    responses: { 200: purchaseTimelineResponseSchema },
    errors: [403, 404],
  }),
  purchaseStatus: defineEndpoint({
    ...ROUTES.purchaseStatus,
    tag,
    summary: "Where the kiosk's own purchase stands with the payment provider, and its phone page",
    description:
      "Polled by the kiosk's 'Waiting for payment' screen until the payment lands. Only the kiosk that made " +
      'the purchase may ask (403 for another kiosk).',
    access: 'kiosk',
    params: purchaseIdParams,
    unknownMessage: PURCHASE_MESSAGES.transactionNotFound,
    responses: { 200: purchaseStatusResponseSchema },
    errors: [403, 404],
  }),
};
