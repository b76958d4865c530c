import { z } from 'zod';
import { EMAIL_COPY_FIELDS, type EmailCopyField } from '../config-keys.ts';
import { KIOSK_LANGUAGES } from '../languages.ts';
import { whenMissing } from './common.ts';

export const CONFIG_MESSAGES = {
  updated: 'Configuration updated successfully',
  unknownKey: (key: string) => `Unknown configuration key: ${key}`,
  gatewayValue: "ENABLE_PAYMENT_GATEWAY must be 'true' or 'false'",
  tierRules: 'Each bundling promo needs a QUANTITY from 1 to 6, a PRICE of 0 or more and ENABLED true or false',
  tierDuplicate: (quantity: number) => `Only one enabled bundling promo can be set for ${quantity} videos`,
  emailCopy:
    'CMS_EMAIL_COPY must be a JSON object with the text fields EMAIL_SUBJECT, EMAIL_HEADING, EMAIL_THANK_YOU, EMAIL_INSTRUCTIONS, EMAIL_CLOSING and EMAIL_FOOTER',
  mediaUrl: 'A media setting must be empty, a path on this server or an https:// address',
} as const;

export const configEntrySchema = z.object({ key: z.string(), value: z.string() });
export type StoredConfigEntry = z.infer<typeof configEntrySchema>;

/** GET /admin/config: the stored entries (missing keys take the defaults of the shared domain). */
export const configListResponse = z.array(configEntrySchema);

/** PUT /admin/config: the key is checked against the known keys, the value per key. */
export const updateConfigRequest = z.strictObject({
  key: z
    .string({ error: whenMissing('key is required') })
    .trim()
    .min(1, 'key is required')
    .max(64),
  value: z.string({ error: whenMissing('value must be a text') }).max(20_000),
});
export type UpdateConfigRequest = z.input<typeof updateConfigRequest>;

/** The entries the update wrote (setting a price of 0 also turns that twin's gateway off). */
export const updateConfigResponse = z.object({ message: z.string(), entries: z.array(configEntrySchema) });
export type UpdateConfigResponse = z.infer<typeof updateConfigResponse>;

/**
 * POST /admin/cms/email-preview: the e-mail the server would send with this (unsaved) copy, for a
 * sample purchase, made by the same function that composes every real one (issue 13 point 5).
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
