// What a kiosk reports to the back-office about its offline work: purchases its outbox
// parked because the server refused them (the reason is shown to an operator), and each
// purchase's clip upload progress, from which the back-office shows the delivery state.
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import type { AdminMessages } from '../messages-admin-id.ts';

type DeliveryWords = AdminMessages['adminScreens']['transactions']['delivery'];

export const KIOSK_REPORT_MESSAGES = {
  purchaseNotFound: 'Transaction not found',
  reportNotFound: 'Report not found',
  uploadedAboveTotal: 'uploaded plus failed must not exceed total',
  tooManyIds: (max: number) => `ids must name at most ${max} transactions`,
} as const;

const MAX_CLIPS = 6;
const REASON_MAX = 500;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const isoInstant = z.iso.datetime({ offset: true });

// ---------------------------------------------------------------- POST /api/kiosk-reports/parked (device)

export const kioskParkedReportSchema = z.strictObject({
  /** The outbox entry's Idempotency-Key: the same report sent twice is stored once. */
  idempotencyKey: z.string().regex(KEY_PATTERN, 'idempotencyKey must be 1 to 255 visible ASCII characters'),
  /** The server's message when it refused the purchase. */
  reason: z.string().trim().min(1).max(REASON_MAX),
  /** The HTTP status of the refusal. */
  status: z.number().int().min(400).max(499),
  attempts: z.number().int().min(1).max(1_000_000),
  email: z.string().max(254),
  videoCount: z.number().int().min(0).max(MAX_CLIPS),
  totalAmount: z.number().int().min(0),
  isStaging: z.boolean(),
  /** When the kiosk queued the purchase (the player's time at the kiosk). */
  queuedAt: isoInstant,
  parkedAt: isoInstant,
});
export type KioskParkedReport = z.infer<typeof kioskParkedReportSchema>;

export const parkedPurchaseSchema = kioskParkedReportSchema.extend({
  id: z.number(),
  deviceId: z.string(),
  venueId: z.number(),
  venueName: z.string(),
  reportedAt: z.string(),
});
export type ParkedPurchase = z.infer<typeof parkedPurchaseSchema>;

// ---------------------------------------------------------------- GET /api/kiosk-reports/parked (admin)

/** Newest first; an admin sees their venue's only, a super admin all (or the venueId asked). */
export const listParkedResponseSchema = z.object({ parked: z.array(parkedPurchaseSchema) });
export type ListParkedResponse = z.infer<typeof listParkedResponseSchema>;

// ---------------------------------------------------------------- POST /api/kiosk-reports/progress (device)

export const UPLOAD_PROGRESS_STATES = ['uploading', 'done', 'failed'] as const;

export const kioskUploadProgressReportSchema = z
  .strictObject({
    transactionId: z.string().min(1).max(50),
    /** Clips stored so far, clips given up on, clips in the purchase. */
    uploaded: z.number().int().min(0).max(MAX_CLIPS),
    failed: z.number().int().min(0).max(MAX_CLIPS),
    total: z.number().int().min(1).max(MAX_CLIPS),
    state: z.enum(UPLOAD_PROGRESS_STATES),
    /** Why the last clip (or the whole job) failed, when it did. */
    reason: z.string().trim().max(REASON_MAX).nullable().optional(),
  })
  .refine((r) => r.uploaded + r.failed <= r.total, { message: KIOSK_REPORT_MESSAGES.uploadedAboveTotal, path: ['uploaded'] });
export type KioskUploadProgressReport = z.infer<typeof kioskUploadProgressReportSchema>;

// ---------------------------------------------------------------- GET /api/kiosk-reports/delivery?ids=A,B (admin)

export const DELIVERY_IDS_MAX = 100;

/**
 * A purchase's delivery as the back-office shows it: awaiting payment, not paid (failed or
 * expired), paid (nothing uploaded yet), uploading n of m, link saved, e-mailed, or failed (with
 * the reason: no clip could be uploaded, or the e-mail was refused).
 */
export const DELIVERY_STATES = ['awaiting_payment', 'not_paid', 'paid', 'uploading', 'link_saved', 'emailed', 'failed'] as const;
export type DeliveryStateName = (typeof DELIVERY_STATES)[number];

export const deliveryStateSchema = z.object({
  transactionId: z.string(),
  state: z.enum(DELIVERY_STATES),
  uploaded: z.number(),
  failed: z.number(),
  total: z.number(),
  reason: z.string().nullable(),
  updatedAt: z.string(),
});
export type DeliveryState = z.infer<typeof deliveryStateSchema>;

export const deliveryQuerySchema = z.object({
  ids: z
    .string()
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().max(50)).min(1, 'ids is required').max(DELIVERY_IDS_MAX, KIOSK_REPORT_MESSAGES.tooManyIds(DELIVERY_IDS_MAX))),
});

/** Unknown ids and other venues' purchases are left out. */
export const deliveryResponseSchema = z.object({ deliveries: z.array(deliveryStateSchema) });
export type DeliveryResponse = z.infer<typeof deliveryResponseSchema>;

/** What the labels say in the back-office: 'Uploading 2 of 3', 'Link saved', 'Failed: ...'. */
export function deliveryLabel(
  d: Pick<DeliveryState, 'state' | 'uploaded' | 'total' | 'reason'>,
  words: DeliveryWords = MESSAGES.adminScreens.transactions.delivery,
): string {
  switch (d.state) {
    case 'uploading':
      return words.uploading(d.uploaded, d.total);
    case 'failed':
      return words.failed(d.reason);
    default:
      // Paid or free, no clip sent yet ('paid'): the payment badge beside it already says which.
      return words[d.state];
  }
}

// ---------------------------------------------------------------- GET /api/kiosk-reports/reversed (admin)

/** A paid purchase whose payment the provider reversed afterwards, for the Errors tab. */
export const reversedPaymentSchema = z.object({
  id: z.string(),
  email: z.string(),
  venueName: z.string(),
  totalAmount: z.number(),
  paidAt: z.string().nullable(),
  paymentReversal: z.enum(['failed', 'expired', 'refunded']),
  paymentReversedAt: z.string(),
});
export type ReversedPayment = z.infer<typeof reversedPaymentSchema>;

export const listReversedResponseSchema = z.object({ reversed: z.array(reversedPaymentSchema) });
export type ListReversedResponse = z.infer<typeof listReversedResponseSchema>;

// ---------------------------------------------------------------- ?venueId= of the admin lists

/**
 * The venue a super admin asks for; an admin of one venue always gets their own. A value that is
 * not an id means every venue (never refused).
 */
export const kioskReportVenueQuerySchema = z.object({
  venueId: z
    .string()
    .optional()
    .transform((id) => (id !== undefined && /^[1-9][0-9]{0,14}$/.test(id) ? Number(id) : undefined))
    .meta({ description: 'Super admins: one venue only' }),
});
