// What the rest of the server sees of its configuration: the Config that config.ts builds from the
// environment, and the defaults it fills in where a variable is left unset.
import type { ScryptParams } from './auth/password.ts';
import type { Env } from './config-schema.ts';

export interface Config {
  nodeEnv: string | undefined;
  /** NODE_ENV=production: the simulator needs PAYMENT_PROVIDER=simulator set explicitly. */
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** DATABASE_URL: a SQLite file (the default, in DATA_DIR) or a PostgreSQL server. */
  database: DatabaseTarget;
  /** The origin of every link a player receives (share page, e-mail, upload URLs); see publicUrlOf. */
  publicUrl: string;
  productName: string;
  initialAdmin: { email: string; password: string } | { email: string; password?: undefined };
  /**
   * scrypt parameters for new password and PIN hashes: OWASP's, always (no variable lowers them).
   * Only the in-process test app (testing/index.ts) makes them cheap, as it does for seeded admins.
   */
  passwordHashing: ScryptParams;
  servePwa: boolean;
  logLevel: Env['LOG_LEVEL'];
  sessionTtlMs: number;
  pendingPaymentExpiryMs: number;
  /** How many days a purchase's clips are kept in storage: told to players, then removed. */
  retentionDays: number;
  /** Kiosk health: a kiosk silent this long shows offline (2 minutes by default). */
  kioskOfflineAfterMs: number;
  /** TRUSTED_PROXIES: reverse proxies whose X-Forwarded-For names the client (login throttle). */
  trustedProxies: string[];
  /** Venue-local minutes of the day [open, close) in which a kiosk's folder should be getting clips. */
  openingHours: { openMinute: number; closeMinute: number };
  payments:
    | { provider: 'simulator'; serverKey: string | undefined }
    | {
        provider: 'midtrans';
        live: { serverKey: string | undefined; clientKey: string | undefined };
        sandbox: { serverKey: string | undefined; clientKey: string | undefined };
        /** Overrides of the official hosts (pre-production tests against an imitation). */
        baseUrls: { snapLive?: string; apiLive?: string; snapSandbox?: string; apiSandbox?: string };
        enabledPayments: string[] | undefined;
        expiryMinutes: number;
      };
  /** Base interval of the payment reconciler (backoff grows from it up to an hour). */
  reconcileIntervalMs: number;
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
      }
    | {
        kind: 's3';
        limitBytes: number | undefined;
        uploadUrlTtlMs: number;
        bucket: string;
        region: string;
        /** Empty for Amazon S3; an R2, MinIO or other S3-compatible endpoint otherwise. */
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
        /** Every object key starts with it ('' or ending with '/'). */
        prefix: string;
      };
  mail: {
    smtpUrl: string | undefined;
    from: string;
    /** smtp:// without STARTTLS is refused unless SMTP_ALLOW_PLAINTEXT=true (then a warning at start-up). */
    allowPlaintext: boolean;
    /** The name this server gives in EHLO: SMTP_EHLO_NAME, else PUBLIC_URL's host, else the machine's hostname. */
    ehloName: string;
  };
  /** Clips on WhatsApp: see whatsappOf. */
  whatsapp: WhatsappConfig;
}

/** The Graph API version this product was written against; WHATSAPP_API_URL overrides the whole base. */
export const DEFAULT_WHATSAPP_API_URL = 'https://graph.facebook.com/v21.0';
/** The template name docs/services.md's setup submits, for the outbox (the Cloud API needs WHATSAPP_TEMPLATE). */
export const DEFAULT_WHATSAPP_TEMPLATE = 'courtreplay_clips_ready';

export type WhatsappConfig =
  | { mode: 'off' }
  | {
      mode: 'outbox';
      template: string;
      /** Optional in the outbox: without it the webhook answers 503. */
      appSecret: string | undefined;
      verifyToken: string | undefined;
    }
  | {
      mode: 'cloud';
      apiUrl: string;
      accessToken: string;
      phoneNumberId: string;
      appSecret: string;
      verifyToken: string;
      template: string;
    };
export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; poolSize: number };

/** The SQLite file in DATA_DIR when DATABASE_URL is unset. */
export const DEFAULT_SQLITE_FILE = 'courtreplay.sqlite';
/** The first admin's e-mail when ADMIN_EMAIL is unset. */
export const DEFAULT_ADMIN_EMAIL = 'admin@courtreplay.local';
/** The sender without SMTP (mail goes to .eml files, so no relay judges the domain). */
export const defaultMailFrom = (productName: string): string => `${productName} <no-reply@courtreplay.local>`;
