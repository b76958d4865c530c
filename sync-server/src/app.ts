// Builds the Hono app from injected dependencies, so tests call app.request() in-process.
// Routes are thin: parse with the shared schema, call a service, return.
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Clock } from './adapters/ports.ts';
import { HttpError } from './http/errors.ts';

export interface AppDeps {
  db: Db;
  config: Config;
  clock: Clock;
  logger: Logger;
  /** Directory of the built PWA; when set, every non-API path falls back to its index.html. */
  pwaDir?: string;
}

export type AppEnv = { Variables: { requestId: string } };

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(requestId());

  app.get('/api/health', async (c) => {
    return c.json({ ok: true });
  });

  app.all('/api/*', (c) => c.json({ message: 'Not found' }, 404));

  app.onError((err, c) => {
    if (err instanceof HttpError) return c.json({ message: err.message, ...err.extra }, err.status);
    deps.logger.error({ err, requestId: c.get('requestId') }, 'unhandled error');
    return c.json({ message: 'Something went wrong on the server. Please try again.' }, 500);
  });
  return app;
}
