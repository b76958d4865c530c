// Builds the Hono app from injected dependencies, so tests call app.request() in-process.
// Routes are thin: parse with the shared schema, call a service, return.
import { findRoute, SERVER_MESSAGES, type EndpointDefinition } from '@courtreplay/shared';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { SHARE_PATH } from './adapters/local-storage.ts';
import { isPaymentSimulator, isSelfHostedStorage, sharesFolders } from './adapters/ports.ts';
import { endpoints } from '@courtreplay/shared';
import { adminRoutes } from './admins/routes.ts';
import { auditRoutes } from './audit/routes.ts';
import { apiDocsRoutes } from './api-docs/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { configRoutes } from './config-entries/routes.ts';
import { deviceRoutes } from './devices/routes.ts';
import { staffPinRoutes } from './staff-pin/routes.ts';
import { fieldRoutes } from './fields/routes.ts';
import { checkDatabase } from './db/database.ts';
import { DomainError, type DomainErrorCode } from './errors.ts';
import { route } from './http/contract.ts';
import { loggedPath } from './http/access-log.ts';
import { noStoreForPrivateApi, securityHeaders } from './http/security-headers.ts';
import { refuseDeepJson, refuseNulInAddress } from './http/validation.ts';
import { promoRoutes } from './promos/routes.ts';
import { venueRoutes } from './venues/routes.ts';
import { purchaseRoutes } from './purchases/routes.ts';
import { paymentRoutes, simulatorRoutes } from './payments/routes.ts';
import { storageRoutes } from './storage/routes.ts';
import { shareRoutes } from './storage/share-page.ts';
import { uploadRoutes } from './storage/upload.routes.ts';
import { cmsRoutes, mediaRoutes } from './cms/routes.ts';
import { kioskReportRoutes } from './kiosk-reports/routes.ts';
import { errorLogRoutes } from './error-log/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { setupRoutes } from './setup/routes.ts';
import { phonePageRoutes } from './phone-page/routes.ts';
import { courtMarkRoutes } from './court-marks/routes.ts';
import { recorderRoutes } from './recorders/routes.ts';
import { markClipRoutes } from './mark-clips/routes.ts';
import { phoneStoreRoutes } from './phone-store/routes.ts';
import { recorderDownloadRoutes } from './recorders/download.ts';
import { MarkSignal } from './recorders/mark-signal.ts';
import { throttleWrongCredentials } from './http/auth.ts';
import { TokenThrottle } from './http/token-throttle.ts';
import { whatsappRoutes } from './whatsapp/routes.ts';
import { integrationRoutes } from './integrations/routes.ts';
import type { AppDeps, AppEnv } from './app-env.ts';

// The app's types live in a leaf module so that features can name them without importing app.ts
// (which imports every feature): import them from './app-env.ts'.
export type { AppDeps, AppEnv } from './app-env.ts';

/** The one mapping from a domain error to an HTTP status; the body is always `{ message, ...extra }`. */
/** The one place a domain error becomes an HTTP status. */
export const STATUS_OF: Record<DomainErrorCode, ContentfulStatusCode> = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  too_many_requests: 429,
  upstream_failed: 502,
  unavailable: 503,
  insufficient_storage: 507,
  bad_range: 416,
};

const JSON_BODY_LIMIT = 1024 * 1024;
const jsonBodyLimit = bodyLimit({
  maxSize: JSON_BODY_LIMIT,
  onError: () => {
    throw new DomainError('payload_too_large', SERVER_MESSAGES.request.tooLarge);
  },
});

/**
 * The routes that stream a file and cap its size themselves. Chosen by path, never by the body's
 * Content-Type: a JSON route parses whatever it is sent, so a "multipart" body sent to the login
 * must meet the same 1 MB limit as JSON.
 */
const isUploadRoute = (path: string): boolean => path.startsWith('/api/storage/upload/') || path.startsWith('/api/admin/cms/upload-');

/**
 * Whether the call reads a JSON body: every API path but the uploads and the calls whose
 * definition takes no body (those never read what is sent, and answer as if nothing were).
 */
const readsJsonBody = (method: string, path: string): boolean => {
  if (isUploadRoute(path)) return false;
  const name = findRoute(method, path);
  return name === undefined || (endpoints[name] as EndpointDefinition).body !== undefined;
};

/**
 * GET /api/device/{deviceId} and its heartbeat: what every open kiosk sends by itself, every few
 * seconds; and a venue recorder's setup, status and marks, every 10 s or held open in turn.
 */
const DEVICE_POLLS: ReadonlySet<string | undefined> = new Set([
  'getDevice',
  'deviceHeartbeat',
  'recorderSetup',
  'recorderStatus',
  'recorderMarks',
  'reportMarkState',
  'phoneRallies',
]);
const isDevicePoll = (method: string, path: string): boolean => DEVICE_POLLS.has(findRoute(method, path));

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // One signal per app: a mark posted here wakes the recorders' long-polls waiting here.
  deps.marks ??= new MarkSignal();
  deps.tokenThrottle ??= new TokenThrottle();
  // First of all: a throttled address's wrong tokens cost no lookup, no parsing and no log line.
  app.use('/api/*', throttleWrongCredentials(deps));
  app.use(requestId());
  app.use(async (c, next) => {
    const log = deps.logger.child({ requestId: c.get('requestId') });
    c.set('deps', deps);
    c.set('log', log);
    const started = performance.now();
    await next();
    // Paths carry the phone page's token and the share page's folder id: logged masked.
    const line = { method: c.req.method, path: loggedPath(c.req.path), status: c.res.status, ms: Math.round(performance.now() - started) };
    // Every open kiosk asks about itself every few seconds: a normal answer is debug, not news.
    if (isDevicePoll(c.req.method, c.req.path) && c.res.status < 500) log.debug(line, 'request');
    else log.info(line, 'request');
  });
  app.use(securityHeaders(deps.config));
  app.use(refuseNulInAddress);
  app.use('/api/*', noStoreForPrivateApi);
  // Every API body is small JSON except on the upload routes, which limit their files themselves.
  app.use('/api/*', (c, next) => (isUploadRoute(c.req.path) ? next() : jsonBodyLimit(c, next)));
  app.use('/api/*', (c, next) => (readsJsonBody(c.req.method, c.req.path) ? refuseDeepJson(c, next) : next()));
  // The phone's calls outside /api (the store's, the phone page's) take small JSON too; its pages' forms are small.
  // What a phone on mobile data downloads (pages, scripts, state) goes gzipped; clips and ZIPs do not compress.
  for (const phonePath of ['/c/*', '/p/*']) {
    app.use(phonePath, compress());
    app.use(phonePath, jsonBodyLimit);
    app.use(phonePath, (c, next) => (c.req.method === 'POST' && findRoute(c.req.method, c.req.path) ? refuseDeepJson(c, next) : next()));
  }

  route(app, endpoints.health).handle(async () => {
    await checkDatabase(deps.db);
    return { status: 200, body: { ok: true } };
  });
  route(app, endpoints.productInfo).handle(async () => ({
    status: 200,
    body: {
      productName: deps.config.productName,
      publicUrl: deps.config.publicUrl,
      retentionDays: deps.config.retentionDays,
      whatsapp: deps.config.whatsapp.mode !== 'off',
    },
  }));
  app.route('/', apiDocsRoutes());
  app.route('/', authRoutes());
  app.route('/', configRoutes());
  app.route('/', integrationRoutes());
  app.route('/', adminRoutes());
  app.route('/', auditRoutes());
  app.route('/', venueRoutes());
  app.route('/', fieldRoutes());
  app.route('/', deviceRoutes());
  app.route('/', staffPinRoutes());
  app.route('/', promoRoutes());

  app.route('/', purchaseRoutes());
  app.route('/', paymentRoutes());
  app.route('/', storageRoutes());
  app.route('/', cmsRoutes());
  app.route('/media', mediaRoutes());
  app.route('/', kioskReportRoutes());
  app.route('/', errorLogRoutes());
  app.route('/', reportRoutes());
  app.route('/', setupRoutes());
  app.route('/', phonePageRoutes());
  app.route('/', phoneStoreRoutes());
  app.route('/', courtMarkRoutes());
  app.route('/', recorderRoutes());
  app.route('/', markClipRoutes());
  app.route('/', recorderDownloadRoutes());
  app.route('/', whatsappRoutes());
  // Embedded adapters stand in for a provider's own pages (pay panel, upload URLs, share page),
  // which are mounted here; a real provider has none, and those paths answer 404 like any other.
  if (deps.payments && isPaymentSimulator(deps.payments)) app.route('/', simulatorRoutes(deps.payments));
  if (deps.storage && isSelfHostedStorage(deps.storage)) app.route('/', uploadRoutes(deps.storage));
  // The e-mail's /d/ link for a storage that is not Google Drive (local disk, a private bucket).
  if (deps.storage && sharesFolders(deps.storage)) app.route(SHARE_PATH.slice(0, -1), shareRoutes(deps.storage));
  app.all(`${SHARE_PATH}*`, (c) => c.json({ message: SERVER_MESSAGES.request.notFound }, 404));
  app.all('/api/*', (c) => c.json({ message: SERVER_MESSAGES.request.notFound }, 404));
  if (deps.pwaDir) mountPwa(app, deps.pwaDir);
  app.notFound((c) => c.json({ message: SERVER_MESSAGES.request.notFound }, 404));

  app.onError((err, c) => {
    if (err instanceof DomainError) {
      // A refusal that names its wait says it the standard way too, for clients that read only the header.
      const retryAfter = err.extra?.retryAfterSeconds;
      if (typeof retryAfter === 'number') c.header('Retry-After', String(retryAfter));
      return c.json({ message: err.message, ...err.extra }, STATUS_OF[err.code]);
    }
    // Hono's own exceptions (e.g. from a middleware) keep their status, in our one shape.
    if (err instanceof HTTPException && err.status < 500)
      return c.json({ message: err.message || SERVER_MESSAGES.request.notProcessed }, err.status);
    deps.logger.error({ err, requestId: c.get('requestId') }, 'unhandled error');
    return c.json({ message: SERVER_MESSAGES.request.serverError }, 500);
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
