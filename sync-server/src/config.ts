// The only module that reads process.env. Parsed once, validated, with defaults; a bad value stops
// the server at start-up with a clear message instead of failing later.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1'));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: optionalString,
  PRODUCT_NAME: z.string().trim().min(1).default('CourtReplay'),
  ADMIN_EMAIL: optionalString,
  ADMIN_PASSWORD: optionalString,
  DATABASE_URL: optionalString,
  SERVE_PWA: bool(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  PENDING_PAYMENT_EXPIRY_MINUTES: z.coerce.number().positive().default(24 * 60),
  PAYMENT_PROVIDER: z.enum(['simulator', 'midtrans']).optional(),
  MIDTRANS_SERVER_KEY: optionalString,
  MIDTRANS_CLIENT_KEY: optionalString,
  MIDTRANS_SERVER_KEY_SANDBOX: optionalString,
  MIDTRANS_CLIENT_KEY_SANDBOX: optionalString,
  STORAGE: z.enum(['local', 'google-drive']).default('local'),
  STORAGE_LIMIT_BYTES: z.coerce.number().int().positive().optional(),
  UPLOAD_URL_TTL_MINUTES: z.coerce.number().positive().default(7 * 24 * 60),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_REFRESH_TOKEN: optionalString,
  GOOGLE_SERVICE_ACCOUNT_KEY_FILE: optionalString,
  GOOGLE_SHARED_DRIVE_ID: optionalString,
  GOOGLE_DRIVE_PARENT_FOLDER_ID: optionalString,
  GOOGLE_API_URL: z.string().url().default('https://www.googleapis.com/').transform((u) => (u.endsWith('/') ? u : `${u}/`)),
  GOOGLE_OAUTH_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  SMTP_URL: optionalString,
  MAIL_FROM: optionalString,
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseFile: string;
  publicUrl: string | undefined;
  productName: string;
  initialAdmin: { email: string; password: string } | { email: string; password?: undefined };
  servePwa: boolean;
  logLevel: Env['LOG_LEVEL'];
  sessionTtlMs: number;
  pendingPaymentExpiryMs: number;
  payments:
    | { provider: 'simulator'; serverKey: string | undefined }
    | {
        provider: 'midtrans';
        live: { serverKey: string | undefined; clientKey: string | undefined };
        sandbox: { serverKey: string | undefined; clientKey: string | undefined };
      };
  storage:
    | { kind: 'local'; limitBytes: number | undefined; uploadUrlTtlMs: number }
    | {
        kind: 'google-drive';
        limitBytes: number | undefined;
        uploadUrlTtlMs: number;
        clientId: string | undefined;
        clientSecret: string | undefined;
        refreshToken: string | undefined;
        serviceAccountKeyFile: string | undefined;
        sharedDriveId: string | undefined;
        parentFolderId: string | undefined;
        /** Drive API and upload root, ending with '/'. */
        apiUrl: string;
        tokenUrl: string;
      };
  mail: { smtpUrl: string | undefined; from: string };
}

export class ConfigError extends Error {}

/**
 * Reads a `.env` file (KEY=value lines) into the environment when one exists. Variables already
 * set in the environment win, so a process manager's settings override the file.
 */
export function loadEnvFile(file = resolve('.env')): boolean {
  if (!existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const databaseFile = resolveDatabaseFile(e.DATABASE_URL, dataDir);
  const hasMidtransKeys = Boolean(e.MIDTRANS_SERVER_KEY || e.MIDTRANS_SERVER_KEY_SANDBOX);
  const provider = e.PAYMENT_PROVIDER ?? (hasMidtransKeys ? 'midtrans' : 'simulator');
  if (e.ADMIN_PASSWORD && !e.ADMIN_EMAIL) throw new ConfigError('ADMIN_PASSWORD is set without ADMIN_EMAIL.');

  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseFile,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    productName: e.PRODUCT_NAME,
    initialAdmin: { email: (e.ADMIN_EMAIL ?? 'admin@courtreplay.local').toLowerCase(), password: e.ADMIN_PASSWORD },
    servePwa: e.SERVE_PWA,
    logLevel: e.LOG_LEVEL,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    pendingPaymentExpiryMs: e.PENDING_PAYMENT_EXPIRY_MINUTES * 60_000,
    payments:
      provider === 'simulator'
        ? { provider, serverKey: e.MIDTRANS_SERVER_KEY }
        : {
            provider,
            live: { serverKey: e.MIDTRANS_SERVER_KEY, clientKey: e.MIDTRANS_CLIENT_KEY },
            sandbox: { serverKey: e.MIDTRANS_SERVER_KEY_SANDBOX, clientKey: e.MIDTRANS_CLIENT_KEY_SANDBOX },
          },
    storage:
      e.STORAGE === 'local'
        ? { kind: 'local', limitBytes: e.STORAGE_LIMIT_BYTES, uploadUrlTtlMs: e.UPLOAD_URL_TTL_MINUTES * 60_000 }
        : {
            kind: 'google-drive',
            limitBytes: e.STORAGE_LIMIT_BYTES,
            uploadUrlTtlMs: e.UPLOAD_URL_TTL_MINUTES * 60_000,
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            refreshToken: e.GOOGLE_REFRESH_TOKEN,
            serviceAccountKeyFile: e.GOOGLE_SERVICE_ACCOUNT_KEY_FILE,
            sharedDriveId: e.GOOGLE_SHARED_DRIVE_ID,
            parentFolderId: e.GOOGLE_DRIVE_PARENT_FOLDER_ID,
            apiUrl: e.GOOGLE_API_URL,
            tokenUrl: e.GOOGLE_OAUTH_TOKEN_URL,
          },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? `${e.PRODUCT_NAME} <no-reply@courtreplay.local>` },
  };
}

/** DATABASE_URL accepts `file:path`, `sqlite:path` or a bare path; PostgreSQL is a later step. */
function resolveDatabaseFile(url: string | undefined, dataDir: string): string {
  if (!url) return resolve(dataDir, 'courtreplay.sqlite');
  if (/^postgres(ql)?:/i.test(url)) throw new ConfigError('DATABASE_URL: PostgreSQL is not supported yet; use a SQLite file path.');
  return resolve(url.replace(/^(file|sqlite):(\/\/)?/i, ''));
}
