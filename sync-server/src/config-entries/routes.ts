import { currentAdmin } from '../http/auth.ts';
import { endpoints } from '@courtreplay/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app.ts';
import { resolveDevice, settledAdmin } from '../http/auth.ts';
import { route } from '../http/contract.ts';
import { readConfig, writeConfig } from './service.ts';

/**
 * GET: every entry for an authorised kiosk or any admin; anyone else gets only the home screen's
 * media (promo video, background, watermark), which the kiosk shows before it is authorised.
 * PUT: super admins only.
 */
export function configRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, endpoints.getConfig).handle(async (c) => {
    // An admin on a one-time password reads nothing until they set their own (403, as elsewhere).
    const admin = await settledAdmin(c);
    const device = admin ? undefined : await resolveDevice(c);
    const scope = admin || (device?.isAuthorized && device.staging) ? 'all' : device?.isAuthorized ? 'live' : 'public';
    return { status: 200, body: await readConfig(c.var.deps, scope) };
  });
  route(app, endpoints.updateConfig).handle(async (c, { body: { key, value } }) => ({
    status: 200,
    body: await writeConfig(c.var.deps, currentAdmin(c), key, value),
  }));
  return app;
}
