import { z } from 'zod';
import { EMAIL_COPY_FIELDS, type EmailCopyField } from '../config-keys.ts';
import { KIOSK_LANGUAGES } from '../languages.ts';
import { formatRupiah } from '../format.ts';
import type { Undercut } from '../pricing.ts';
import { queryInt, whenMissing } from './common.ts';

const clips = (n: number) => `${n} ${n === 1 ? 'clip' : 'clips'}`;

export const CONFIG_MESSAGES = {
  updated: 'Configuration updated successfully',
  unknownKey: (key: string) => `Unknown configuration key: ${key}`,
  gatewayValue: "ENABLE_PAYMENT_GATEWAY must be 'true' or 'false'",
  tierRules: 'Each bundling promo needs a QUANTITY from 1 to 6, a PRICE of 0 or more and ENABLED true or false',
  tierDuplicate: (quantity: number) => `Only one enabled bundling promo can be set for ${quantity} videos`,
  emailCopy:
    'CMS_EMAIL_COPY must be a JSON object with the text fields EMAIL_SUBJECT, EMAIL_HEADING, EMAIL_THANK_YOU, EMAIL_INSTRUCTIONS, EMAIL_CLOSING and EMAIL_FOOTER',
  mediaUrl: 'A media setting must be empty, a path on this server or an https:// address',
  /** A price or tier change under which more clips would cost less. */
  undercut: (u: Undercut, venueName?: string, staging = false) =>
    `${staging ? 'Staging: ' : ''}${venueName ? `At ${venueName}, ` : 'With these prices '}${clips(u.count)} would cost ` +
    `${formatRupiah(u.total)}, less than ${clips(u.fewer)} at ${formatRupiah(u.fewerTotal)}. ` +
    'Please lower the bundle prices or the video price so that every extra clip costs something.',
  notPerVenue: (key: string) => `${key} is one setting for every venue and cannot be set per venue`,
  removeNeedsVenue: "value may be null only with a venueId: it removes that venue's own value",
  globalOnly: 'Only a super admin can change the settings of every venue. Please choose your venue.',
} as const;

export const configEntrySchema = z.object({
  key: z.string(),
  value: z.string(),
  /** The venue whose own value this is; null: the global entry (every venue without its own). */
  venueId: z.number().int().nullable(),
});
export type StoredConfigEntry = z.infer<typeof configEntrySchema>;

/**
 * GET /admin/config: the entries in force (missing keys take the defaults of the shared domain):
 * the global ones, or with venueId (a kiosk: always its own venue) each venue's own value over them.
 */
export const configListResponse = z.array(configEntrySchema);
export const configListQuery = z.object({ venueId: queryInt('venueId', 1, Number.MAX_SAFE_INTEGER) });

/**
 * PUT /admin/config: the key is checked against the known keys, the value per key. With venueId
 * the value is that venue's own (price, tiers and gateway, and their staging twins only); value
 * null with a venueId removes the venue's own value, so the global one applies again.
 */
export const updateConfigRequest = z.strictObject({
  key: z
    .string({ error: whenMissing('key is required') })
    .trim()
    .min(1, 'key is required')
    .max(64),
  value: z
    .string({ error: whenMissing('value must be a text') })
    .max(20_000)
    .nullable(),
  venueId: z.number({ error: 'venueId must be a venue id or null' }).int().positive().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
});
export type UpdateConfigRequest = z.input<typeof updateConfigRequest>;

/** The entries the update wrote (setting a price of 0 also turns that twin's gateway off). */
export const updateConfigResponse = z.object({ message: z.string(), entries: z.array(configEntrySchema) });
export type UpdateConfigResponse = z.infer<typeof updateConfigResponse>;

/**
 * POST /admin/cms/email-preview: the e-mail the server would send with this (unsaved) copy, for a
 * sample purchase, made by the same function that composes every real one.
 * A field left out or blank takes its default, as when it is stored.
 */
export const emailPreviewRequest = z.strictObject({
  copy: z.strictObject(
    Object.fromEntries(EMAIL_COPY_FIELDS.map((field) => [field, z.string().max(5_000).optional()])) as Record<
      EmailCopyField,
      z.ZodOptional<z.ZodString>
    >,
  ),
  language: z.enum(KIOSK_LANGUAGES).optional().default('en'),
});
export type EmailPreviewRequest = z.input<typeof emailPreviewRequest>;

export const emailPreviewResponse = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type EmailPreviewResponse = z.infer<typeof emailPreviewResponse>;
