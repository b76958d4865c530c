import { getConnInfo } from '@hono/node-server/conninfo';
import { AUTH_MESSAGES, loginRequest } from '@courtreplay/shared';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app.ts';
import { bearerToken, currentAdmin, requireAdmin } from '../http/auth.ts';
import { parseJson } from '../http/validation.ts';
import { login, logout, sessionUser } from './auth.service.ts';

/** The socket's address (not X-Forwarded-For, which a client could set to lock someone else out). */
function clientAddress(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function authRoutes() {
  return new Hono<AppEnv>()
    .post('/login', async (c) => {
      const input = await parseJson(c, loginRequest);
      return c.json(await login(c.var.deps, input, clientAddress(c)));
    })
    .get('/verify', requireAdmin, async (c) => {
      return c.json({ valid: true as const, user: await sessionUser(c.var.deps, currentAdmin(c).id) });
    })
    .post('/logout', async (c) => {
      const token = bearerToken(c);
      if (token) await logout(c.var.deps, token);
      return c.json({ message: AUTH_MESSAGES.loggedOut });
    });
}
