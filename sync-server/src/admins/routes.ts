import { ADMIN_MESSAGES, endpoints } from '@courtreplay/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { listVenues } from '../venues/service.ts';
import { setAdminLanguage } from './queries.ts';
import { currentAdmin } from '../http/auth.ts';
import { route } from '../http/contract.ts';
import { allAdmins, changeOwnPassword, createAdmin, removeAdmin, resetAdminPassword } from './service.ts';
import { clientAddress } from '../auth/routes.ts';
import { hashToken } from '../auth/tokens.ts';
import { bearerToken } from '../http/auth.ts';
import { unauthenticated } from '../errors.ts';

/** Admin management: super admins only (403 for an admin). */
export function adminRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, endpoints.listAdmins).handle(async (c) => ({ status: 200, body: await allAdmins(c.var.deps) }));
  route(app, endpoints.createAdmin).handle(async (c, { body }) => {
    const admin = await createAdmin(c.var.deps, currentAdmin(c), body);
    return { status: 201, body: { message: ADMIN_MESSAGES.created, admin } };
  });
  route(app, endpoints.listAdminVenues).handle(async (c) => ({ status: 200, body: await listVenues(c.var.deps.db) }));
  route(app, endpoints.deleteAdmin).handle(async (c, { params }) => {
    await removeAdmin(c.var.deps, currentAdmin(c), params.id);
    return { status: 200, body: { message: ADMIN_MESSAGES.deleted } };
  });
  route(app, endpoints.resetAdminPassword).handle(async (c, { params }) => {
    const password = await resetAdminPassword(c.var.deps, currentAdmin(c), params.id);
    return { status: 200, body: { message: ADMIN_MESSAGES.passwordReset, password } };
  });
  route(app, endpoints.changePassword).handle(async (c, { body }) => {
    const token = bearerToken(c);
    await changeOwnPassword(c.var.deps, currentAdmin(c), body, clientAddress(c), token ? hashToken(token) : null);
    return { status: 200, body: { message: ADMIN_MESSAGES.passwordChanged } };
  });
  // Each admin's own choice only: the id is the session's, never the caller's word.
  route(app, endpoints.setAdminLanguage).handle(async (c, { body }) => {
    if (!(await setAdminLanguage(c.var.deps.db, currentAdmin(c).id, body.language))) throw unauthenticated();
    return { status: 200, body: { message: ADMIN_MESSAGES.languageSaved, language: body.language } };
  });
  return app;
}
