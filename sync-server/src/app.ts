// Builds the Hono app from injected dependencies, so tests call app.request() in-process.
// Routes are thin: parse with the shared schema, call a service, return.
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import type { Logger } from 'pino';
import type { Clock, Delivery, Mailer, PaymentProvider, StorageProvider } from './adapters/ports.ts';
import { endpoints } from '@courtreplay/shared';
import { adminRoutes } from './admins/admin.routes.ts';
import { apiDocsRoutes } from './api-docs/routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import type { Config } from './config.ts';
import { configRoutes } from './config-entries/config.routes.ts';
import type { Db } from './db/database.ts';
import type { DeviceRow } from './db/queries/devices.ts';
import type { SessionAdmin } from './db/queries/sessions.ts';
import { deviceRoutes } from './devices/device.routes.ts';
import { fieldRoutes } from './fields/field.routes.ts';
import { route } from './http/contract.ts';
import { HttpError } from './http/errors.ts';
import { noStoreForPrivateApi, securityHeaders } from './http/security-headers.ts';
import { promoRoutes } from './promos/promo.routes.ts';
import { venueRoutes } from './venues/venue.routes.ts';
import { purchaseRoutes } from './purchases/routes.ts';
import { paymentRoutes } from './payments/routes.ts';
import { googleDriveRoutes } from './storage/google-drive.routes.ts';
import { uploadStatusRoutes } from './storage/upload-status.routes.ts';
import { uploadRoutes } from './storage/upload.routes.ts';
import { shareRoutes } from './storage/share-page.ts';
import { cmsRoutes, mediaRoutes } from './cms/routes.ts';
import { kioskReportRoutes } from './kiosk-reports/routes.ts';
import type { StoredIntegrationHealth } from './integrations/stored-health.ts';
import { integrationRoutes } from './integrations/integration.routes.ts';

export interface AppDeps {
  db: Db;
  config: Config;
  clock: Clock;
  logger: Logger;
  /** Directory of the built PWA; when set, every non-API path falls back to its index.html. */
  pwaDir?: string;
  /** Optional until main.ts wires the adapters; purchases answer 503 without them. */
  payments?: PaymentProvider;
  delivery?: Delivery;
  /** Local disk or Google Drive (adapters/index.ts picks); storage routes answer 404/503 without it. */
  storage?: StorageProvider;
  mailer?: Mailer;
  /** The integrations' last success/error and credential alerts (Integrations panel, Errors tab). */
  health?: StoredIntegrationHealth;
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
  };
};

const JSON_BODY_LIMIT = 1024 * 1024;
const jsonBodyLimit = bodyLimit({
  maxSize: JSON_BODY_LIMIT,
  onError: () => {
    throw new HttpError(413, 'Request body is too large');
  },
});

/**
 * The routes that stream a file and cap its size themselves. Chosen by path, never by the body's
 * Content-Type: a JSON route parses whatever it is sent, so a "multipart" body sent to the login
 * must meet the same 1 MB limit as JSON.
 */
const isUploadRoute = (path: string): boolean => path.startsWith('/api/storage/upload/') || path.startsWith('/api/admin/cms/upload-');

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(requestId());
  app.use(async (c, next) => {
    const log = deps.logger.child({ requestId: c.get('requestId') });
    c.set('deps', deps);
    c.set('log', log);
    const started = performance.now();
    await next();
    log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) }, 'request');
  });
  app.use(securityHeaders(deps.config));
  app.use('/api/*', noStoreForPrivateApi);
  // Every API body is small JSON except on the upload routes, which limit their files themselves.
  app.use('/api/*', (c, next) => (isUploadRoute(c.req.path) ? next() : jsonBodyLimit(c, next)));

  route(app, endpoints.health).handle(async () => {
    await deps.db.selectFrom('venues').select('id').limit(1).execute();
    return { status: 200, body: { ok: true } };
  });
  app.route('/', apiDocsRoutes());
  app.route('/api/admin', authRoutes());
  app.route('/api/admin/config', configRoutes());
  app.route('/api/admin/integrations', integrationRoutes());
  app.route('/api/admin', adminRoutes());
  app.route('/', venueRoutes());
  app.route('/', fieldRoutes());
  app.route('/api/device', deviceRoutes());
  app.route('/api/promo', promoRoutes());

  app.route('/', purchaseRoutes());
  app.route('/', paymentRoutes());
  app.route('/api/google-drive', googleDriveRoutes());
  app.route('/api/storage/upload-status', uploadStatusRoutes());
  app.route('/api/storage/upload', uploadRoutes());
  app.route('/api/admin/cms', cmsRoutes());
  app.route('/media', mediaRoutes());
  app.route('/d', shareRoutes());
  app.route('/', kioskReportRoutes());
  app.all('/api/*', (c) => c.json({ message: 'Not found' }, 404));
  if (deps.pwaDir) mountPwa(app, deps.pwaDir);
  app.notFound((c) => c.json({ message: 'Not found' }, 404));

  app.onError((err, c) => {
    if (err instanceof HttpError) return c.json({ message: err.message, ...err.extra }, err.status);
    // Hono's own exceptions (e.g. from a middleware) keep their status, in our one shape.
    if (err instanceof HTTPException && err.status < 500) return c.json({ message: err.message || 'The request could not be processed' }, err.status);
    deps.logger.error({ err, requestId: c.get('requestId') }, 'unhandled error');
    return c.json({ message: 'Something went wrong on the server. Please try again.' }, 500);
  });
  return app;
}

/** The built PWA: hashed assets cached for a year, everything else revalidated; SPA fallback. */
function mountPwa(app: Hono<AppEnv>, root: string): void {
  app.use('*', async (c, next) => {
    await next();
    if (c.req.path.startsWith('/api/') || !c.res.ok) return;
    c.header('Cache-Control', c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
  });
  app.use('*', serveStatic({ root }));
  app.get('*', serveStatic({ root, path: 'index.html' }));
}
