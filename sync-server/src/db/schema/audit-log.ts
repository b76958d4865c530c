import type { Generated } from 'kysely';

/** One admin action that changed data: who, when, what, and the values before and after. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  /** Kept when that admin is later deleted; the e-mail keeps the entry readable. */
  adminId: number | null;
  adminEmail: string;
  /** e.g. 'config.update', 'admin.create', 'admin.password_reset' */
  action: string;
  /** e.g. 'config', 'admin', 'promo' */
  entity: string;
  entityId: string | null;
  venueId: number | null;
  /** JSON of the old value (null when created); never a password or secret. */
  before: string | null;
  /** JSON of the new value (null when deleted). */
  after: string | null;
}
