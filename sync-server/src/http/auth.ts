// Who is calling: an admin (bearer token) or a kiosk (X-Device-Id). Middlewares put the caller on
// the context; routes read it with currentAdmin(c) / currentDevice(c).
import { AUTH_MESSAGES, DEVICE_ID_PATTERN, findRoute, RECORDER_MESSAGES, SERVER_MESSAGES, type RouteName } from '@courtreplay/shared';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { hashToken } from '../auth/tokens.ts';
import { findDevice, type DeviceRow } from '../devices/service.ts';
import { findSessionAdmin } from '../auth/service.ts';
import type { SessionAdmin } from '../auth/venue-access.ts';
import { recorderByTokenHash, type RecorderRow } from '../recorders/service.ts';
import { forbidden, unauthenticated } from '../errors.ts';

export type { SessionAdmin } from '../auth/venue-access.ts';
export { assertVenueAccess, venueScope } from '../auth/venue-access.ts';

export function bearerToken(c: Context): string | undefined {
  const header = c.req.header('Authorization');
  const match = header && /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The logged-in admin, or undefined (no, unknown, expired or revoked token). */
export async function resolveAdmin(c: Context<AppEnv>): Promise<SessionAdmin | undefined> {
  const token = bearerToken(c);
  if (!token || token.length > 256) return undefined;
  const { db, clock } = c.var.deps;
  return findSessionAdmin(db, hashToken(token), clock.now().toISOString());
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

/** Kiosk calls: 401 without or with an unknown X-Device-Id, 403 when the device is not authorised. */
export const requireAuthorisedDevice = createMiddleware<AppEnv>(async (c, next) => {
  const device = await resolveDevice(c);
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
  const device = await resolveDevice(c);
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
  const recorder = token && token.length <= 256 ? await recorderByTokenHash(c.var.deps.db, hashToken(token)) : undefined;
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
