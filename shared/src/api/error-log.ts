// The error log (the Errors tab): every problem an operator should act on, from
// wherever it is recorded, each with its time, venue, device, the facts of what happened, and
// whether it is resolved (by an admin, or by itself: an e-mail that went out on a later try, a
// credential that works again). An entry carries its kind and facts, never sentences: the
// back-office words them in the admin's language (errorEntryText, error-entry-text.ts).
import { z } from 'zod';
import { CAMERA_REASONS } from '../camera-reasons.ts';
import { blankToUndefined, includeStagingParam, queryInt } from './common.ts';
import { CREDENTIAL_ALERT_CODES, INTEGRATION_KINDS } from './integrations.ts';
import { RECORDER_ALERT_CODES } from './recorders.ts';

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

const rupiah = z.number().int().meta({ description: 'Rupiah' });
/** Words that came from elsewhere (a provider, a mail server, ffmpeg), shown as they are. */
const quoted = z.string().nullable();

/** A camera that is not recording: its court, when this reason began, and why. */
const cameraFacts = z.object({
  court: z.string(),
  since: z.string().meta({ description: 'When the camera began failing for this reason (ISO 8601)' }),
  reason: z.enum(CAMERA_REASONS).nullable(),
  detail: quoted.meta({ description: "ffmpeg's words, or the recorder's message when it names no known reason" }),
});

/** The facts of each kind of entry: what the back-office words as what happened and what to do. */
export const ERROR_FACTS = {
  parked_purchase: z.object({ reason: z.string(), status: z.number().int(), email: z.string(), clips: z.number().int(), amount: rupiah }),
  upload_failed: z.object({ uploaded: z.number().int(), clips: z.number().int(), reason: quoted }),
  email_failed: z.object({ to: z.string().nullable(), reason: quoted }),
  whatsapp_failed: z.object({ to: z.string().nullable(), reason: quoted }),
  whatsapp_unconfirmed: z.object({ to: z.string().nullable(), minutes: z.number().int() }),
  payment_reversed: z.object({
    amount: rupiah,
    reversal: z.enum(['failed', 'expired', 'refunded']),
    /** The provider's newest reversal (refund, chargeback, ...) and its amount, when recorded. */
    detail: z.object({ kind: z.string(), amount: rupiah.nullable() }).nullable(),
  }),
  late_settlement: z.object({
    amount: rupiah,
    previous: z.string(),
    afterWindow: z.boolean(),
    promoOverQuota: z.string().nullable(),
  }),
  undelivered: z.object({ amount: rupiah, minutes: z.number().int(), missing: z.enum(['clips', 'email', 'whatsapp']) }),
  credential_alert: z.object({ code: z.enum(CREDENTIAL_ALERT_CODES), message: z.string() }),
  integration_failure: z.object({ service: z.enum(INTEGRATION_KINDS), message: z.string() }),
  kiosk_offline: z.object({ minutes: z.number().int() }),
  camera_offline: cameraFacts,
  camera_password: cameraFacts,
  clips_failing: cameraFacts,
  recorder_alert: z.object({ recorder: z.string(), code: z.enum(RECORDER_ALERT_CODES), message: z.string() }),
} satisfies Record<ErrorKind, z.ZodType>;
export type ErrorFacts<K extends ErrorKind = ErrorKind> = { [Kind in K]: z.infer<(typeof ERROR_FACTS)[Kind]> }[K];

const entryBase = z.object({
  /** Stable for the same problem: what PUT /api/error-log/{id}/resolve names. */
  id: z.string(),
  /** When it happened (a kiosk offline: when it was last seen). */
  at: z.string(),
  /** null for a problem of the whole install (a service's credentials). */
  venueId: z.number().nullable(),
  venueName: z.string().nullable(),
  deviceId: z.string().nullable(),
  /** The kiosk's friendly name when it has one, or the recorder's name. */
  deviceName: z.string().nullable(),
  transactionId: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** The admin who marked it resolved; null when it resolved itself (or is open). */
  resolvedBy: z.string().nullable(),
});

const entryOf = <K extends ErrorKind>(kind: K) => entryBase.extend({ kind: z.literal(kind), facts: ERROR_FACTS[kind] });

export const errorEntrySchema = z.discriminatedUnion('kind', [
  entryOf('parked_purchase'),
  entryOf('upload_failed'),
  entryOf('email_failed'),
  entryOf('whatsapp_failed'),
  entryOf('whatsapp_unconfirmed'),
  entryOf('payment_reversed'),
  entryOf('late_settlement'),
  entryOf('undelivered'),
  entryOf('credential_alert'),
  entryOf('integration_failure'),
  entryOf('kiosk_offline'),
  entryOf('camera_offline'),
  entryOf('camera_password'),
  entryOf('clips_failing'),
  entryOf('recorder_alert'),
]);
export type ErrorEntry = z.infer<typeof errorEntrySchema>;

export const errorLogResponseSchema = z.object({ entries: z.array(errorEntrySchema) });
export type ErrorLogResponse = z.infer<typeof errorLogResponseSchema>;

export const errorIdParams = z.object({
  id: z.string().max(64).meta({ description: 'The entry id from GET /api/error-log' }),
});

export const resolveErrorResponseSchema = z.object({ message: z.string(), entry: errorEntrySchema });
export type ResolveErrorResponse = z.infer<typeof resolveErrorResponseSchema>;
