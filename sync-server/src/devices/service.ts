// Kiosk devices. A device is registered from the back-office on the kiosk itself by a logged-in
// admin, so it starts authorised: staff standing at the kiosk is the authorisation. An admin acts
// only on devices of their own venue, whatever the request names.
import { DEVICE_MESSAGES, FIELD_MESSAGES, VENUE_MESSAGES, type Device, type DeviceListItem } from '@courtreplay/shared';
import type { AppDeps } from '../app-env.ts';
import {
  deleteDevice,
  findDevice,
  findDeviceWithHealth,
  listDevices,
  setDeviceName,
  renameDevice,
  setDeviceAuthorized,
  setDeviceField,
  setDeviceStaging,
  upsertDevice,
} from './queries.ts';
import { assertVenueAccess, venueScope, type SessionAdmin } from '../auth/venue-access.ts';
import { findField } from '../fields/service.ts';
import { findVenue } from '../venues/service.ts';
import { conflict, forbidden, invalidInput, notFound } from '../errors.ts';
import { withHealth } from './health.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

export async function registerDevice(
  deps: Deps,
  admin: SessionAdmin,
  input: { deviceId: string; venueId: number; fieldId: number | null },
): Promise<{ device: Device; created: boolean }> {
  const { db, clock } = deps;
  assertVenueAccess(admin, input.venueId);
  if (!(await findVenue(db, input.venueId))) throw notFound(VENUE_MESSAGES.notFound);
  if (input.fieldId !== null) {
    const field = await findField(db, input.fieldId);
    if (!field) throw notFound(FIELD_MESSAGES.notFound);
    if (field.venueId !== input.venueId) throw invalidInput(DEVICE_MESSAGES.fieldWrongVenue);
  }
  const existing = await findDevice(db, input.deviceId);
  // Moving another venue's kiosk is for a super admin only.
  if (existing && venueScope(admin) !== null && existing.venueId !== input.venueId) throw forbidden(DEVICE_MESSAGES.otherVenue);
  await upsertDevice(db, { ...input, isAuthorized: true, createdAt: clock.now().toISOString() });
  return { device: await mustFind(deps, input.deviceId), created: !existing };
}

/** Finds a device the admin may act on: 404 when unknown, 403 when of another venue. */
async function deviceInScope(deps: Deps, admin: SessionAdmin, deviceId: string): Promise<Device> {
  const device = await findDevice(deps.db, deviceId);
  if (!device) throw notFound(DEVICE_MESSAGES.notFound);
  assertVenueAccess(admin, device.venueId);
  return device;
}

async function mustFind(deps: Deps, deviceId: string): Promise<Device> {
  const device = await findDevice(deps.db, deviceId);
  if (!device) throw new Error('The device could not be read back');
  return device;
}

export async function authorizeDevice(deps: Deps, admin: SessionAdmin, deviceId: string, isAuthorized: boolean): Promise<Device> {
  await deviceInScope(deps, admin, deviceId);
  await setDeviceAuthorized(deps.db, deviceId, isAuthorized);
  return mustFind(deps, deviceId);
}

/** Super admin only (checked by the route): marks a device as a test device, or back to live. */
export async function markTestDevice(deps: Deps, deviceId: string, staging: boolean): Promise<Device> {
  if (!(await findDevice(deps.db, deviceId))) throw notFound(DEVICE_MESSAGES.notFound);
  await setDeviceStaging(deps.db, deviceId, staging);
  return mustFind(deps, deviceId);
}

export async function assignDeviceField(deps: Deps, admin: SessionAdmin, deviceId: string, fieldId: number | null): Promise<Device> {
  const device = await deviceInScope(deps, admin, deviceId);
  if (fieldId !== null) {
    const field = await findField(deps.db, fieldId);
    if (!field) throw notFound(FIELD_MESSAGES.notFound);
    if (field.venueId !== device.venueId) throw invalidInput(FIELD_MESSAGES.wrongVenue);
  }
  await setDeviceField(deps.db, deviceId, fieldId);
  return mustFind(deps, deviceId);
}

/** An admin sees their venue's devices only; a super admin all, or one venue's when asked. */
export async function devicesFor(deps: Deps, admin: SessionAdmin, venueFilter: number | undefined): Promise<DeviceListItem[]> {
  const scope = venueScope(admin);
  const now = deps.clock.now();
  return (await listDevices(deps.db, scope ?? venueFilter)).map(({ device, health }) => withHealth(device, health, now, deps.config));
}

/** Names a kiosk for the Devices tab ('Court 1 kiosk'); an empty name clears it. */
export async function nameDevice(deps: Deps, admin: SessionAdmin, deviceId: string, name: string): Promise<DeviceListItem> {
  await deviceInScope(deps, admin, deviceId);
  await setDeviceName(deps.db, deviceId, name === '' ? null : name);
  const named = await findDeviceWithHealth(deps.db, deviceId);
  if (!named) throw notFound(DEVICE_MESSAGES.notFound);
  return withHealth(named.device, named.health, deps.clock.now(), deps.config);
}

export async function removeDevice(deps: Deps, admin: SessionAdmin, deviceId: string): Promise<void> {
  await deviceInScope(deps, admin, deviceId);
  await deleteDevice(deps.db, deviceId);
}

/**
 * 'Reset and Sync Device ID': the new id takes over the old id's registration in
 * one transaction, so the kiosk is never unregistered in between and the old id stops working.
 */
export async function replaceDeviceId(deps: Deps, admin: SessionAdmin, deviceId: string, newDeviceId: string): Promise<Device> {
  if (newDeviceId === deviceId) throw invalidInput(DEVICE_MESSAGES.sameId);
  await deps.db.transaction().execute(async (tx) => {
    const device = await findDevice(tx, deviceId);
    if (!device) throw notFound(DEVICE_MESSAGES.notFound);
    assertVenueAccess(admin, device.venueId);
    if (await findDevice(tx, newDeviceId)) throw conflict(DEVICE_MESSAGES.newIdTaken);
    await renameDevice(tx, deviceId, newDeviceId);
  });
  return mustFind(deps, newDeviceId);
}

// What the other features use of this one; its queries.ts is its own.
export { type DeviceRow, findDevice } from './queries.ts';
export { OFFLINE_ALERT_MS } from './health.ts';
