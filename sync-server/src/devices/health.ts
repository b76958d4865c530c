// Kiosk health. Each open kiosk reports every 30 s; the Devices tab shows the
// latest report, judged against the server's clock (never the admin's or the kiosk's): online when
// seen within KIOSK_OFFLINE_AFTER_SECONDS, an Errors-tab alert after 10 minutes of silence, and
// warnings for a folder that stopped getting clips during opening hours or a browser storage that is
// nearly full.
import {
  DEVICE_MESSAGES,
  HEARTBEAT_CLOCK_SKEW_MS,
  type DeviceHeartbeatRequest,
  type DeviceListItem,
  type DeviceWarning,
} from '@courtreplay/shared';
import type { Config } from '../config-types.ts';
import type { Db } from '../db/database.ts';
import { updateDeviceHealth, type DeviceRow, type HealthColumns } from './queries.ts';
import { invalidInput } from '../errors.ts';

/** A kiosk silent this long after being seen is listed in the Errors tab. */
export const OFFLINE_ALERT_MS = 10 * 60_000;
/** No new clip for this long, during opening hours, is worth a look at the camera and folder. */
export const NO_CLIP_WARNING_MS = 60 * 60_000;
/** Browser storage this full risks the kiosk's offline copies of clips and purchases. */
export const STORAGE_WARNING_RATIO = 0.9;
const JAKARTA_OFFSET_MS = 7 * 3_600_000;

/**
 * Refuses (400) a heartbeat whose times lie ahead of the server's clock by more than
 * HEARTBEAT_CLOCK_SKEW_MS: a kiosk cannot have been online, or seen a clip, in the future.
 */
export function assertHeartbeatNotInFuture(beat: DeviceHeartbeatRequest, now: Date): void {
  const latest = now.getTime() + HEARTBEAT_CLOCK_SKEW_MS;
  for (const [field, at] of [
    ['onlineSince', beat.onlineSince],
    ['lastClipAt', beat.lastClipAt],
  ] as const) {
    if (at !== null && at !== undefined && Date.parse(at) > latest) throw invalidInput(DEVICE_MESSAGES.heartbeatInFuture(field));
  }
}

/** Stores a heartbeat; false when no such device is registered. */
export async function recordHeartbeat(db: Db, deviceId: string, beat: DeviceHeartbeatRequest, now: Date): Promise<boolean> {
  return updateDeviceHealth(db, deviceId, {
    lastSeenAt: now.toISOString(),
    appVersion: beat.appVersion.trim(),
    onlineSince: beat.onlineSince,
    queuePurchases: beat.queue.purchases,
    queueClips: beat.queue.clips,
    lastClipAt: beat.lastClipAt,
    storageUsage: beat.storage?.usage ?? null,
    storageQuota: beat.storage?.quota ?? null,
    screen: beat.screen,
  });
}

const jakartaMinuteOfDay = (at: Date) => {
  const local = new Date(at.getTime() + JAKARTA_OFFSET_MS);
  return local.getUTCHours() * 60 + local.getUTCMinutes();
};

/** The warnings of a kiosk that is online; none for one that is offline (its silence says it all). */
export function warningsOf(h: HealthColumns, online: boolean, now: Date, hours: Config['openingHours']): DeviceWarning[] {
  if (!online) return [];
  const warnings: DeviceWarning[] = [];
  const minute = jakartaMinuteOfDay(now);
  const open = minute >= hours.openMinute && minute < hours.closeMinute;
  // Judged only after the kiosk has been up for the hour, so a kiosk just switched on is not flagged.
  const upAnHour = h.onlineSince !== null && now.getTime() - Date.parse(h.onlineSince) >= NO_CLIP_WARNING_MS;
  const lastClip = h.lastClipAt === null ? -Infinity : Date.parse(h.lastClipAt);
  if (open && upAnHour && now.getTime() - lastClip >= NO_CLIP_WARNING_MS) warnings.push('no_new_clips');
  if (h.storageQuota && h.storageUsage !== null && h.storageUsage / h.storageQuota >= STORAGE_WARNING_RATIO) {
    warnings.push('storage_nearly_full');
  }
  return warnings;
}

/** A device row and its stored health as the Devices tab shows it. */
export function withHealth(
  device: DeviceRow,
  h: HealthColumns,
  now: Date,
  config: Pick<Config, 'kioskOfflineAfterMs' | 'openingHours'>,
): DeviceListItem {
  const silentMs = h.lastSeenAt === null ? Infinity : now.getTime() - Date.parse(h.lastSeenAt);
  const online = silentMs <= config.kioskOfflineAfterMs;
  return {
    ...device,
    name: h.name,
    lastSeenAt: h.lastSeenAt,
    online,
    offlineAlert: device.isAuthorized && h.lastSeenAt !== null && silentMs > OFFLINE_ALERT_MS,
    appVersion: h.appVersion,
    onlineSince: online ? h.onlineSince : null,
    queue: h.queuePurchases === null ? null : { purchases: h.queuePurchases, clips: h.queueClips ?? 0 },
    lastClipAt: h.lastClipAt,
    storage: h.storageQuota === null ? null : { usage: h.storageUsage ?? 0, quota: h.storageQuota },
    screen: online ? h.screen : null,
    warnings: warningsOf(h, online, now, config.openingHours),
  };
}
