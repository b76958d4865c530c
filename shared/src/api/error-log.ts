// The error log (the Errors tab): every problem an operator should act on, from
// wherever it is recorded, each with its time, venue, kiosk, what happened and what to do, and
// whether it is resolved (by an admin, or by itself: an e-mail that went out on a later try, a
// credential that works again).
import { z } from 'zod';
import { blankToUndefined, includeStagingParam, queryInt } from './common.ts';

export const ERROR_KINDS = [
  'parked_purchase',
  'upload_failed',
  'email_failed',
  'whatsapp_failed',
  'whatsapp_unconfirmed',
  'payment_reversed',
  'late_settlement',
  'undelivered',
  'credential_alert',
  'integration_failure',
  'kiosk_offline',
  'camera_offline',
  'camera_password',
  'clips_failing',
  'recorder_alert',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export const ERROR_STATUSES = ['open', 'resolved', 'all'] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

export const ERROR_LOG_MESSAGES = {
  kindInvalid: `kind must be one of ${ERROR_KINDS.join(', ')}`,
  statusInvalid: `status must be one of ${ERROR_STATUSES.join(', ')}`,
  notFound: 'Error not found',
  resolved: 'Marked as resolved',
} as const;

export const errorLogQuerySchema = z.object({
  kind: z.preprocess(blankToUndefined, z.enum(ERROR_KINDS, { message: ERROR_LOG_MESSAGES.kindInvalid }).optional()),
  venueId: queryInt('venueId', 1, Number.MAX_SAFE_INTEGER),
  /** open (the default): not resolved yet; resolved; or all. */
  status: z.preprocess(blankToUndefined, z.enum(ERROR_STATUSES, { message: ERROR_LOG_MESSAGES.statusInvalid }).default('open')),
  /** Problems of staging (test) purchases are left out unless this is 'true'. */
  includeStaging: includeStagingParam,
});
export type ErrorLogQuery = z.output<typeof errorLogQuerySchema>;

export const errorEntrySchema = z.object({
  /** Stable for the same problem: what PUT /api/error-log/{id}/resolve names. */
  id: z.string(),
  kind: z.enum(ERROR_KINDS),
  /** When it happened (a kiosk offline: when it was last seen). */
  at: z.string(),
  /** null for a problem of the whole install (a service's credentials). */
  venueId: z.number().nullable(),
  venueName: z.string().nullable(),
  deviceId: z.string().nullable(),
  /** The kiosk's friendly name when it has one. */
  deviceName: z.string().nullable(),
  transactionId: z.string().nullable(),
  what: z.string(),
  todo: z.string(),
  resolvedAt: z.string().nullable(),
  /** The admin who marked it resolved; null when it resolved itself (or is open). */
  resolvedBy: z.string().nullable(),
});
export type ErrorEntry = z.infer<typeof errorEntrySchema>;

export const errorLogResponseSchema = z.object({ entries: z.array(errorEntrySchema) });
export type ErrorLogResponse = z.infer<typeof errorLogResponseSchema>;

export const errorIdParams = z.object({
  id: z.string().max(64).meta({ description: 'The entry id from GET /api/error-log' }),
});

export const resolveErrorResponseSchema = z.object({ message: z.string(), entry: errorEntrySchema });
export type ResolveErrorResponse = z.infer<typeof resolveErrorResponseSchema>;
