// Who is calling: an admin (bearer token), a kiosk (X-Device-Id) or a venue's recorder (bearer
// token). Middlewares put the caller on the context; routes read it with currentAdmin(c) /
// currentDevice(c) / currentRecorder(c). Every credential looked up is reported to the token
// throttle, which answers an address that sends wrong ones 429 before any lookup (token-throttle.ts).
import {
  AUTH_MESSAGES,
  DEVICE_ID_PATTERN,
  endpoints,
  findRoute,
  RECORDER_MESSAGES,
  SERVER_MESSAGES,
  type Access,
  type RouteName,
} from '@courtreplay/shared';
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from '../app-env.ts';
import { hashToken } from '../auth/tokens.ts';
import { findDevice, type DeviceRow } from '../devices/service.ts';
import { findSessionAdmin } from '../auth/service.ts';
import type { SessionAdmin } from '../auth/venue-access.ts';
import { recorderByTokenHash, type RecorderRow } from '../recorders/service.ts';
import { forbidden, unauthenticated } from '../errors.ts';
import { clientAddress, clientAddressOf } from './client-address.ts';

export type { SessionAdmin } from '../auth/venue-access.ts';
export { assertVenueAccess, venueScope } from '../auth/venue-access.ts';

export function bearerToken(c: Context): string | undefined {
  const header = c.req.header('Authorization');
  const match = header && /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

const MAX_TOKEN_LENGTH = 256;

/** How the token throttle knows a credential: a bearer token by its hash, a kiosk by its id. */
const bearerKey = (token: string) => (token.length > MAX_TOKEN_LENGTH ? 'bearer:oversized' : `bearer:${hashToken(token)}`);
const deviceKey = (deviceId: string) => (DEVICE_ID_PATTERN.test(deviceId) ? `device:${deviceId}` : 'device:malformed');

/** Tells the token throttle how a presented credential fared; warns once when its address is throttled. */
function noteCredential(c: Context<AppEnv>, key: string, ok: boolean): void {
  const throttle = c.var.deps.tokenThrottle;
  if (!throttle) return;
  if (ok) return throttle.accepted(key);
  const address = clientAddress(c);
  if (throttle.refused(address, key, c.var.deps.clock.now().getTime()))
    c.var.log.warn({ address }, 'wrong tokens from this address: answered 429 until it slows down (known tokens still pass)');
}

const GUARDED: ReadonlySet<Access> = new Set<Access>(['kiosk', 'admin', 'superAdmin', 'kioskOrAdmin', 'recorder']);

/**
 * The app's first middleware: an address throttled for wrong credentials is answered 429 (held a
 * moment) for any credential this instance does not know to be good, before a request id, a
 * logger, a lookup or its body: a flood of wrong tokens costs little more than its sockets. A call
 * without a credential goes on to its guard's 401, which costs no lookup either.
 */
export function throttleWrongCredentials(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const throttle = deps.tokenThrottle;
    const name = findRoute(c.req.method, c.req.path);
    if (!throttle || !name || !GUARDED.has(endpoints[name].access)) return next();
    const token = bearerToken(c);
    const deviceId = c.req.header('X-Device-Id');
    const credentials = [...(token ? [bearerKey(token)] : []), ...(deviceId ? [deviceKey(deviceId)] : [])];
    if (credentials.length === 0) return next();
    const wait = throttle.waitMs(clientAddressOf(c, deps.config.trustedProxies), credentials, deps.clock.now().getTime());
    if (wait === 0) return next();
    await throttle.hold();
    const seconds = Math.max(1, Math.ceil(wait / 1000));
    return c.json({ message: SERVER_MESSAGES.access.tooManyWrongTokens, retryAfterSeconds: seconds }, 429, {
      'Retry-After': String(seconds),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  };
}

/** The logged-in admin, or undefined (no, unknown, expired or revoked token). */
export async function resolveAdmin(c: Context<AppEnv>): Promise<SessionAdmin | undefined> {
  const token = bearerToken(c);
  if (!token) return undefined;
  const { db, clock } = c.var.deps;
  const admin = token.length > MAX_TOKEN_LENGTH ? undefined : await findSessionAdmin(db, hashToken(token), clock.now().toISOString());
  noteCredential(c, bearerKey(token), admin !== undefined);
  return admin;
}

/**
 * What an admin holding a one-time password may still do: set their own, check the session, log
 * out, and switch the language of the page that asks for the new password.
 */
const ONE_TIME_PASSWORD_ROUTES: ReadonlySet<RouteName | undefined> = new Set([
  'changePassword',
  'verifySession',
  'logout',
  'setAdminLanguage',
]);

/**
 * The logged-in admin, refused (403) anywhere else while they must replace a one-time password.
 * Public calls that answer an admin more (the configuration) ask this too, never resolveAdmin.
 */
export async function settledAdmin(c: Context<AppEnv>): Promise<SessionAdmin | undefined> {
  const admin = await resolveAdmin(c);
  if (admin?.mustChangePassword && !ONE_TIME_PASSWORD_ROUTES.has(findRoute(c.req.method, c.req.path))) {
    throw forbidden(AUTH_MESSAGES.mustChangePassword);
  }
  return admin;
}

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const admin = await settledAdmin(c);
  if (!admin) throw unauthenticated();
  c.set('admin', admin);
  await next();
});

export const requireSuperAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const admin = await settledAdmin(c);
  if (!admin) throw unauthenticated();
  if (admin.role !== 'super_admin') throw forbidden(SERVER_MESSAGES.access.superAdminOnly);
  c.set('admin', admin);
  await next();
});

/** The registered device named by X-Device-Id, authorised or not; undefined when unknown. */
export async function resolveDevice(c: Context<AppEnv>): Promise<DeviceRow | undefined> {
  const deviceId = c.req.header('X-Device-Id');
  if (!deviceId || !DEVICE_ID_PATTERN.test(deviceId)) return undefined;
  return findDevice(c.var.deps.db, deviceId);
}

/** resolveDevice for a kiosk's guard: an unknown X-Device-Id counts as a wrong credential. */
async function guardDevice(c: Context<AppEnv>): Promise<DeviceRow | undefined> {
  const device = await resolveDevice(c);
  const deviceId = c.req.header('X-Device-Id');
  if (deviceId) noteCredential(c, deviceKey(deviceId), device !== undefined);
  return device;
}

/** Kiosk calls: 401 without or with an unknown X-Device-Id, 403 when the device is not authorised. */
export const requireAuthorisedDevice = createMiddleware<AppEnv>(async (c, next) => {
  const device = await guardDevice(c);
  if (!device) throw unauthenticated(SERVER_MESSAGES.access.deviceNotRegistered);
  if (!device.isAuthorized) throw forbidden(SERVER_MESSAGES.access.deviceNotAuthorized);
  c.set('device', device);
  await next();
});

/** Either an authorised kiosk or any logged-in admin (e.g. reading the configuration). */
export const requireDeviceOrAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const admin = await settledAdmin(c);
  if (admin) {
    c.set('admin', admin);
    return next();
  }
  const device = await guardDevice(c);
  if (!device) throw unauthenticated(bearerToken(c) ? undefined : SERVER_MESSAGES.access.deviceNotRegistered);
  if (!device.isAuthorized) throw forbidden(SERVER_MESSAGES.access.deviceNotAuthorized);
  c.set('device', device);
  await next();
});

/**
 * A venue recorder's calls: its bearer token, looked up by hash on every call, so a recorder removed
 * in the back-office is refused (401) from its very next call.
 */
export const requireRecorder = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c);
  const recorder = token && token.length <= MAX_TOKEN_LENGTH ? await recorderByTokenHash(c.var.deps.db, hashToken(token)) : undefined;
  if (token) noteCredential(c, bearerKey(token), recorder !== undefined);
  if (!recorder) throw unauthenticated(RECORDER_MESSAGES.tokenRefused);
  c.set('recorder', recorder);
  await next();
});

export function currentRecorder(c: Context<AppEnv>): RecorderRow {
  const recorder = c.get('recorder');
  if (!recorder) throw unauthenticated(RECORDER_MESSAGES.tokenRefused);
  return recorder;
}

export function currentAdmin(c: Context<AppEnv>): SessionAdmin {
  const admin = c.get('admin');
  if (!admin) throw unauthenticated();
  return admin;
}

export function currentDevice(c: Context<AppEnv>): DeviceRow {
  const device = c.get('device');
  if (!device) throw unauthenticated(SERVER_MESSAGES.access.deviceNotRegistered);
  return device;
}
