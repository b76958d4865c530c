import type { Generated } from 'kysely';

export interface DeviceTable {
  id: Generated<number>;
  /** The kiosk's own random id (sent as X-Device-Id); unique. */
  deviceId: string;
  venueId: number;
  fieldId: number | null;
  /** 0 or 1: portable across SQLite and PostgreSQL integer columns. */
  isAuthorized: number;
  /** 0 or 1: a test device, the only kind allowed staging purchases (migration 006). */
  staging: Generated<number>;
  createdAt: string;
  /** A friendly name an admin gives the kiosk ('Court 1 kiosk'); null: none yet (migration 016). */
  name: string | null;
  /** The latest heartbeat: when it came, and what the kiosk said. */
  lastSeenAt: string | null;
  appVersion: string | null;
  onlineSince: string | null;
  queuePurchases: number | null;
  queueClips: number | null;
  /** When the newest clip in the kiosk's folder was recorded. */
  lastClipAt: string | null;
  /** navigator.storage.estimate(): bytes used and allowed. */
  storageUsage: number | null;
  storageQuota: number | null;
  screen: string | null;
}
