// Who is calling: an admin (bearer token) or a kiosk (X-Device-Id). Middlewares put the caller on
// the context; routes read it with currentAdmin(c) / currentDevice(c).
import { DEVICE_ID_PATTERN } from '@courtreplay/shared';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app.ts';
import { hashToken } from '../auth/tokens.ts';
import { findDevice, type DeviceRow } from '../devices/queries.ts';
import { findSessionAdmin, type SessionAdmin } from '../db/queries/sessions.ts';
import { forbidden, unauthorized } from './errors.ts';

export type { SessionAdmin } from '../db/queries/sessions.ts';

export const SUPER_ADMIN_ONLY = 'Only a super admin can do this.';
export const DEVICE_NOT_REGISTERED = 'This device is not registered. Please ask staff to register it.';
export const DEVICE_NOT_AUTHORIZED = 'This device is not authorized. Please ask staff to authorize it.';

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

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const admin = await resolveAdmin(c);
  if (!admin) throw unauthorized();
  c.set('admin', admin);
  await next();
});

export const requireSuperAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const admin = await resolveAdmin(c);
  if (!admin) throw unauthorized();
  if (admin.role !== 'super_admin') throw forbidden(SUPER_ADMIN_ONLY);
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
  if (!device) throw unauthorized(DEVICE_NOT_REGISTERED);
  if (!device.isAuthorized) throw forbidden(DEVICE_NOT_AUTHORIZED);
  c.set('device', device);
  await next();
});

/** Either an authorised kiosk or any logged-in admin (e.g. reading the configuration). */
export const requireDeviceOrAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const admin = await resolveAdmin(c);
  if (admin) {
    c.set('admin', admin);
    return next();
  }
  const device = await resolveDevice(c);
  if (!device) throw unauthorized(bearerToken(c) ? undefined : DEVICE_NOT_REGISTERED);
  if (!device.isAuthorized) throw forbidden(DEVICE_NOT_AUTHORIZED);
  c.set('device', device);
  await next();
});

export function currentAdmin(c: Context<AppEnv>): SessionAdmin {
  const admin = c.get('admin');
  if (!admin) throw unauthorized();
  return admin;
}

export function currentDevice(c: Context<AppEnv>): DeviceRow {
  const device = c.get('device');
  if (!device) throw unauthorized(DEVICE_NOT_REGISTERED);
  return device;
}

/** The venues an admin may see: null for a super admin (all), else their own venue only. */
export function venueScope(admin: SessionAdmin): number | null {
  if (admin.role === 'super_admin') return null;
  return admin.venueId ?? -1;
}

/** Throws 403 unless the admin may act on `venueId`. */
export function assertVenueAccess(admin: SessionAdmin, venueId: number): void {
  const scope = venueScope(admin);
  if (scope !== null && scope !== venueId) throw forbidden('You can only manage your own venue.');
}
