import { endpoints } from '@courtreplay/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { currentAdmin, resolveDevice, settledAdmin } from '../http/auth.ts';
import { route } from '../http/contract.ts';
import { kioskConfigScope, readConfig, readConfigForAdmin, writeConfig } from './service.ts';

/**
 * GET: every entry for an authorised kiosk (its own venue's in force, whatever it asks) or any
 * admin (globally, or one venue's); anyone else gets only the home screen's media (promo video,
 * background, watermark), which the kiosk shows before it is authorised.
 * PUT: global entries by super admins; a venue's own by its admins or a super admin.
 */
export function configRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, endpoints.getConfig).handle(async (c, { query }) => {
    // An admin on a one-time password reads nothing until they set their own (403, as elsewhere).
    const admin = await settledAdmin(c);
    if (admin) return { status: 200, body: await readConfigForAdmin(c.var.deps, admin, query.venueId) };
    const device = await resolveDevice(c);
    return { status: 200, body: await readConfig(c.var.deps, kioskConfigScope(device), device?.isAuthorized ? device.venueId : undefined) };
  });
  route(app, endpoints.updateConfig).handle(async (c, { body }) => ({
    status: 200,
    body: await writeConfig(c.var.deps, currentAdmin(c), body),
  }));
  return app;
}
