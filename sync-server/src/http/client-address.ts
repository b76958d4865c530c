// Who is calling, as far as the throttles are concerned: the address behind the trusted proxy.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';

/**
 * The client's address, for the throttles (failed logins, wrong tokens, marks). The socket's address, unless that is one of
 * TRUSTED_PROXIES (Caddy in front of the server): then the nearest address in X-Forwarded-For that
 * is not a trusted proxy itself. A client's own X-Forwarded-For is never believed: it could name
 * someone else's address to lock them out, and behind the proxy it only adds entries on the left.
 */
export function clientAddress(c: Context<AppEnv>): string {
  return clientAddressOf(c, c.var.deps.config.trustedProxies);
}

/** clientAddress with the trusted proxies given (before the request's context holds the configuration). */
export function clientAddressOf(c: Context, trustedProxies: readonly string[]): string {
  let socket: string;
  try {
    socket = normalise(getConnInfo(c).remote.address ?? 'unknown');
  } catch {
    return 'unknown';
  }
  const trusted = trustedProxies.map(normalise);
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
