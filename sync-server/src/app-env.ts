// The types of the app's context: its injected dependencies (AppDeps) and what a request carries
// (AppEnv). A leaf module: it imports only types from below the features' routes, so every feature
// can name them without importing app.ts, which imports every feature (`madge --circular` in
// `npm run lint` holds the server free of import circles).
import type { Logger } from 'pino';
import type { Clock, Delivery, Mailer, PaymentProvider, StorageProvider, WhatsappSender } from './adapters/ports.ts';
import type { SessionAdmin } from './auth/venue-access.ts';
import type { Config } from './config-types.ts';
import type { Db } from './db/database.ts';
import type { DeviceRow } from './devices/queries.ts';
import type { StoredIntegrationHealth } from './integrations/stored-health.ts';
import type { MarkSignal } from './recorders/mark-signal.ts';
import type { RecorderRow } from './recorders/queries.ts';
import type { TokenThrottle } from './http/token-throttle.ts';

export interface AppDeps {
  db: Db;
  config: Config;
  clock: Clock;
  logger: Logger;
  /** Directory of the built PWA; when set, every non-API path falls back to its index.html. */
  pwaDir?: string;
  /** The recorder's one file that `npm run build` makes, offered at GET /downloads/recorder.mjs. */
  recorderDownload?: string;
  /** Optional until main.ts wires the adapters; purchases answer 503 without them. */
  payments?: PaymentProvider;
  delivery?: Delivery;
  /** Local disk or Google Drive (adapters-setup.ts picks); storage routes answer 404/503 without it. */
  storage?: StorageProvider;
  mailer?: Mailer;
  /** The WhatsApp Cloud API or its outbox; undefined when WHATSAPP=off. */
  whatsapp?: WhatsappSender;
  /** The integrations' last success/error and credential alerts (Integrations panel, Errors tab). */
  health?: StoredIntegrationHealth;
  /** Wakes the recorders' long-polls when a mark is stored; createApp makes one when none is given. */
  marks?: MarkSignal;
  /** Throttles addresses that send wrong tokens; createApp makes one when none is given. */
  tokenThrottle?: TokenThrottle;
  /** Tests: an answer that its endpoint definition does not allow fails loudly (http/contract.ts). */
  contractCheck?: boolean;
}

export type AppEnv = {
  Variables: {
    requestId: string;
    deps: AppDeps;
    /** The request's logger, carrying its request id. */
    log: Logger;
    /** Set by requireAdmin / requireSuperAdmin / requireDeviceOrAdmin. */
    admin?: SessionAdmin;
    /** Set by requireAuthorisedDevice / requireDeviceOrAdmin. */
    device?: DeviceRow;
    /** Set by requireRecorder: the venue recorder whose bearer token came with the call. */
    recorder?: RecorderRow;
  };
};
