// Picks the real or the embedded adapter for each port from the configuration: Midtrans when keys
// are set (else the simulator), Google Drive when STORAGE=google-drive, a bucket when STORAGE=s3
// (else local disk), SMTP when
// SMTP_URL is set (else the .eml outbox), the WhatsApp Cloud API or its JSON outbox as WHATSAPP says
// (none when off). main.ts spreads the result into the app's dependencies.
import type { Logger } from 'pino';
import { ConfigError } from './config.ts';
import type { Config } from './config-types.ts';
import type { Db } from './db/database.ts';
import { Deliveries } from './delivery/deliveries.ts';
import { MailDelivery } from './delivery/mail-delivery.ts';
import { WhatsappDelivery } from './delivery/whatsapp-delivery.ts';
import { stockPhonePurchase } from './phone-store/stock.ts';
import { GoogleDriveStorage } from './adapters/google-drive.ts';
import { installSecret } from './adapters/install-secret.ts';
import { LocalStorage } from './adapters/local-storage.ts';
import { MidtransProvider } from './adapters/midtrans.ts';
import { OutboxMailer } from './adapters/outbox-mailer.ts';
import { S3Storage } from './adapters/s3-storage.ts';
import type { Clock, Mailer, PaymentProvider, StorageProvider, WhatsappSender } from './adapters/ports.ts';
import { CloudWhatsapp } from './adapters/whatsapp-cloud.ts';
import { OutboxWhatsapp } from './adapters/whatsapp-outbox.ts';
import { SimulatorProvider } from './adapters/simulator.ts';
import { SmtpMailer, type SmtpTimeouts } from './adapters/smtp-mailer.ts';
import type { IntegrationHealth } from './integrations/health.ts';

export interface Adapters {
  payments: PaymentProvider;
  storage: StorageProvider;
  mailer: Mailer;
  /** Undefined when WHATSAPP=off. */
  whatsapp: WhatsappSender | undefined;
  delivery: Deliveries;
}

export interface AdapterContext {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** Where adapters report successes, failures and credential alerts (the Integrations panel). */
  health?: IntegrationHealth;
  /** Overrides for tests (e.g. short retry delays). */
  retryDelaysMs?: number[];
  /** A certificate SMTP may present besides the public CAs' (tests: a self-signed loopback server). */
  smtpCa?: string;
  /** Tests: SMTP waits shorter than a real server needs. */
  smtpTimeouts?: Partial<SmtpTimeouts>;
  /** Tests: how long a Cloud API send may wait for its answer (15 s otherwise). */
  whatsappTimeoutMs?: number;
  /** The secret all instances share (install-secret.ts); without it, one kept in DATA_DIR. */
  installSecret?: string;
  /** Tests: clips in parts from a smaller size, in smaller parts (S3), so a test clip need not be 64 MiB. */
  s3Multipart?: { thresholdBytes: number; partBytes: number };
}

export function createAdapters(config: Config, context: AdapterContext): Adapters {
  const secret = context.installSecret ?? installSecret(config.dataDir);
  const payments: PaymentProvider =
    config.payments.provider === 'simulator'
      ? new SimulatorProvider(config.payments.serverKey ?? secret, context.db)
      : new MidtransProvider({
          live: config.payments.live,
          sandbox: config.payments.sandbox,
          baseUrls: config.payments.baseUrls,
          ...(config.payments.enabledPayments ? { enabledPayments: config.payments.enabledPayments } : {}),
          expiryMinutes: config.payments.expiryMinutes,
          // Brings a kiosk browser back from a redirect-type payment to its own result page.
          ...(config.publicUrl ? { finishUrl: `${config.publicUrl}/payment/success` } : {}),
          ...(context.health ? { health: context.health } : {}),
        });

  const s = config.storage;
  let storage: StorageProvider;
  if (s.kind === 'local') {
    storage = new LocalStorage({
      dataDir: config.dataDir,
      secret,
      limitBytes: s.limitBytes,
      uploadUrlTtlMs: s.uploadUrlTtlMs,
      clock: context.clock,
    });
  } else if (s.kind === 's3') {
    storage = new S3Storage({
      bucket: s.bucket,
      region: s.region,
      endpoint: s.endpoint,
      forcePathStyle: s.forcePathStyle,
      accessKeyId: s.accessKeyId,
      secretAccessKey: s.secretAccessKey,
      prefix: s.prefix,
      limitBytes: s.limitBytes,
      uploadUrlTtlMs: s.uploadUrlTtlMs,
      clock: context.clock,
      ...(context.health ? { health: context.health } : {}),
      ...(context.s3Multipart
        ? { multipartThresholdBytes: context.s3Multipart.thresholdBytes, partBytes: context.s3Multipart.partBytes }
        : {}),
    });
  } else if (s.clientId && s.clientSecret && s.refreshToken) {
    storage = new GoogleDriveStorage({
      auth: { mode: 'oauth', clientId: s.clientId, clientSecret: s.clientSecret, refreshToken: s.refreshToken, tokenUrl: s.tokenUrl },
      ...driveCommon(s, context),
    });
  } else if (s.serviceAccountKeyFile && s.sharedDriveId) {
    storage = new GoogleDriveStorage({
      auth: { mode: 'service-account', keyFile: s.serviceAccountKeyFile, sharedDriveId: s.sharedDriveId },
      ...driveCommon(s, context),
    });
  } else {
    throw new ConfigError(
      'STORAGE=google-drive needs either GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and GOOGLE_REFRESH_TOKEN (run `npm run drive:connect`), or GOOGLE_SERVICE_ACCOUNT_KEY_FILE and GOOGLE_SHARED_DRIVE_ID.',
    );
  }

  const mailer = createMailer(config, context);

  const mail = new MailDelivery({
    db: context.db,
    mailer,
    clock: context.clock,
    logger: context.logger.child({ component: 'delivery' }),
    productName: config.productName,
    publicUrl: config.publicUrl,
    retentionDays: config.retentionDays,
    ...(context.retryDelaysMs ? { retryDelaysMs: context.retryDelaysMs } : {}),
    ...(context.health ? { health: context.health } : {}),
  });
  const whatsapp = createWhatsapp(config, context);
  const whatsappDelivery =
    whatsapp && config.whatsapp.mode !== 'off'
      ? new WhatsappDelivery({
          db: context.db,
          sender: whatsapp,
          template: config.whatsapp.template,
          clock: context.clock,
          logger: context.logger.child({ component: 'whatsapp' }),
          publicUrl: config.publicUrl,
          ...(context.retryDelaysMs ? { retryDelaysMs: context.retryDelaysMs } : {}),
          ...(context.health ? { health: context.health } : {}),
        })
      : undefined;
  const stockDeps = { db: context.db, clock: context.clock, storage, logger: context.logger.child({ component: 'phone-store' }), config };
  // A copy that fails (the storage down) is tried again at the purchase's next change and by the upkeep.
  const stock = (purchaseId: string) =>
    stockPhonePurchase(stockDeps, purchaseId).catch((err: unknown) =>
      stockDeps.logger.error({ err, purchaseId }, "copying a phone purchase's clips failed"),
    );
  const delivery = new Deliveries(context.db, mail, whatsappDelivery, stock);
  return { payments, storage, mailer, whatsapp, delivery };
}

function createWhatsapp(config: Config, context: AdapterContext): WhatsappSender | undefined {
  const w = config.whatsapp;
  if (w.mode === 'off') return undefined;
  if (w.mode === 'outbox') return new OutboxWhatsapp(config.dataDir, context.clock, context.logger);
  return new CloudWhatsapp({
    apiUrl: w.apiUrl,
    accessToken: w.accessToken,
    phoneNumberId: w.phoneNumberId,
    ...(context.health ? { health: context.health } : {}),
    ...(context.whatsappTimeoutMs ? { timeoutMs: context.whatsappTimeoutMs } : {}),
  });
}

function createMailer(config: Config, context: AdapterContext): Mailer {
  const { smtpUrl, from, allowPlaintext, ehloName } = config.mail;
  if (!smtpUrl) return new OutboxMailer(config.dataDir, from, context.clock, context.logger, config.productName);
  if (allowPlaintext && /^smtp:/i.test(smtpUrl)) {
    context.logger.warn(
      'SMTP_ALLOW_PLAINTEXT=true: if the SMTP server offers no STARTTLS, the SMTP password and every e-mail cross the network unencrypted',
    );
  }
  return new SmtpMailer({
    url: smtpUrl,
    from,
    ehloName,
    allowPlaintext,
    productName: config.productName,
    ...(context.health ? { health: context.health } : {}),
    ...(context.smtpCa ? { ca: context.smtpCa } : {}),
    ...(context.smtpTimeouts ? { timeouts: context.smtpTimeouts } : {}),
  });
}

/** What both Drive modes share: folders, limit, Google's hosts, health and the trash notice. */
function driveCommon(s: Extract<Config['storage'], { kind: 'google-drive' }>, context: AdapterContext) {
  return {
    parentFolderId: s.parentFolderId,
    limitBytes: s.limitBytes,
    apiUrl: s.apiUrl,
    ...(context.health ? { health: context.health } : {}),
    onTrashedInstead: (count: number) =>
      context.logger.warn(
        { count },
        'Google Drive clean-up moved files to the trash: this role cannot delete (a shared drive Manager can).',
      ),
  };
}
