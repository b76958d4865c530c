import { updateConfigRequest } from '@courtreplay/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app.ts';
import { resolveAdmin, resolveDevice, requireSuperAdmin } from '../http/auth.ts';
import { parseJson } from '../http/validation.ts';
import { readConfig, writeConfig } from './config.service.ts';

/**
 * GET: every entry for an authorised kiosk or any admin; anyone else gets only the home screen's
 * media (promo video, background, watermark), which the kiosk shows before it is authorised.
 * PUT: super admins only.
 */
export function configRoutes() {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const admin = await resolveAdmin(c);
      const device = admin ? undefined : await resolveDevice(c);
      const scope = admin || (device?.isAuthorized && device.staging) ? 'all' : device?.isAuthorized ? 'live' : 'public';
      return c.json(await readConfig(c.var.deps, scope));
    })
    .put('/', requireSuperAdmin, async (c) => {
      const { key, value } = await parseJson(c, updateConfigRequest);
      return c.json(await writeConfig(c.var.deps, key, value));
    });
}
