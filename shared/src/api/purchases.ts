// The purchase (transaction) calls of spec section 7: request and answer schemas, from which both
// the kiosk/back-office and the server infer their types.
import { z } from 'zod';
import { MAX_VIDEOS_PER_PURCHASE, TRANSACTIONS_EXPORT_LIMIT, TRANSACTIONS_PAGE_SIZE } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { KIOSK_LANGUAGES } from '../languages.ts';
import { PHONE_TOKEN_PATTERN } from '../constants.ts';
import { blankToUndefined, includeStagingParam, isCalendarDay, isIsoInstant, queryInt, queryText } from './common.ts';
import { isDeliverableEmail } from '../validation.ts';
import { normalizePhone, PHONE_INPUT_MAX_LENGTH } from '../phone.ts';

/** Answers of the purchase calls that the spec does not word; ours. */
export const PURCHASE_MESSAGES = {
  totalChanged: 'The total has changed. Please review your order.',
  noVideos: 'Please select at least one video',
  duplicateVideo: 'The same video is selected twice',
  titlesMismatch: 'videoTitles must list one title per video',
  wrongVenue: 'This kiosk is registered to another venue.',
  wrongField: 'This kiosk is registered to another court.',
  promoMismatch: 'The promo code does not match the promo applied. Please apply it again.',
  promoCodeRequired: 'Please enter the promo code to use this promo.',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request.',
  idempotencyKeyRunning: 'A request with this Idempotency-Key is still being processed. Please retry shortly.',
  notPaid: 'This purchase has not been paid, so there is no link to send.',
  transactionNotFound: 'Transaction not found',
  updated: 'Transaction updated',
  limitTooHigh: (max: number) => `limit must be at most ${max}`,
  badDate: (field: string) => `${field} must be a date (YYYY-MM-DD) or an ISO date-time`,
  phoneTokenInvalid: 'phoneToken must be 22 to 64 characters of A-Z, a-z, 0-9, - and _',
  // A token the server did not issue to this kiosk (or one already used): an old kiosk build draws its own.
  phoneTokenNotIssued: 'This kiosk is running an old version. Please reload the page and try again.',
  videoCourtsMismatch: 'videoCourts must list one court (or null) per video',
  unknownCourt: (courtId: number) => `Court ${courtId} is not a court of this kiosk's venue.`,
} as const;

export const PAYMENT_STATUSES = ['pending', 'paid', 'free', 'failed', 'expired'] as const;
export type PaymentStatusValue = (typeof PAYMENT_STATUSES)[number];

/** Longest accepted e-mail address (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
export const VIDEO_ID_MAX_LENGTH = 300;
export const VIDEO_TITLE_MAX_LENGTH = 300;
export const PROMO_CODE_MAX_LENGTH = 50;
export const ZIP_URL_MAX_LENGTH = 2048;
/** Largest total the server accepts (far above any real order; keeps sums exact). */
export const TOTAL_AMOUNT_MAX = 1_000_000_000;

const hasControlCharacter = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
};

/** Non-empty text without control characters (a title or id is shown in the back-office and mail). */
const plainText = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((text) => !hasControlCharacter(text), { message: 'must not contain control characters' });

const positiveId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const purchaseEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, MESSAGES.checkout.invalidEmail)
  // The kiosk's own check (shared), so the two never disagree.
  .refine(isDeliverableEmail, MESSAGES.checkout.invalidEmail);

/**
 * The player's WhatsApp number as typed (0812-3456-7890, +62 812 3456 7890, 62812…), out as E.164
 * (+6281234567890): an Indonesian mobile number, or another country's with its + prefix (phone.ts).
 */
export const purchasePhoneSchema = z
  .string()
  .max(PHONE_INPUT_MAX_LENGTH, MESSAGES.checkout.invalidPhone)
  .transform((text, ctx) => {
    const e164 = normalizePhone(text);
    if (e164 === undefined) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.checkout.invalidPhone });
      return z.NEVER;
    }
    return e164;
  })
  .meta({ description: 'A WhatsApp number: E.164, or an Indonesian number as people write it (0812-3456-7890)' });

// ---------------------------------------------------------------- POST /api/transaction

export const createPurchaseBodySchema = z
  .strictObject({
    /** Optional: an e-mail address, a WhatsApp number, or both (at least one). */
    email: purchaseEmailSchema.optional(),
    /** The player's WhatsApp number; needs phoneConsent: true (PDP law). Stored in E.164. */
    phone: purchasePhoneSchema.optional(),
    /** The player ticked "Send my clips to this WhatsApp number"; required with a phone. */
    phoneConsent: z.boolean().optional(),
    videoIds: z
      .array(plainText(VIDEO_ID_MAX_LENGTH))
      .min(1, PURCHASE_MESSAGES.noVideos)
      .max(MAX_VIDEOS_PER_PURCHASE, MESSAGES.selection.maxVideos),
    /** One title per video id, in the same order; optional for older kiosks. */
    videoTitles: z.array(plainText(VIDEO_TITLE_MAX_LENGTH)).max(MAX_VIDEOS_PER_PURCHASE).optional(),
    /** What the kiosk showed; the server recomputes it and refuses a different one. */
    totalAmount: z.number().int().min(0).max(TOTAL_AMOUNT_MAX),
    /** Checked against the device's venue: the server never takes it from the browser. */
    venueId: positiveId.nullable().optional(),
    fieldId: positiveId.nullable().optional(),
    promoId: positiveId.nullable().optional(),
    promoCode: z.string().trim().toUpperCase().max(PROMO_CODE_MAX_LENGTH).nullable().optional(),
    isStaging: z.boolean().optional().default(false),
    /**
     * The phone page's token, one the server issued to this kiosk ahead of the sale (POST
     * /device/phone-tokens), so an offline free purchase can show its QR code at once. Any other,
     * or one already used, is refused (400); the server draws one when it is missing.
     */
    phoneToken: z.string().regex(PHONE_TOKEN_PATTERN, PURCHASE_MESSAGES.phoneTokenInvalid).optional(),
    /** The kiosk's language at the time of purchase: the phone page and the e-mail speak it. */
    language: z.enum(KIOSK_LANGUAGES).optional(),
    /**
     * The court each clip was filmed on, one per video in videoIds order (null: no known court),
     * checked against the venue's courts; revenue by court follows it. Without it every clip
     * belongs to the kiosk's court.
     */
    videoCourts: z.array(positiveId.nullable()).max(MAX_VIDEOS_PER_PURCHASE).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.email === undefined && body.phone === undefined) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: MESSAGES.checkout.contactRequired });
    }
    if (body.phone !== undefined && body.phoneConsent !== true) {
      ctx.addIssue({ code: 'custom', path: ['phoneConsent'], message: MESSAGES.checkout.phoneConsentRequired });
    }
    if (new Set(body.videoIds).size !== body.videoIds.length) {
      ctx.addIssue({ code: 'custom', path: ['videoIds'], message: PURCHASE_MESSAGES.duplicateVideo });
    }
    if (body.videoTitles && body.videoTitles.length !== body.videoIds.length) {
      ctx.addIssue({ code: 'custom', path: ['videoTitles'], message: PURCHASE_MESSAGES.titlesMismatch });
    }
    if (body.videoCourts && body.videoCourts.length !== body.videoIds.length) {
      ctx.addIssue({ code: 'custom', path: ['videoCourts'], message: PURCHASE_MESSAGES.videoCourtsMismatch });
    }
  });
export type CreatePurchaseBody = z.input<typeof createPurchaseBodySchema>;
export type CreatePurchaseInput = z.output<typeof createPurchaseBodySchema>;

/** A purchase as the back-office lists it (spec section 3) plus its delivery details. */
/** One court's part of a purchase. fieldId null: clips of no known court; fieldName null: none, or deleted. */
export const purchaseCourtSchema = z.object({
  fieldId: z.number().nullable(),
  fieldName: z.string().nullable(),
  clips: z.number(),
  amount: z.number(),
});
export type PurchaseCourt = z.infer<typeof purchaseCourtSchema>;

export const purchaseSchema = z.object({
  id: z.string(),
  /** '' when the player left only a WhatsApp number. */
  email: z.string(),
  /** The player's WhatsApp number in E.164; null when none was given. */
  phone: z.string().nullable(),
  videoCount: z.number(),
  videoTitles: z.array(z.string()),
  videoIds: z.array(z.string()),
  subtotal: z.number(),
  discount: z.number(),
  totalAmount: z.number(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** null (shown as 'Not set'), 'sent' or 'failed'. */
  emailSent: z.enum(['sent', 'failed']).nullable(),
  emailError: z.string().nullable(),
  emailSentAt: z.string().nullable(),
  /** The WhatsApp message: null (none, or not yet), 'sent' (accepted by the Cloud API), 'failed', or 'unconfirmed' (handed over without an answer; not sent again). */
  whatsappSent: z.enum(['sent', 'failed', 'unconfirmed']).nullable(),
  /** Why it failed, in plain words (Meta's error code and what to do). */
  whatsappError: z.string().nullable(),
  whatsappSentAt: z.string().nullable(),
  venueName: z.string(),
  venueId: z.number(),
  /** The kiosk's own court: where it was sold ("Sold at"), not where its clips were filmed. */
  fieldName: z.string().nullable(),
  fieldId: z.number().nullable(),
  /**
   * The courts its clips were filmed on, by court name: the purchase's place everywhere it is shown
   * (docs/back-office.md, Courts). Each court's clips and part of totalAmount (the parts add up to it).
   */
  courts: z.array(purchaseCourtSchema),
  /** Each clip's court id (videoIds order); null: a clip of no known court. */
  videoCourts: z.array(z.number().nullable()),
  zipUrl: z.string().nullable(),
  /** The kiosk reported that uploading the clips failed. */
  uploadError: z.boolean(),
  promoCode: z.string().nullable(),
  isStaging: z.boolean(),
  deviceId: z.string(),
  /**
   * Set when the provider reversed the payment after it was paid (deny or cancel after settlement:
   * 'failed'; a refund or chargeback: 'refunded'). paymentStatus stays 'paid'; an admin decides.
   */
  paymentReversal: z.enum(['failed', 'expired', 'refunded']).nullable(),
  paymentReversedAt: z.string().nullable(),
  /** When the retention job removed the clips from storage (RETENTION_DAYS after payment). */
  clipsExpiredAt: z.string().nullable(),
  /** When an admin erased the player's e-mail and clips on request; email is then ERASED_EMAIL. */
  erasedAt: z.string().nullable(),
  /** Where it was sold: at a kiosk (deviceId), or on the phone that marked its rallies (deviceId '', sold at fieldId). */
  channel: z.enum(['kiosk', 'phone']),
});
export type Purchase = z.infer<typeof purchaseSchema>;

/** What an erased purchase keeps in place of the player's address (the column stays NOT NULL; .invalid never delivers, RFC 2606). */
export const ERASED_EMAIL = 'erased@invalid';

// ---------------------------------------------------------------- GET /api/transaction/:id/status

/** What the kiosk's 'Waiting for payment' screen polls. */
export const purchaseStatusResponseSchema = z.object({
  paymentStatus: z.enum(PAYMENT_STATUSES),
  phoneUrl: z.string(),
});
export type PurchaseStatusResponse = z.infer<typeof purchaseStatusResponseSchema>;

export const createPurchaseResponseSchema = z.object({
  transaction: purchaseSchema,
  /** null when no payment is taken (skip_payment_gateway). */
  payment: z.object({ token: z.string(), redirectUrl: z.string().optional() }).nullable(),
  skip_payment_gateway: z.boolean(),
  /** The purchase's phone page (PUBLIC_URL/p/{token}): what the kiosk's QR code opens. */
  phoneUrl: z.string(),
});
export type CreatePurchaseResponse = z.infer<typeof createPurchaseResponseSchema>;

// ---------------------------------------------------------------- GET /api/transaction (admin list)

/** Venues are in Asia/Jakarta (UTC+7 all year, no daylight saving). */
const JAKARTA_OFFSET_MS = 7 * 3_600_000;

/** Start of a calendar day in Asia/Jakarta as epoch ms, or null for anything but a real day. */
function jakartaDayStart(text: string): number | null {
  return isCalendarDay(text) ? Date.parse(`${text}T00:00:00Z`) - JAKARTA_OFFSET_MS : null;
}

/**
 * A date filter as a half-open range [from, to) of ISO instants. A plain date (what the date
 * inputs give) means that whole day in Asia/Jakarta: startDate from its first instant, endDate
 * up to and including its last. A full ISO date-time is taken as the exact instant, both ends
 * inclusive.
 */
export function resolveDateFilter(
  startDate: string | undefined,
  endDate: string | undefined,
): { from?: string; to?: string } | { error: string } {
  const range: { from?: string; to?: string } = {};
  if (startDate !== undefined) {
    const dayStart = jakartaDayStart(startDate);
    const ms = dayStart ?? (isIsoInstant(startDate) ? Date.parse(startDate) : NaN);
    if (!Number.isFinite(ms)) return { error: PURCHASE_MESSAGES.badDate('startDate') };
    range.from = new Date(ms).toISOString();
  }
  if (endDate !== undefined) {
    const dayStart = jakartaDayStart(endDate);
    const ms = dayStart !== null ? dayStart + 86_400_000 : isIsoInstant(endDate) ? Date.parse(endDate) + 1 : NaN;
    if (!Number.isFinite(ms)) return { error: PURCHASE_MESSAGES.badDate('endDate') };
    range.to = new Date(ms).toISOString();
  }
  if (range.from !== undefined && range.to !== undefined && range.to <= range.from) {
    return { error: MESSAGES.transactions.endBeforeStart };
  }
  return range;
}

/** Largest page outside an export (an export may ask up to TRANSACTIONS_EXPORT_LIMIT). */
export const LIST_MAX_LIMIT = 100;

export const listPurchasesQuerySchema = z
  .object({
    page: queryInt('page', 1, 1_000_000_000),
    limit: queryInt('limit', 1, TRANSACTIONS_EXPORT_LIMIT),
    venueId: queryInt('venueId', 1, Number.MAX_SAFE_INTEGER),
    fieldId: queryInt('fieldId', 1, Number.MAX_SAFE_INTEGER),
    /** Part of the customer's e-mail, any case, or of their WhatsApp number (digits, 0812… or +62…). */
    email: queryText(EMAIL_MAX_LENGTH),
    startDate: queryText(40),
    endDate: queryText(40),
    export: z.preprocess(blankToUndefined, z.enum(['true', 'false']).optional()),
    /** Staging (test) purchases are hidden unless this is 'true'. */
    includeStaging: includeStagingParam,
  })
  .transform((query, ctx) => {
    const exporting = query.export === 'true';
    const maxLimit = exporting ? TRANSACTIONS_EXPORT_LIMIT : LIST_MAX_LIMIT;
    const limit = query.limit ?? TRANSACTIONS_PAGE_SIZE;
    if (limit > maxLimit) {
      ctx.addIssue({ code: 'custom', path: ['limit'], message: PURCHASE_MESSAGES.limitTooHigh(maxLimit) });
      return z.NEVER;
    }
    const dates = resolveDateFilter(query.startDate, query.endDate);
    if ('error' in dates) {
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: dates.error });
      return z.NEVER;
    }
    return {
      page: query.page ?? 1,
      limit,
      venueId: query.venueId,
      fieldId: query.fieldId,
      email: query.email?.toLowerCase() || undefined,
      from: dates.from,
      to: dates.to,
      export: exporting,
      includeStaging: query.includeStaging === 'true',
    };
  });
export type ListPurchasesQuery = z.output<typeof listPurchasesQuerySchema>;

export const listPurchasesResponseSchema = z.object({
  transactions: z.array(purchaseSchema),
  currentPage: z.number(),
  totalPages: z.number(),
  totalCount: z.number(),
});
export type ListPurchasesResponse = z.infer<typeof listPurchasesResponseSchema>;

// ---------------------------------------------------------------- PUT /api/transaction/:id/zipUrl

export const updateZipUrlBodySchema = z.strictObject({
  /** The shared folder's link, or null when no clip could be uploaded. */
  zipUrl: z
    .url({ protocol: /^https?$/ })
    .max(ZIP_URL_MAX_LENGTH)
    .nullable(),
  /** true when the kiosk's upload failed. */
  error: z.boolean().optional().default(false),
});
export type UpdateZipUrlBody = z.input<typeof updateZipUrlBodySchema>;

export const updateZipUrlResponseSchema = z.object({ message: z.string(), transaction: purchaseSchema });

// ---------------------------------------------------------------- POST /api/transaction/:id/resend-email

/**
 * 200 with a message when the e-mail went out again; 200 with searchLocally and the transaction
 * when the purchase has no link yet, so the admin's browser finds the clips in its folder,
 * uploads them, saves the link and calls resend again (spec section 4).
 */
export const resendEmailResponseSchema = z.union([
  z.object({ message: z.string() }),
  z.object({ searchLocally: z.literal(true), transaction: purchaseSchema }),
]);
export type ResendEmailResponse = z.infer<typeof resendEmailResponseSchema>;

// ---------------------------------------------------------------- PUT /api/transaction/:id/email, POST .../erase

/** An admin corrects the player's address; checked like the kiosk's. */
export const updatePurchaseEmailBodySchema = z.strictObject({ email: purchaseEmailSchema });
export type UpdatePurchaseEmailBody = z.input<typeof updatePurchaseEmailBodySchema>;

export const updatePurchaseEmailResponseSchema = z.object({ message: z.string(), transaction: purchaseSchema });
export type UpdatePurchaseEmailResponse = z.infer<typeof updatePurchaseEmailResponseSchema>;

/** PUT /api/transaction/:id/contact: the address, the WhatsApp number, or both. */
export const updatePurchaseContactBodySchema = z
  .strictObject({ email: purchaseEmailSchema.optional(), phone: purchasePhoneSchema.optional() })
  .refine((body) => body.email !== undefined || body.phone !== undefined, { message: MESSAGES.checkout.contactRequired });
export type UpdatePurchaseContactBody = z.input<typeof updatePurchaseContactBodySchema>;
export const updatePurchaseContactResponseSchema = updatePurchaseEmailResponseSchema;

export const erasePurchaseResponseSchema = z.object({ message: z.string(), transaction: purchaseSchema });
export type ErasePurchaseResponse = z.infer<typeof erasePurchaseResponseSchema>;

// ---------------------------------------------------------------- GET /api/transaction/:id/timeline

/**
 * What can appear in a purchase's history: its sale and payment (from the
 * purchase itself), each clip the kiosk reported uploaded, and what happened after (purchase_events).
 */
export const TIMELINE_KINDS = [
  'created',
  'paid',
  'free',
  'payment_failed',
  'payment_expired',
  'payment_reversed',
  'late_settlement',
  'clip_uploaded',
  'upload_failed',
  'email_sent',
  'email_failed',
  'resend',
  'email_corrected',
  'whatsapp_sent',
  'whatsapp_failed',
  'whatsapp_status',
  'phone_corrected',
  'clips_expired',
  'erased',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** Which reversal the payment provider reported on a paid purchase (its transaction_status after the settlement). */
export const REVERSAL_KINDS = ['refund', 'partial_refund', 'chargeback', 'partial_chargeback', 'deny', 'cancel', 'expire'] as const;
export type ReversalKindName = (typeof REVERSAL_KINDS)[number];

export const timelineEntrySchema = z.object({
  at: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  /** The admin who did it (their e-mail address); null for the kiosk, the player or the server. */
  by: z.string().nullable(),
  /** The address an e-mail went (or failed to go) to; the new one for email_corrected. */
  to: z.string().optional(),
  /** The address before an email_corrected. */
  from: z.string().optional(),
  /** Why an e-mail or an upload failed. */
  reason: z.string().optional(),
  /** clip_uploaded: which clip (1-based) of how many; upload_failed: how many were uploaded. */
  clip: z.number().optional(),
  clips: z.number().optional(),
  /** created, paid: the amount in rupiah; payment_reversed: the amount given back (refunded so far), when known. */
  amount: z.number().optional(),
  /** created: bought on the phone that marked the rallies (else at a kiosk). */
  onPhone: z.boolean().optional(),
  /** payment_reversed: which reversal (refund, partial_refund, chargeback, ...). */
  reversal: z.enum(REVERSAL_KINDS).optional(),
  /** late_settlement: the unpaid state the purchase had ended in (failed, expired), or pending when it was only late. */
  previous: z.enum(PAYMENT_STATUSES).optional(),
  /** late_settlement: the settlement came after the payment window and its grace. */
  afterWindow: z.boolean().optional(),
  /** whatsapp_status: what Meta reported of the message (sent, delivered, read, failed). */
  status: z.enum(['sent', 'delivered', 'read', 'failed']).optional(),
  /** whatsapp_failed: Meta's error code (131026 not on WhatsApp, 132001 no such template, ...). */
  code: z.number().optional(),
  /** clips_expired, erased: how many stored files were removed. */
  filesRemoved: z.number().optional(),
  /** email_sent, whatsapp_sent: handed over without an answer, so not sent again; why. */
  unconfirmed: z.string().optional(),
  /** resend: the channel resent (the WhatsApp message for a purchase with only a number). */
  channel: z.enum(['email', 'whatsapp']).optional(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const purchaseTimelineResponseSchema = z.object({
  transaction: purchaseSchema,
  /** The purchase's phone page; null once its clips are gone (expired or erased). */
  phoneUrl: z.string().nullable(),
  /** The storage folder's share link, when there is one. */
  folderUrl: z.string().nullable(),
  /** Oldest first. */
  events: z.array(timelineEntrySchema),
});
export type PurchaseTimelineResponse = z.infer<typeof purchaseTimelineResponseSchema>;

// ---------------------------------------------------------------- POST /api/transaction/:id/abandon

export const abandonPurchaseResponseSchema = z.object({ transaction: purchaseSchema });
export type AbandonPurchaseResponse = z.infer<typeof abandonPurchaseResponseSchema>;

// ---------------------------------------------------------------- the purchase id in paths and headers

/**
 * A purchase id in a path (`CR-...`, 21 characters). Anything longer than an order id can be is
 * cut to 50 characters and then unknown (404), never refused as malformed.
 */
export const purchaseIdParams = z.object({
  id: z
    .string()
    .transform((id) => id.slice(0, 50))
    .meta({ description: 'The purchase id (CR-YYYYMMDD-XXXXXXXXXX)' }),
});

/**
 * The Idempotency-Key of POST /api/transaction (IETF httpapi draft): 1 to 255 visible ASCII
 * characters, bare or as a structured-field string ("..."). Read by the handler, which answers
 * 400 with PURCHASE_MESSAGES.idempotencyKeyInvalid for any other value.
 */
export const createPurchaseHeadersSchema = z.object({
  'Idempotency-Key': z
    .string()
    .optional()
    .meta({ description: 'Makes a retry safe: the same key and body answer the first answer again (per kiosk, kept 24 hours)' }),
});
