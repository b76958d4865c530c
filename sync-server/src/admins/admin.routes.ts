import { ADMIN_MESSAGES, createAdminRequest } from '@courtreplay/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app.ts';
import { listVenues } from '../venues/queries.ts';
import { currentAdmin, requireSuperAdmin } from '../http/auth.ts';
import { parseIdParam, parseJson } from '../http/validation.ts';
import { allAdmins, createAdmin, removeAdmin } from './admin.service.ts';

/** Admin management: super admins only (403 for an admin). */
export function adminRoutes() {
  return new Hono<AppEnv>()
    .use('/all', requireSuperAdmin)
    .use('/create', requireSuperAdmin)
    .use('/venues', requireSuperAdmin)
    .get('/all', async (c) => c.json(await allAdmins(c.var.deps)))
    .post('/create', async (c) => {
      const input = await parseJson(c, createAdminRequest);
      const admin = await createAdmin(c.var.deps, input);
      return c.json({ message: ADMIN_MESSAGES.created, admin }, 201);
    })
    .get('/venues', async (c) => c.json(await listVenues(c.var.deps.db)))
    .delete('/:id', requireSuperAdmin, async (c) => {
      const id = parseIdParam(c, 'id', ADMIN_MESSAGES.notFound);
      await removeAdmin(c.var.deps, currentAdmin(c), id);
      return c.json({ message: ADMIN_MESSAGES.deleted });
    });
}
