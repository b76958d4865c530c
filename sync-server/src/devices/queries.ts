import type { KioskLanguage } from '@courtreplay/shared';
import type { Db } from '../db/database.ts';
import type { Updateable } from 'kysely';
import type { DeviceTable } from '../db/schema/index.ts';

/** The kiosk-health columns a device row carries (devices/health.ts reads them). */
export type HealthColumns = Pick<
  DeviceTable,
  | 'name'
  | 'lastSeenAt'
  | 'appVersion'
  | 'onlineSince'
  | 'queuePurchases'
  | 'queueClips'
  | 'lastClipAt'
  | 'storageUsage'
  | 'storageQuota'
  | 'screen'
>;

export const HEALTH_COLUMNS = [
  'devices.name',
  'devices.lastSeenAt',
  'devices.appVersion',
  'devices.onlineSince',
  'devices.queuePurchases',
  'devices.queueClips',
  'devices.lastClipAt',
  'devices.storageUsage',
  'devices.storageQuota',
  'devices.screen',
] as const;

export interface DeviceRow {
  id: number;
  deviceId: string;
  venueId: number;
  venueName: string;
  fieldId: number | null;
  fieldName: string | null;
  isAuthorized: boolean;
  staging: boolean;
  createdAt: string;
}

function selectDevices(db: Db) {
  return db
    .selectFrom('devices')
    .innerJoin('venues', 'venues.id', 'devices.venueId')
    .leftJoin('fields', 'fields.id', 'devices.fieldId')
    .select([
      'devices.id',
      'devices.deviceId',
      'devices.venueId',
      'venues.name as venueName',
      'devices.fieldId',
      'fields.name as fieldName',
      'devices.isAuthorized',
      'devices.staging',
      'devices.createdAt',
    ]);
}

type RawDevice = Omit<DeviceRow, 'isAuthorized' | 'staging'> & { isAuthorized: number; staging: number };
const toDevice = (row: RawDevice): DeviceRow => ({ ...row, isAuthorized: row.isAuthorized === 1, staging: row.staging === 1 });

export async function findDevice(db: Db, deviceId: string): Promise<DeviceRow | undefined> {
  const row = await selectDevices(db).where('devices.deviceId', '=', deviceId).executeTakeFirst();
  return row && toDevice(row);
}

/** A device with its venue's kiosk language: what the kiosk reads about itself. */
export async function findDeviceStatus(db: Db, deviceId: string): Promise<(DeviceRow & { venueLanguage: KioskLanguage }) | undefined> {
  const row = await selectDevices(db)
    .select('venues.language as venueLanguage')
    .where('devices.deviceId', '=', deviceId)
    .executeTakeFirst();
  return row && { ...toDevice(row), venueLanguage: row.venueLanguage };
}

export type DeviceWithHealth = { device: DeviceRow; health: HealthColumns };

/** Every device with its latest heartbeat, or only one venue's when `venueId` is given; newest first. */
export async function listDevices(db: Db, venueId?: number): Promise<DeviceWithHealth[]> {
  let query = selectDevices(db).select(HEALTH_COLUMNS).orderBy('devices.id', 'desc');
  if (venueId !== undefined) query = query.where('devices.venueId', '=', venueId);
  return (await query.execute()).map(splitHealth);
}

export async function findDeviceWithHealth(db: Db, deviceId: string): Promise<DeviceWithHealth | undefined> {
  const row = await selectDevices(db).select(HEALTH_COLUMNS).where('devices.deviceId', '=', deviceId).executeTakeFirst();
  return row && splitHealth(row);
}

function splitHealth(row: RawDevice & HealthColumns): DeviceWithHealth {
  const {
    name,
    lastSeenAt,
    appVersion,
    onlineSince,
    queuePurchases,
    queueClips,
    lastClipAt,
    storageUsage,
    storageQuota,
    screen,
    ...device
  } = row;
  return {
    device: toDevice(device),
    health: { name, lastSeenAt, appVersion, onlineSince, queuePurchases, queueClips, lastClipAt, storageUsage, storageQuota, screen },
  };
}

export async function setDeviceName(db: Db, deviceId: string, name: string | null): Promise<void> {
  await db.updateTable('devices').set({ name }).where('deviceId', '=', deviceId).execute();
}

/** Registers a device, or moves an existing one to the venue/court given (same row, same id). */
export async function upsertDevice(
  db: Db,
  row: { deviceId: string; venueId: number; fieldId: number | null; isAuthorized: boolean; createdAt: string },
): Promise<void> {
  const values = { ...row, isAuthorized: row.isAuthorized ? 1 : 0 };
  await db
    .insertInto('devices')
    .values(values)
    .onConflict((oc) =>
      oc.column('deviceId').doUpdateSet({ venueId: row.venueId, fieldId: row.fieldId, isAuthorized: values.isAuthorized }),
    )
    .execute();
}

export async function setDeviceAuthorized(db: Db, deviceId: string, isAuthorized: boolean): Promise<void> {
  await db
    .updateTable('devices')
    .set({ isAuthorized: isAuthorized ? 1 : 0 })
    .where('deviceId', '=', deviceId)
    .execute();
}

export async function setDeviceStaging(db: Db, deviceId: string, staging: boolean): Promise<void> {
  await db
    .updateTable('devices')
    .set({ staging: staging ? 1 : 0 })
    .where('deviceId', '=', deviceId)
    .execute();
}

export async function setDeviceField(db: Db, deviceId: string, fieldId: number | null): Promise<void> {
  await db.updateTable('devices').set({ fieldId }).where('deviceId', '=', deviceId).execute();
}

/** Renames a registration: the row (venue, court, authorisation, test status) keeps everything but its id. */
export async function renameDevice(db: Db, deviceId: string, newDeviceId: string): Promise<void> {
  await db.updateTable('devices').set({ deviceId: newDeviceId }).where('deviceId', '=', deviceId).execute();
}

export async function deleteDevice(db: Db, deviceId: string): Promise<void> {
  await db.deleteFrom('devices').where('deviceId', '=', deviceId).execute();
}

/** Stores what a heartbeat reports; false when no such device is registered. */
export async function updateDeviceHealth(db: Db, deviceId: string, health: Updateable<DeviceTable>): Promise<boolean> {
  const result = await db.updateTable('devices').set(health).where('deviceId', '=', deviceId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The kiosk asked about itself: it is there. Written at most once per `everyMs` (it asks every few
 * seconds), and never moves lastSeenAt back.
 */
export async function touchLastSeen(db: Db, deviceId: string, now: Date, everyMs: number): Promise<void> {
  const stale = new Date(now.getTime() - everyMs).toISOString();
  await db
    .updateTable('devices')
    .set({ lastSeenAt: now.toISOString() })
    .where('deviceId', '=', deviceId)
    .where((eb) => eb.or([eb('lastSeenAt', 'is', null), eb('lastSeenAt', '<', stale)]))
    .execute();
}
