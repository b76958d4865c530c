// The configuration entries of spec section 3: keys, their _STAGING twins, and the defaults used
// when an entry is missing or unreadable.
import { MESSAGES } from './messages.ts';

/** One row of PROMO_TABLE: QUANTITY videos at PRICE each, when ENABLED. */
export interface BundlingTier {
  QUANTITY: number;
  PRICE: number;
  ENABLED: boolean;
}

/** Keys that exist twice: live (/box) and staging (/staging, suffix _STAGING). */
export const STAGED_CONFIG_KEYS = [
  'CMS_PROMO_VIDEO',
  // The optional portrait promo video played on portrait screens.
  'CMS_PROMO_VIDEO_PORTRAIT',
  'CMS_BG_IMAGE',
  'CMS_WATERMARK',
  'DEFAULT_PRICE',
  'PROMO_TABLE',
  'ENABLE_PAYMENT_GATEWAY',
] as const;
export type StagedConfigKey = (typeof STAGED_CONFIG_KEYS)[number];

export const STAGING_KEY_SUFFIX = '_STAGING';
export const EMAIL_COPY_KEY = 'CMS_EMAIL_COPY';

export type ConfigKey = StagedConfigKey | `${StagedConfigKey}_STAGING` | typeof EMAIL_COPY_KEY;

/** Every key the product stores, live keys first, then their staging twins, then the e-mail copy. */
export const CONFIG_KEYS: readonly ConfigKey[] = [
  ...STAGED_CONFIG_KEYS,
  ...STAGED_CONFIG_KEYS.map((key) => configKey(key, true)),
  EMAIL_COPY_KEY,
];

/** configKey('DEFAULT_PRICE', true) === 'DEFAULT_PRICE_STAGING'. */
export function configKey(base: StagedConfigKey, staging: boolean): ConfigKey {
  return staging ? `${base}${STAGING_KEY_SUFFIX}` : base;
}

export function isConfigKey(key: string): key is ConfigKey {
  return (CONFIG_KEYS as readonly string[]).includes(key);
}

/**
 * The bundling tiers a new venue starts with (spec section 9). PROMO_TABLE missing means no tiers,
 * not these: they are what the Product tab offers to save, not a fallback for pricing.
 */
export const DEFAULT_BUNDLING_TIERS: readonly BundlingTier[] = [
  { QUANTITY: 2, PRICE: 10_000, ENABLED: true },
  { QUANTITY: 3, PRICE: 9_000, ENABLED: true },
  { QUANTITY: 4, PRICE: 8_000, ENABLED: true },
  { QUANTITY: 5, PRICE: 7_000, ENABLED: true },
  { QUANTITY: 6, PRICE: 6_000, ENABLED: true },
];

// ---------------------------------------------------------------- CMS_EMAIL_COPY

export const EMAIL_COPY_FIELDS = [
  'EMAIL_SUBJECT',
  'EMAIL_HEADING',
  'EMAIL_THANK_YOU',
  'EMAIL_INSTRUCTIONS',
  'EMAIL_CLOSING',
  'EMAIL_FOOTER',
] as const;
export type EmailCopyField = (typeof EMAIL_COPY_FIELDS)[number];
export type EmailCopy = Record<EmailCopyField, string>;

/** Stands for the configured product name (PRODUCT_NAME) in stored e-mail copy. */
export const PRODUCT_NAME_PLACEHOLDER = '{productName}';
/** Stands for the label of the e-mail's main button ('Watch and download your clips', or its Indonesian). */
export const BUTTON_PLACEHOLDER = '{button}';
/** Stands for RETENTION_DAYS, how many days the clips are kept. */
export const RETENTION_DAYS_PLACEHOLDER = '{retentionDays}';

/**
 * The e-mail copy used when CMS_EMAIL_COPY is missing, with `{productName}` left in; subject,
 * heading and footer are the spec's words, the thank-you, instructions and closing are ours.
 */
export const DEFAULT_EMAIL_COPY: Readonly<EmailCopy> = {
  EMAIL_SUBJECT: 'Your {productName} Is Ready!',
  EMAIL_HEADING: 'Your Videos Are Ready!',
  EMAIL_THANK_YOU: 'Thank you for your purchase! Your {productName} videos have been uploaded.',
  EMAIL_INSTRUCTIONS:
    'Tap "{button}" below to watch your videos on your phone, download them one by one or all at once, and share them. The link to the storage folder is below it. Anyone with the links can view your videos, so share them only with people you trust.',
  EMAIL_CLOSING:
    'If you have any questions or trouble with your videos, please contact the staff at the venue, who will be happy to help. Enjoy your game!',
  EMAIL_FOOTER: 'This is an automated email, please do not reply.',
};

/**
 * Replaces every `{productName}` in the copy with the configured product name, and `{button}` and
 * `{retentionDays}` with the e-mail's button label and retention period when given.
 */
export function renderEmailCopy(
  copy: Readonly<EmailCopy>,
  productName: string,
  more: { button?: string; retentionDays?: number } = {},
): EmailCopy {
  const values: [string, string | undefined][] = [
    [PRODUCT_NAME_PLACEHOLDER, productName],
    [BUTTON_PLACEHOLDER, more.button],
    [RETENTION_DAYS_PLACEHOLDER, more.retentionDays === undefined ? undefined : String(more.retentionDays)],
  ];
  const rendered = {} as EmailCopy;
  for (const field of EMAIL_COPY_FIELDS) {
    let text = copy[field];
    for (const [placeholder, value] of values) if (value !== undefined) text = text.split(placeholder).join(value);
    rendered[field] = text;
  }
  return rendered;
}

export type EmailCopyParseResult =
  { status: 'missing'; copy: EmailCopy } | { status: 'valid'; copy: EmailCopy } | { status: 'invalid'; copy: EmailCopy; message: string };

/**
 * Reads a stored CMS_EMAIL_COPY value; never throws. Missing (null, undefined or blank) gives the
 * defaults. Text that is not a JSON object, or a field that is present but not a string, makes
 * the whole value invalid: the defaults are used and `message` is what the CMS tab shows. Fields
 * that are absent or blank take their default, so older stored values keep working.
 */
export function parseEmailCopy(value: string | null | undefined): EmailCopyParseResult {
  const defaults = { ...DEFAULT_EMAIL_COPY };
  if (value === null || value === undefined || value.trim() === '') {
    return { status: 'missing', copy: defaults };
  }
  const invalid = {
    status: 'invalid',
    copy: defaults,
    message: MESSAGES.emailConfig.invalidStored,
  } as const;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return invalid;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return invalid;
  const stored = parsed as Record<string, unknown>;
  const copy = { ...defaults };
  for (const field of EMAIL_COPY_FIELDS) {
    const text = stored[field];
    if (text === undefined || text === null) continue;
    if (typeof text !== 'string') return invalid;
    if (text.trim() !== '') copy[field] = text;
  }
  return { status: 'valid', copy };
}

/** The JSON text to store under CMS_EMAIL_COPY (only the six known fields, in a fixed order). */
export function serializeEmailCopy(copy: Readonly<EmailCopy>): string {
  const ordered = {} as EmailCopy;
  for (const field of EMAIL_COPY_FIELDS) ordered[field] = copy[field];
  return JSON.stringify(ordered);
}
