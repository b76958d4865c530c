// The phone's anonymous random id (cookie cr_phone, path /c): no personal data, only what keeps a
// phone to one mark per 20 s and finds its own rallies again. The server stores its SHA-256 only.
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env.ts';
import { phoneKeyOf } from './service.ts';

export const PHONE_COOKIE = 'cr_phone';

const sent = (c: Context<AppEnv>): string | undefined => {
  const existing = getCookie(c, PHONE_COOKIE);
  return existing && /^[A-Za-z0-9_-]{22}$/.test(existing) ? existing : undefined;
};

/** The phone's cookie as it sent it, or undefined when it sent none (then it is given one). */
export function phoneToken(c: Context<AppEnv>): string | undefined {
  const existing = sent(c);
  if (existing) return existing;
  const token = randomBytes(16).toString('base64url');
  setCookie(c, PHONE_COOKIE, token, { path: '/c', httpOnly: true, sameSite: 'Lax', maxAge: 365 * 24 * 3600 });
  return undefined;
}

/** How the store finds this phone's rallies: its cookie's hash, or undefined for a phone that sent none. */
export function phoneKeyOfRequest(c: Context<AppEnv>): string | undefined {
  const token = sent(c);
  return token ? phoneKeyOf(token) : undefined;
}
