// Start-up: read the environment, open the database, run migrations, pick adapters, serve.
import { createAdaptorServer, serve, type ServerType } from '@hono/node-server';
import type { Server as HttpServer, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import pino from 'pino';
import { createApp } from './app.ts';
import type { DatabaseTarget } from './config-types.ts';
import { ConfigError, loadConfig, loadEnvFile } from './config.ts';
import { sql } from 'kysely';
import { migrateToLatestOrThrow, openConfiguredDatabase, type Db } from './db/database.ts';
import { holdBootLock } from './db/liveness.ts';
import { systemClock } from './adapters/ports.ts';
import { startPurchaseMaintenance } from './purchases/maintenance.ts';
import { startClipRetention } from './purchases/retention.ts';
import { createPaymentReconciler } from './payments/reconciler.ts';
import { createAdapters } from './adapters-setup.ts';
import { sharedInstallSecret } from './adapters/install-secret.ts';
import { ensureInitialAdmin } from './admins/initial-admin.ts';
import { StoredIntegrationHealth } from './integrations/stored-health.ts';
import { ensurePrivateDirSync } from './private-files.ts';
import { REPO_ROOT, serverFile } from './paths.ts';
import { stdoutLogSink } from './log-sink.ts';
import { maskedDestination, maskedLogOptions } from './log-masking.ts';
import { MarkSignal } from './recorders/mark-signal.ts';
import { armStopWatchdog } from './stop-watchdog.ts';

/** A stop's grace period: the process is gone this long after SIGTERM, whatever happens. */
const SHUTDOWN_GRACE_MS = 20_000;
/** How long of it the requests and sends in progress get; the rest is for the orderly exit. */
const REQUEST_GRACE_MS = SHUTDOWN_GRACE_MS - 4_000;

async function main() {
  loadEnvFile();
  let config = loadConfig();
  // PORT=0 (the tests): the kernel picks a free port, bound before anything else, and the
  // configuration is read again with it so the links made without a PUBLIC_URL name the real port.
  const early = config.port === 0 ? await listenFirst(config.host) : undefined;
  if (early) config = loadConfig({ ...process.env, PORT: String(early.port) });
  const logger = pino({ level: config.logLevel, name: 'courtreplay', ...maskedLogOptions }, maskedDestination(stdoutLogSink()));
  ensurePrivateDirSync(config.dataDir); // players' data: only the server's user may read it
  const db = openConfiguredDatabase(config.database);
  await reachDatabase(db, config.database);
  await migrateToLatestOrThrow(db);
  // PostgreSQL: other instances see this process alive while it holds its lock (db/liveness.ts).
  const releaseBootLock = config.database.kind === 'postgres' ? await holdBootLock(config.database.url, logger) : async () => {};
  await ensureInitialAdmin({ db, config, clock: systemClock, logger });
  const pwaDir = config.servePwa ? join(REPO_ROOT, 'pwa/dist') : undefined;
  const health = await StoredIntegrationHealth.load(db, systemClock, logger.child({ component: 'integrations' }));
  const secret = await sharedInstallSecret(db, config.dataDir, systemClock.now());
  const adapters = createAdapters(config, { db, clock: systemClock, logger, health, installSecret: secret });
  if (config.production && config.payments.provider === 'simulator') {
    logger.warn(
      'WARNING: the payment simulator is running under NODE_ENV=production (PAYMENT_PROVIDER=simulator); no real payment is taken',
    );
  }
  logger.info(
    `adapters: payments=${adapters.payments.name}, storage=${adapters.storage.name}, mail=${adapters.mailer.name}, whatsapp=${adapters.whatsapp?.name ?? 'off'}`,
  );
  const marks = new MarkSignal();
  const recorderDownload = serverFile('dist/recorder.mjs');
  const app = createApp({ db, config, clock: systemClock, logger, pwaDir, recorderDownload, health, marks, ...adapters });
  await adapters.delivery.start();
  // This line is how whoever started the server learns that it serves, and on which port (PORT=0):
  // shown whatever LOG_LEVEL (scripts/server-process.mjs waits for it).
  const serving = (port: number) =>
    logger.child({}, { level: 'info' }).info(`CourtReplay is serving on http://localhost:${port} (data in ${config.dataDir})`);
  const server = early
    ? early.serve(app.fetch, serving)
    : serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => serving(info.port));
  const stopMaintenance = startPurchaseMaintenance({ db, clock: systemClock, config, logger });
  const stopRetention = startClipRetention({
    db,
    clock: systemClock,
    config,
    storage: adapters.storage,
    logger: logger.child({ component: 'retention' }),
  });
  const reconciler = createPaymentReconciler({
    db,
    clock: systemClock,
    config,
    ...adapters,
    logger: logger.child({ component: 'reconciler' }),
  });
  const stopReconciler = reconciler.start();
  // A stop (deploy, restart) lets the requests in progress finish (a purchase waiting on Snap, an
  // upload) and the e-mails being sent go out, for up to REQUEST_GRACE_MS; new connections are
  // refused at once, so a proxy in front sends them to the other instance. Whatever then holds the
  // exit (a log pipe without a reader, a lock), the watchdog ends the process at SHUTDOWN_GRACE_MS.
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    armStopWatchdog(SHUTDOWN_GRACE_MS);
    logger.info('stopping: finishing the requests in progress');
    stopMaintenance();
    stopRetention();
    adapters.delivery.stop();
    stopReconciler();
    // Recorders' long-polls answer now instead of holding the stop for up to 25 s.
    marks.close();
    setTimeout(() => {
      logger.warn(`stopped after ${REQUEST_GRACE_MS / 1000} s with requests still in progress`);
      process.exit(0);
    }, REQUEST_GRACE_MS).unref();
    server.close(() => {
      logger.info('stopping: every connection is closed, waiting for the sends in progress');
      void adapters.delivery
        .idle()
        .then(() => {
          logger.info('stopping: no send in progress, closing the database');
          return Promise.allSettled([releaseBootLock(), db.destroy()]);
        })
        .finally(() => {
          logger.info('stopped: every request in progress was answered');
          process.exit(0);
        });
    });
    closeIdleConnections();
    (server as Partial<HttpServer>).getConnections?.((_err, open) => {
      if (open > 0) logger.info(`stopping: ${open} connections still open`);
    });
  };
  // A kept-alive connection would hold the stop open: once a response in progress is sent, its
  // connection goes too.
  const closeIdleConnections = () => (server as Partial<HttpServer>).closeIdleConnections?.();
  server.on('request', (_req: unknown, res: ServerResponse) => {
    res.once('finish', () => {
      if (stopping) setImmediate(closeIdleConnections);
    });
  });
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

type FetchCallback = Parameters<typeof createAdaptorServer>[0]['fetch'];

/**
 * PORT=0: listens on a port the kernel picks before the app exists, answering 503 until serve()
 * hands it the app (then it is ready at once: nothing else could have taken the port meanwhile).
 */
async function listenFirst(
  host: string,
): Promise<{ port: number; serve(app: FetchCallback, serving: (port: number) => void): ServerType }> {
  let answer: FetchCallback = () => new Response('starting', { status: 503, headers: { 'Retry-After': '1' } });
  const server = createAdaptorServer({ fetch: (request, env) => answer(request, env) });
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(0, host, () => {
      server.off('error', failed);
      listening();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    serve(app, serving) {
      answer = app;
      serving(port);
      return server;
    },
  };
}

/** Stops with a plain message when PostgreSQL cannot be used, rather than a migration's stack trace. */
async function reachDatabase(db: Db, target: DatabaseTarget): Promise<void> {
  if (target.kind !== 'postgres') return;
  try {
    await sql`select 1`.execute(db);
  } catch (err) {
    await db.destroy();
    const { hostname, port, pathname } = new URL(target.url); // not the password
    throw new ConfigError(
      `DATABASE_URL: cannot use PostgreSQL at ${hostname}:${port || 5432}${pathname}: ${(err as Error).message}. ` +
        'Check that the server runs and listens there, that it accepts this user and password, and that the database exists.',
    );
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof ConfigError ? err.message : String((err as Error)?.stack ?? err)}\n`);
  process.exit(1);
});
