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
}
