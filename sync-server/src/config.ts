// The only module that reads process.env. Parsed once (config-schema.ts), checked across variables,
// and turned into the Config the server runs on (config-types.ts); a bad value stops the server at
// start-up with a clear message instead of failing later.
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { OWASP_SCRYPT } from './auth/password.ts';
import { envSchema, type Env } from './config-schema.ts';
import {
  DEFAULT_ADMIN_EMAIL,
  DEFAULT_SQLITE_FILE,
  DEFAULT_WHATSAPP_API_URL,
  DEFAULT_WHATSAPP_TEMPLATE,
  defaultMailFrom,
  type Config,
  type DatabaseTarget,
  type WhatsappConfig,
} from './config-types.ts';

export class ConfigError extends Error {}

function openingHoursOf(text: string): Config['openingHours'] {
  const [open, close] = text.split('-').map((hhmm) => {
    const [h, m] = hhmm.split(':').map(Number);
    return h! * 60 + m!;
  });
  if (open! >= close!) throw new ConfigError('OPENING_HOURS: the venue must open before it closes, e.g. 06:00-23:00');
  return { openMinute: open!, closeMinute: close! };
}

/** STORAGE=s3: a bucket, and both keys or neither (then the SDK's own chain: an instance role). */
function s3ConfigOf(e: Env): Extract<Config['storage'], { kind: 's3' }> {
  if (!e.S3_BUCKET)
    throw new ConfigError('STORAGE=s3 needs S3_BUCKET (and S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY; S3_ENDPOINT for R2 or MinIO).');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the machine role.');
  return {
    kind: 's3',
    limitBytes: e.STORAGE_LIMIT_BYTES,
    uploadUrlTtlMs: e.UPLOAD_URL_TTL_MINUTES * 60_000,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION || 'auto',
    endpoint: e.S3_ENDPOINT,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    prefix: e.S3_PREFIX,
  };
}

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
  const database = resolveDatabase(e.DATABASE_URL, e.DATABASE_POOL_SIZE, dataDir);
  const hasMidtransKeys = Boolean(e.MIDTRANS_SERVER_KEY || e.MIDTRANS_SERVER_KEY_SANDBOX);
  const provider = e.PAYMENT_PROVIDER ?? (hasMidtransKeys ? 'midtrans' : 'simulator');
  const production = e.NODE_ENV === 'production';
  // A production server that silently fell back to the simulator would accept fake payments.
  if (production && provider === 'simulator' && e.PAYMENT_PROVIDER !== 'simulator') {
    throw new ConfigError(
      'PAYMENT_PROVIDER: NODE_ENV=production needs Midtrans keys; set PAYMENT_PROVIDER=simulator explicitly to run the payment simulator anyway.',
    );
  }
  if (e.ADMIN_PASSWORD && !e.ADMIN_EMAIL) throw new ConfigError('ADMIN_PASSWORD is set without ADMIN_EMAIL.');
  // Relays reject a sender domain they cannot check (SPF/DKIM/DMARC): no made-up default with SMTP.
  if (e.SMTP_URL && !e.MAIL_FROM)
    throw new ConfigError(
      'SMTP_URL is set without MAIL_FROM: set MAIL_FROM to an address of a domain your SMTP server may send for, e.g. MAIL_FROM="CourtReplay <replay@your-venue.com>".',
    );
  const publicUrl = publicUrlOf(e);
  // Half a key pair is a mistake whichever provider it ends up with (a client key alone would
  // otherwise start the simulator); only an explicit simulator may carry a lone signing key.
  if (provider === 'midtrans' || e.PAYMENT_PROVIDER === undefined) checkMidtransKeyPairs(e);
  if (provider === 'midtrans') checkMidtransKeySlots(e);

  return {
    nodeEnv: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    publicUrl,
    productName: e.PRODUCT_NAME,
    passwordHashing: OWASP_SCRYPT,
    initialAdmin: { email: (e.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL).toLowerCase(), password: e.ADMIN_PASSWORD },
    servePwa: e.SERVE_PWA,
    logLevel: e.LOG_LEVEL,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    pendingPaymentExpiryMs: e.PENDING_PAYMENT_EXPIRY_MINUTES * 60_000,
    retentionDays: e.RETENTION_DAYS,
    kioskOfflineAfterMs: e.KIOSK_OFFLINE_AFTER_SECONDS * 1000,
    trustedProxies: e.TRUSTED_PROXIES,
    openingHours: openingHoursOf(e.OPENING_HOURS),
    payments:
      provider === 'simulator'
        ? { provider, serverKey: e.MIDTRANS_SERVER_KEY }
        : {
            provider,
            live: { serverKey: e.MIDTRANS_SERVER_KEY, clientKey: e.MIDTRANS_CLIENT_KEY },
            sandbox: { serverKey: e.MIDTRANS_SERVER_KEY_SANDBOX, clientKey: e.MIDTRANS_CLIENT_KEY_SANDBOX },
            baseUrls: dropUndefined({
              snapLive: e.MIDTRANS_SNAP_URL,
              apiLive: e.MIDTRANS_API_URL,
              snapSandbox: e.MIDTRANS_SNAP_URL_SANDBOX,
              apiSandbox: e.MIDTRANS_API_URL_SANDBOX,
            }),
            enabledPayments: e.MIDTRANS_ENABLED_PAYMENTS,
            expiryMinutes: e.MIDTRANS_EXPIRY_MINUTES,
          },
    reconcileIntervalMs: e.PAYMENT_RECONCILE_SECONDS * 1000,
    storage:
      e.STORAGE === 'local'
        ? { kind: 'local', limitBytes: e.STORAGE_LIMIT_BYTES, uploadUrlTtlMs: e.UPLOAD_URL_TTL_MINUTES * 60_000 }
        : e.STORAGE === 's3'
          ? s3ConfigOf(e)
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
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? defaultMailFrom(e.PRODUCT_NAME),
      allowPlaintext: e.SMTP_ALLOW_PLAINTEXT,
      ehloName: e.SMTP_EHLO_NAME ?? ehloNameOf(publicUrl),
    },
    whatsapp: whatsappOf(e, production),
  };
}

/**
 * WHATSAPP: cloud (the default when WHATSAPP_ACCESS_TOKEN and WHATSAPP_PHONE_NUMBER_ID are set),
 * outbox (the default outside production without them) or off (the default in production without
 * them). The Cloud API also needs the app secret (webhook signatures), the verify token (webhook
 * set-up) and the template's name; start-up names the first one missing.
 */
function whatsappOf(e: Env, production: boolean): WhatsappConfig {
  const cloudSet = Boolean(e.WHATSAPP_ACCESS_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID);
  const mode = e.WHATSAPP ?? (cloudSet ? 'cloud' : production ? 'off' : 'outbox');
  if (mode === 'off') return { mode };
  if (mode === 'outbox') {
    return {
      mode,
      template: e.WHATSAPP_TEMPLATE ?? DEFAULT_WHATSAPP_TEMPLATE,
      appSecret: e.WHATSAPP_APP_SECRET,
      verifyToken: e.WHATSAPP_VERIFY_TOKEN,
    };
  }
  const required = [
    'WHATSAPP_ACCESS_TOKEN',
    'WHATSAPP_PHONE_NUMBER_ID',
    'WHATSAPP_APP_SECRET',
    'WHATSAPP_VERIFY_TOKEN',
    'WHATSAPP_TEMPLATE',
  ] as const;
  const missing = required.find((name) => !e[name]);
  if (missing)
    throw new ConfigError(
      `${missing} is required for WhatsApp on the Cloud API (WHATSAPP=cloud, or WHATSAPP_ACCESS_TOKEN and WHATSAPP_PHONE_NUMBER_ID set): see docs/services.md (WhatsApp), or set WHATSAPP=off.`,
    );
  return {
    mode,
    apiUrl: e.WHATSAPP_API_URL ?? DEFAULT_WHATSAPP_API_URL,
    accessToken: e.WHATSAPP_ACCESS_TOKEN!,
    phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID!,
    appSecret: e.WHATSAPP_APP_SECRET!,
    verifyToken: e.WHATSAPP_VERIFY_TOKEN!,
    template: e.WHATSAPP_TEMPLATE!,
  };
}

/** PUBLIC_URL's host name, else the machine's: never nodemailer's default, which some relays refuse. */
function ehloNameOf(publicUrl: string | undefined): string {
  if (publicUrl) {
    try {
      return new URL(publicUrl).hostname;
    } catch {
      // a PUBLIC_URL that is no URL falls back to the machine's name
    }
  }
  return hostname();
}

/**
 * Half a key pair fails later and far from its cause (snap.js loaded with an empty client key, or
 * a client key with nothing to sign with), so start-up names the missing variable. The simulator
 * only signs with MIDTRANS_SERVER_KEY, so it needs no pair.
 */
function checkMidtransKeyPairs(e: Env): void {
  const pairs = [
    ['MIDTRANS_SERVER_KEY', 'MIDTRANS_CLIENT_KEY'],
    ['MIDTRANS_SERVER_KEY_SANDBOX', 'MIDTRANS_CLIENT_KEY_SANDBOX'],
  ] as const;
  for (const [server, client] of pairs) {
    if (e[server] && !e[client])
      throw new ConfigError(`${server} is set without ${client}: set both keys from the Midtrans dashboard (Settings > Access Keys).`);
    if (e[client] && !e[server])
      throw new ConfigError(`${client} is set without ${server}: set both keys from the Midtrans dashboard (Settings > Access Keys).`);
  }
}

/**
 * Midtrans keys say what they are: `SB-Mid-server-` / `SB-Mid-client-` in the sandbox,
 * `Mid-server-` / `Mid-client-` in production. A key in the wrong slot fails every payment with a
 * 401 (or, a sandbox key live, takes no real money), so start-up names the variable. Keys in
 * another format (older accounts) are not judged.
 */
function checkMidtransKeySlots(e: Env): void {
  const slots = [
    { name: 'MIDTRANS_SERVER_KEY', role: 'server', sandbox: false },
    { name: 'MIDTRANS_CLIENT_KEY', role: 'client', sandbox: false },
    { name: 'MIDTRANS_SERVER_KEY_SANDBOX', role: 'server', sandbox: true },
    { name: 'MIDTRANS_CLIENT_KEY_SANDBOX', role: 'client', sandbox: true },
  ] as const;
  for (const slot of slots) {
    const match = /^(SB-)?Mid-(server|client)-/.exec(e[slot.name] ?? '');
    if (!match) continue;
    const [, sb, role] = match;
    if (role !== slot.role)
      throw new ConfigError(
        `${slot.name} holds a ${role} key (Mid-${role}-…): the server and client keys are swapped. Copy each from the Midtrans dashboard (Settings > Access Keys).`,
      );
    if (Boolean(sb) !== slot.sandbox)
      throw new ConfigError(
        slot.sandbox
          ? `${slot.name} holds a production key (Mid-${role}-…): put the sandbox key (SB-Mid-${role}-…) here, and the production key in ${slot.name.replace('_SANDBOX', '')}.`
          : `${slot.name} holds a sandbox key (SB-Mid-${role}-…): put the production key (Mid-${role}-…) here, and the sandbox key in ${slot.name}_SANDBOX.`,
      );
  }
}

function dropUndefined<T extends Record<string, string | undefined>>(values: T): { [K in keyof T]?: string } {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: string };
}

export const PUBLIC_URL_REQUIRED =
  'PUBLIC_URL is required when NODE_ENV=production: set it to the address players open links at (e.g. https://replay.example.com).';

/**
 * The one source of player-facing links. PUBLIC_URL when set; required in production. In
 * development, this server's configured host and port (localhost for a wildcard HOST). Never the
 * request's Host header: anyone can send `Host: evil.example` and have it land in a player's e-mail.
 */
export function publicUrlOf(e: Pick<Env, 'PUBLIC_URL' | 'NODE_ENV' | 'HOST' | 'PORT'>): string {
  if (e.PUBLIC_URL) return e.PUBLIC_URL.replace(/\/+$/, '');
  if (e.NODE_ENV === 'production') throw new ConfigError(PUBLIC_URL_REQUIRED);
  const wildcard = ['', '0.0.0.0', '::', '[::]'].includes(e.HOST.trim());
  const host = wildcard ? 'localhost' : e.HOST.includes(':') && !e.HOST.startsWith('[') ? `[${e.HOST}]` : e.HOST;
  return `http://${host}:${e.PORT}`;
}

/**
 * DATABASE_URL: `postgres://` or `postgresql://` for PostgreSQL (a pool of DATABASE_POOL_SIZE
 * connections); otherwise a SQLite file as `file:path`, `sqlite:path` or a bare path.
 */
function resolveDatabase(url: string | undefined, poolSize: number, dataDir: string): DatabaseTarget {
  if (!url) return { kind: 'sqlite', file: resolve(dataDir, DEFAULT_SQLITE_FILE) };
  if (/^postgres(ql)?:\/\//i.test(url)) {
    if (!URL.canParse(url)) throw new ConfigError('DATABASE_URL: not a valid address, e.g. postgres://user:password@host:5432/courtreplay');
    return { kind: 'postgres', url, poolSize };
  }
  // Any other scheme (mysql://, a mistyped postgress://) would otherwise become an odd file name.
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1];
  if (scheme && !/^(file|sqlite)$/i.test(scheme)) {
    throw new ConfigError(`DATABASE_URL: ${scheme}:// is not supported; use postgres://… for PostgreSQL or a SQLite file path.`);
  }
  return { kind: 'sqlite', file: resolve(url.replace(/^(file|sqlite):(\/\/)?/i, '')) };
}
