import { getConnInfo } from '@hono/node-server/conninfo';
import { AUTH_MESSAGES, endpoints } from '@courtreplay/shared';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { bearerToken, currentAdmin } from '../http/auth.ts';
import { route } from '../http/contract.ts';
import { login, logout, sessionUser } from './service.ts';

/**
 * The client's address, for the login throttle. The socket's address, unless that is one of
 * TRUSTED_PROXIES (Caddy in front of the server): then the nearest address in X-Forwarded-For that
 * is not a trusted proxy itself. A client's own X-Forwarded-For is never believed: it could name
 * someone else's address to lock them out, and behind the proxy it only adds entries on the left.
 */
export function clientAddress(c: Context<AppEnv>): string {
  let socket: string;
  try {
    socket = normalise(getConnInfo(c).remote.address ?? 'unknown');
  } catch {
    return 'unknown';
  }
  const trusted = c.var.deps.config.trustedProxies.map(normalise);
  if (!trusted.includes(socket)) return socket;
  const forwarded = (c.req.header('X-Forwarded-For') ?? '')
    .split(',')
    .map((a) => normalise(a.trim()))
    .filter(Boolean);
  for (let i = forwarded.length - 1; i >= 0; i--) if (!trusted.includes(forwarded[i]!)) return forwarded[i]!;
  return socket;
}

/** '::ffff:127.0.0.1' (IPv4 on a dual-stack socket) as '127.0.0.1'. */
const normalise = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').toLowerCase();

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
