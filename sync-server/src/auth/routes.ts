import { AUTH_MESSAGES, endpoints } from '@courtreplay/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { bearerToken, currentAdmin } from '../http/auth.ts';
import { clientAddress } from '../http/client-address.ts';
import { route } from '../http/contract.ts';
import { login, logout, sessionUser } from './service.ts';

export { clientAddress } from '../http/client-address.ts';

/** Admin sessions: log in (throttled per e-mail and address), verify a token, log out. */
export function authRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, endpoints.login).handle(async (c, { body }) => ({ status: 200, body: await login(c.var.deps, body, clientAddress(c)) }));
  route(app, endpoints.verifySession).handle(async (c) => ({
    status: 200,
    body: { valid: true, user: await sessionUser(c.var.deps, currentAdmin(c).id) },
  }));
  route(app, endpoints.logout).handle(async (c) => {
    const token = bearerToken(c);
    if (token) await logout(c.var.deps, token);
    return { status: 200, body: { message: AUTH_MESSAGES.loggedOut } };
  });
  return app;
}
