import type { Generated } from 'kysely';

export interface DeviceTable {
  id: Generated<number>;
  /** The kiosk's own random id (sent as X-Device-Id); unique. */
  deviceId: string;
  venueId: number;
  fieldId: number | null;
  /** 0 or 1: portable across SQLite and PostgreSQL integer columns. */
  isAuthorized: number;
  createdAt: string;
}
