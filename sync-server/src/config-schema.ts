// The environment the server reads: every variable, its validation and its default as the
// environment would spell it. config.ts, the one module that reads the environment, parses it with this.
import { isIP } from 'node:net';
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
/** An http(s) base URL without its trailing slash; empty means unset. */
const optionalUrl = optionalString.pipe(
  z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
);
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1'));

export const envSchema = z.object({
  NODE_ENV: optionalString,
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((a) => isIP(a) !== 0), 'TRUSTED_PROXIES must be IP addresses separated by commas, e.g. 127.0.0.1,::1'),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: optionalString.refine(
    (v) => v === undefined || /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(v),
    'PUBLIC_URL must be an http(s) address such as https://replay.example.com',
  ),
  PRODUCT_NAME: z.string().trim().min(1).default('CourtReplay'),
  ADMIN_EMAIL: optionalString,
  ADMIN_PASSWORD: optionalString,
  DATABASE_URL: optionalString,
  // Each background job holds one connection for its advisory lock while its work uses another.
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(5, 'DATABASE_POOL_SIZE must be at least 5: the four background jobs each hold a connection while they run')
    .max(1000)
    .default(10),
  SERVE_PWA: bool(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  PENDING_PAYMENT_EXPIRY_MINUTES: z.coerce
    .number()
    .positive()
    .default(24 * 60),
  PAYMENT_PROVIDER: z.enum(['simulator', 'midtrans']).optional(),
  MIDTRANS_SERVER_KEY: optionalString,
  MIDTRANS_CLIENT_KEY: optionalString,
  MIDTRANS_SERVER_KEY_SANDBOX: optionalString,
  MIDTRANS_CLIENT_KEY_SANDBOX: optionalString,
  MIDTRANS_SNAP_URL: optionalUrl,
  MIDTRANS_API_URL: optionalUrl,
  MIDTRANS_SNAP_URL_SANDBOX: optionalUrl,
  MIDTRANS_API_URL_SANDBOX: optionalUrl,
  MIDTRANS_ENABLED_PAYMENTS: z
    .string()
    .optional()
    .transform((v) => {
      const methods = v
        ?.split(',')
        .map((m) => m.trim())
        .filter(Boolean);
      return methods?.length ? methods : undefined;
    })
    .pipe(
      z
        .array(z.string().regex(/^[a-z_]+$/, 'payment method names are lower-case words like other_qris'))
        .min(1)
        .optional(),
    ),
  MIDTRANS_EXPIRY_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(15),
  PAYMENT_RECONCILE_SECONDS: z.coerce.number().int().min(1).default(60),
  RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
  // At least the kiosk's 30 s heartbeat and a margin, or an open kiosk would flicker offline between beats.
  KIOSK_OFFLINE_AFTER_SECONDS: z.coerce
    .number()
    .int()
    .min(40, 'KIOSK_OFFLINE_AFTER_SECONDS must be at least 40: kiosks report every 30 s')
    .max(86_400)
    .default(120),
  OPENING_HOURS: z
    .string()
    .trim()
    .default('06:00-23:00')
    .pipe(
      z.string().regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-4]):[0-5]\d$/, 'OPENING_HOURS must look like 06:00-23:00 (venue-local time)'),
    ),
  STORAGE: z.enum(['local', 'google-drive', 's3']).default('local'),
  STORAGE_LIMIT_BYTES: z.coerce.number().int().positive().optional(),
  UPLOAD_URL_TTL_MINUTES: z.coerce
    .number()
    .positive()
    .default(24 * 60),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_REFRESH_TOKEN: optionalString,
  GOOGLE_SERVICE_ACCOUNT_KEY_FILE: optionalString,
  GOOGLE_SHARED_DRIVE_ID: optionalString,
  GOOGLE_DRIVE_PARENT_FOLDER_ID: optionalString,
  GOOGLE_API_URL: z
    .string()
    .url()
    .default('https://www.googleapis.com/')
    .transform((u) => (u.endsWith('/') ? u : `${u}/`)),
  GOOGLE_OAUTH_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().trim().default('auto'),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool(false),
  // Every key this product writes starts with it, and clean-up never lists outside it.
  S3_PREFIX: z
    .string()
    .trim()
    .default('courtreplay/')
    .pipe(
      z.string().regex(/^((?!\.\.?\/)[A-Za-z0-9_.-]+\/)*$/, 'S3_PREFIX must be empty or folder names ending with "/", e.g. courtreplay/'),
    ),
  SMTP_URL: optionalString,
  MAIL_FROM: optionalString,
  SMTP_ALLOW_PLAINTEXT: bool(false),
  SMTP_EHLO_NAME: optionalString,
  WHATSAPP: optionalString.pipe(z.enum(['cloud', 'outbox', 'off'], { message: 'WHATSAPP must be cloud, outbox or off' }).optional()),
  WHATSAPP_API_URL: optionalUrl,
  WHATSAPP_ACCESS_TOKEN: optionalString,
  WHATSAPP_PHONE_NUMBER_ID: optionalString.pipe(
    z
      .string()
      .regex(/^\d{1,30}$/, 'WHATSAPP_PHONE_NUMBER_ID is the numeric id Meta shows under API Setup, not the phone number')
      .optional(),
  ),
  WHATSAPP_APP_SECRET: optionalString,
  WHATSAPP_VERIFY_TOKEN: optionalString,
  WHATSAPP_TEMPLATE: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9_]{1,512}$/, 'WHATSAPP_TEMPLATE is a template name: lower-case letters, digits and underscores')
      .optional(),
  ),
});

export type Env = z.infer<typeof envSchema>;
/** Every variable the server reads: a test holds `.env.example` and the docs to this list. */
export const ENV_NAMES = Object.keys(envSchema.shape) as (keyof Env)[];
