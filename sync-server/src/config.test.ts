import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ENV_NAMES } from './config-schema.ts';
import { ConfigError, loadConfig, loadEnvFile, PUBLIC_URL_REQUIRED } from './config.ts';

describe('loadConfig', () => {
  it('serves the embedded defaults with no variables at all', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.productName).toBe('CourtReplay');
    expect(config.payments.provider).toBe('simulator');
    expect(config.storage.kind).toBe('local');
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.database).toMatchObject({ kind: 'sqlite', file: expect.stringMatching(/data\/courtreplay\.sqlite$/) });
  });

  it('reads retention, the kiosk offline window and opening hours, refusing values that cannot work', () => {
    expect(loadConfig({})).toMatchObject({
      retentionDays: 14,
      kioskOfflineAfterMs: 120_000,
      openingHours: { openMinute: 6 * 60, closeMinute: 23 * 60 },
    });
    expect(loadConfig({ RETENTION_DAYS: '30', KIOSK_OFFLINE_AFTER_SECONDS: '300', OPENING_HOURS: '07:30-22:00' })).toMatchObject({
      retentionDays: 30,
      kioskOfflineAfterMs: 300_000,
      openingHours: { openMinute: 7 * 60 + 30, closeMinute: 22 * 60 },
    });
    expect(() => loadConfig({ RETENTION_DAYS: '0' })).toThrow(/RETENTION_DAYS/);
    expect(() => loadConfig({ KIOSK_OFFLINE_AFTER_SECONDS: '20' })).toThrow(/KIOSK_OFFLINE_AFTER_SECONDS must be at least 40/);
    expect(() => loadConfig({ OPENING_HOURS: '6-23' })).toThrow(/OPENING_HOURS must look like 06:00-23:00/);
    expect(() => loadConfig({ OPENING_HOURS: '22:00-06:00' })).toThrow(/open before it closes/);
  });

  it('WHATSAPP: outbox outside production, off in production, cloud with the Cloud API variables, naming the one missing', () => {
    expect(loadConfig({}).whatsapp).toMatchObject({ mode: 'outbox', template: 'courtreplay_clips_ready' });
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://replay.example', PAYMENT_PROVIDER: 'simulator' };
    expect(loadConfig(production).whatsapp).toEqual({ mode: 'off' });
    const cloud = {
      WHATSAPP_ACCESS_TOKEN: 'EAAG-token',
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_APP_SECRET: 'secret',
      WHATSAPP_VERIFY_TOKEN: 'verify',
      WHATSAPP_TEMPLATE: 'courtreplay_clips_ready',
    };
    expect(loadConfig({ ...production, ...cloud }).whatsapp).toMatchObject({ mode: 'cloud', apiUrl: 'https://graph.facebook.com/v21.0' });
    for (const name of ['WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN', 'WHATSAPP_TEMPLATE'] as const) {
      const { [name]: _dropped, ...rest } = cloud;
      expect(() => loadConfig(rest)).toThrow(new RegExp(`^${name} is required`));
    }
    expect(() => loadConfig({ WHATSAPP: 'cloud' })).toThrow(/^WHATSAPP_ACCESS_TOKEN is required/);
    expect(() => loadConfig({ ...cloud, WHATSAPP_PHONE_NUMBER_ID: '+62 812' })).toThrow(/numeric id Meta shows/);
    expect(loadConfig({ ...cloud, WHATSAPP: 'off' }).whatsapp).toEqual({ mode: 'off' });
    expect(loadConfig({ WHATSAPP: '' }).whatsapp.mode).toBe('outbox');
    expect(() => loadConfig({ WHATSAPP: 'sms' })).toThrow(/WHATSAPP must be cloud, outbox or off/);
  });

  it('switches to Midtrans when a server key is set', () => {
    expect(
      loadConfig({ MIDTRANS_SERVER_KEY_SANDBOX: 'SB-Mid-server-x', MIDTRANS_CLIENT_KEY_SANDBOX: 'SB-Mid-client-x' }).payments.provider,
    ).toBe('midtrans');
  });

  it('refuses half a Midtrans key pair, naming the missing variable (live and sandbox, either way round)', () => {
    expect(() => loadConfig({ MIDTRANS_SERVER_KEY_SANDBOX: 'SB-Mid-server-x' })).toThrow(
      /MIDTRANS_SERVER_KEY_SANDBOX is set without MIDTRANS_CLIENT_KEY_SANDBOX/,
    );
    expect(() => loadConfig({ MIDTRANS_SERVER_KEY: 'Mid-server-x' })).toThrow(/MIDTRANS_SERVER_KEY is set without MIDTRANS_CLIENT_KEY\b/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'midtrans', MIDTRANS_CLIENT_KEY: 'Mid-client-x' })).toThrow(
      /MIDTRANS_CLIENT_KEY is set without MIDTRANS_SERVER_KEY\b/,
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'midtrans', MIDTRANS_CLIENT_KEY_SANDBOX: 'c' })).toThrow(
      /MIDTRANS_CLIENT_KEY_SANDBOX is set without MIDTRANS_SERVER_KEY_SANDBOX/,
    );
    // A client key alone must not quietly start the payment simulator: the operator meant Midtrans.
    expect(() => loadConfig({ MIDTRANS_CLIENT_KEY: 'Mid-client-x' })).toThrow(/MIDTRANS_CLIENT_KEY is set without MIDTRANS_SERVER_KEY\b/);
    expect(() => loadConfig({ MIDTRANS_CLIENT_KEY_SANDBOX: 'c' })).toThrow(
      /MIDTRANS_CLIENT_KEY_SANDBOX is set without MIDTRANS_SERVER_KEY_SANDBOX/,
    );
  });

  it('refuses a Midtrans key in the wrong slot, naming the variable', () => {
    const live = { MIDTRANS_SERVER_KEY: 'Mid-server-a', MIDTRANS_CLIENT_KEY: 'Mid-client-a' };
    const sandbox = { MIDTRANS_SERVER_KEY_SANDBOX: 'SB-Mid-server-b', MIDTRANS_CLIENT_KEY_SANDBOX: 'SB-Mid-client-b' };
    expect(loadConfig({ ...live, ...sandbox }).payments.provider).toBe('midtrans');
    // A sandbox server key where the production one belongs.
    expect(() => loadConfig({ ...live, MIDTRANS_SERVER_KEY: 'SB-Mid-server-a' })).toThrow(/MIDTRANS_SERVER_KEY holds a sandbox key/);
    // A production key in the sandbox slot.
    expect(() => loadConfig({ ...sandbox, MIDTRANS_SERVER_KEY_SANDBOX: 'Mid-server-b' })).toThrow(
      /MIDTRANS_SERVER_KEY_SANDBOX holds a production key/,
    );
    expect(() => loadConfig({ ...sandbox, MIDTRANS_CLIENT_KEY_SANDBOX: 'Mid-client-b' })).toThrow(
      /MIDTRANS_CLIENT_KEY_SANDBOX holds a production key/,
    );
    // Client and server keys swapped.
    expect(() => loadConfig({ MIDTRANS_SERVER_KEY: 'Mid-client-a', MIDTRANS_CLIENT_KEY: 'Mid-server-a' })).toThrow(
      /MIDTRANS_SERVER_KEY holds a client key .*swapped/,
    );
    expect(() => loadConfig({ MIDTRANS_SERVER_KEY_SANDBOX: 'SB-Mid-server-b', MIDTRANS_CLIENT_KEY_SANDBOX: 'SB-Mid-server-b' })).toThrow(
      /MIDTRANS_CLIENT_KEY_SANDBOX holds a server key/,
    );
    // The simulator signs with whatever MIDTRANS_SERVER_KEY holds: no slot to judge.
    expect(loadConfig({ PAYMENT_PROVIDER: 'simulator', MIDTRANS_SERVER_KEY: 'SB-Mid-server-sim' }).payments.provider).toBe('simulator');
  });

  it('reads the Midtrans options: base-URL overrides, enabled payments, Snap expiry, reconcile interval', () => {
    const config = loadConfig({
      MIDTRANS_SERVER_KEY: 's',
      MIDTRANS_CLIENT_KEY: 'c',
      MIDTRANS_API_URL: 'http://127.0.0.1:9/api',
      MIDTRANS_SNAP_URL_SANDBOX: 'http://127.0.0.1:9/snap',
      MIDTRANS_ENABLED_PAYMENTS: 'other_qris, gopay',
      MIDTRANS_EXPIRY_MINUTES: '20',
      PAYMENT_RECONCILE_SECONDS: '30',
    });
    expect(config.payments).toMatchObject({
      baseUrls: { apiLive: 'http://127.0.0.1:9/api', snapSandbox: 'http://127.0.0.1:9/snap' },
      enabledPayments: ['other_qris', 'gopay'],
      expiryMinutes: 20,
    });
    expect(config.reconcileIntervalMs).toBe(30_000);
    expect(loadConfig({}).reconcileIntervalMs).toBe(60_000);
    expect(() => loadConfig({ MIDTRANS_ENABLED_PAYMENTS: 'QRIS!' })).toThrow(/MIDTRANS_ENABLED_PAYMENTS/);
    expect(() => loadConfig({ MIDTRANS_API_URL: 'ftp://x' })).toThrow(/MIDTRANS_API_URL/);
    // The empty lines of .env.example mean "unset".
    const blank = loadConfig({ MIDTRANS_SERVER_KEY: 's', MIDTRANS_CLIENT_KEY: 'c', MIDTRANS_SNAP_URL: '', MIDTRANS_ENABLED_PAYMENTS: '' });
    expect(blank.payments).toMatchObject({ baseUrls: {}, enabledPayments: undefined });
  });

  it('reads STORAGE=s3 with the defaults the issue names, and stops on a missing bucket, half a key pair or a bad prefix', () => {
    const s3 = loadConfig({ STORAGE: 's3', S3_BUCKET: 'clips', S3_ACCESS_KEY_ID: 'AKIA', S3_SECRET_ACCESS_KEY: 'secret', S3_ENDPOINT: '' });
    expect(s3.storage).toEqual({
      kind: 's3',
      bucket: 'clips',
      region: 'auto',
      endpoint: undefined,
      accessKeyId: 'AKIA',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      prefix: 'courtreplay/',
      limitBytes: undefined,
      uploadUrlTtlMs: 24 * 3600_000,
    });
    const minio = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'clips',
      S3_ENDPOINT: 'http://minio:9000/',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: '',
    });
    expect(minio.storage).toMatchObject({ endpoint: 'http://minio:9000', forcePathStyle: true, prefix: '' });
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'clips', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'clips', S3_PREFIX: 'courtreplay' })).toThrow(/S3_PREFIX/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'clips', S3_PREFIX: '../x/' })).toThrow(/S3_PREFIX/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'clips', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
  });

  it('stops with a message naming the variable on a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ STORAGE: 'dropbox' })).toThrow(/STORAGE/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db:port/x' })).toThrow(/DATABASE_URL: not a valid address/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '4' })).toThrow(/DATABASE_POOL_SIZE must be at least 5/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db/courtreplay' })).toThrow(/DATABASE_URL: mysql:\/\/ is not supported/);
    expect(() => loadConfig({ DATABASE_URL: 'postgress://db/x' })).toThrow(/DATABASE_URL: postgress:\/\/ is not supported/);
  });

  it('runs on PostgreSQL for a postgres:// or postgresql:// DATABASE_URL, with a pool of DATABASE_POOL_SIZE', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://replay:pw@db.internal:5432/courtreplay' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://replay:pw@db.internal:5432/courtreplay',
      poolSize: 10,
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/x', DATABASE_POOL_SIZE: '25' }).database).toMatchObject({ poolSize: 25 });
    expect(loadConfig({ DATABASE_URL: 'file:/srv/replay.sqlite' }).database).toEqual({ kind: 'sqlite', file: '/srv/replay.sqlite' });
    expect(loadConfig({ DATABASE_URL: 'sqlite:///srv/replay.sqlite' }).database).toEqual({ kind: 'sqlite', file: '/srv/replay.sqlite' });
  });

  it('gives signed upload URLs a day by default: uploads resume, so a week is not needed', () => {
    expect(loadConfig({}).storage.uploadUrlTtlMs).toBe(24 * 3_600_000);
  });

  it('refuses the payment simulator in production unless PAYMENT_PROVIDER=simulator is explicit', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://replay.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://replay.example' })).toThrow(/PAYMENT_PROVIDER/);
    const explicit = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://replay.example', PAYMENT_PROVIDER: 'simulator' });
    expect(explicit.payments.provider).toBe('simulator');
    expect(explicit.production).toBe(true);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://replay.example',
        MIDTRANS_SERVER_KEY: 'Mid-server-x',
        MIDTRANS_CLIENT_KEY: 'Mid-client-x',
      }).payments.provider,
    ).toBe('midtrans');
    expect(loadConfig({}).production).toBe(false);
  });
});

describe('password hashing', () => {
  it("hashes new passwords and PINs with OWASP's scrypt parameters in every environment", () => {
    for (const env of [
      {},
      { NODE_ENV: 'production', PUBLIC_URL: 'https://replay.example.com', PAYMENT_PROVIDER: 'simulator' },
      { NODE_ENV: 'development' },
    ]) {
      expect(loadConfig(env).passwordHashing).toEqual({ N: 2 ** 13, r: 8, p: 10 });
    }
  });
});

describe('public URL', () => {
  it('is required in production, with a message naming PUBLIC_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'simulator' })).toThrow(PUBLIC_URL_REQUIRED);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'simulator', PUBLIC_URL: 'https://replay.example/' }).publicUrl).toBe(
      'https://replay.example',
    );
    expect(() => loadConfig({ PUBLIC_URL: 'replay.example' })).toThrow(/PUBLIC_URL/);
  });

  it('is the configured host and port in development (localhost for a wildcard HOST)', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ HOST: 'kiosk-server.lan', PORT: '9000' }).publicUrl).toBe('http://kiosk-server.lan:9000');
    expect(loadConfig({ HOST: '::1' }).publicUrl).toBe('http://[::1]:8080');
  });
});

describe('the schema and the loader', () => {
  // scripts/docs.test.ts holds .env.example and docs/configuration.md to the schema's list; this
  // holds the loader to it, so a variable cannot be documented and then ignored.
  it('the loader reads every variable the schema declares', () => {
    const loader = readFileSync(new URL('./config.ts', import.meta.url), 'utf8');
    expect(ENV_NAMES.length).toBeGreaterThan(50);
    expect(ENV_NAMES.filter((name) => !new RegExp(`\\b${name}\\b`).test(loader))).toEqual([]);
  });
});

describe('loadEnvFile', () => {
  const touched = ['CR_TEST_FROM_FILE', 'CR_TEST_BOTH'];
  afterEach(() => touched.forEach((k) => delete process.env[k]));

  it('reads a .env file without overriding variables the environment already has', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cr-env-')), '.env');
    writeFileSync(file, 'CR_TEST_FROM_FILE=file\nCR_TEST_BOTH=file\n');
    process.env.CR_TEST_BOTH = 'environment';
    expect(loadEnvFile(file)).toBe(true);
    expect(process.env.CR_TEST_FROM_FILE).toBe('file');
    expect(process.env.CR_TEST_BOTH).toBe('environment');
  });

  it('is a no-op without a file', () => {
    expect(loadEnvFile(join(tmpdir(), 'no-such-dir-cr', '.env'))).toBe(false);
  });
});
