// The kiosk report tables (migration 004): parked purchases and per-purchase upload progress.
import type { Generated } from 'kysely';

/** A purchase a kiosk's outbox parked because the server refused it; shown to the venue's admins. */
export interface ParkedPurchaseTable {
  id: Generated<number>;
  deviceId: string;
  /** The reporting device's venue at the time of the report. */
  venueId: number;
  idempotencyKey: string;
  reason: string;
  /** The HTTP status of the refusal. */
  status: number;
  attempts: number;
  email: string;
  videoCount: number;
  totalAmount: number;
  isStaging: number;
  queuedAt: string;
  parkedAt: string;
  reportedAt: string;
}

/** The latest upload progress a kiosk reported for one purchase. */
export interface UploadProgressTable {
  purchaseId: string;
  deviceId: string;
  uploaded: number;
  failed: number;
  total: number;
  state: 'uploading' | 'done' | 'failed';
  reason: string | null;
  updatedAt: string;
}
