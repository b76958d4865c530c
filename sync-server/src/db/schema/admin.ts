import type { AdminLanguage } from '@courtreplay/shared';
import type { ColumnType, Generated } from 'kysely';

export type AdminRole = 'super_admin' | 'admin';

export interface AdminTable {
  id: Generated<number>;
  /** Stored lower-cased and trimmed; unique. */
  email: string;
  /** `scrypt$N$r$p$salt$hash` (base64url), so parameters can be raised later without a migration. */
  passwordHash: string;
  role: AdminRole;
  /** The venue an `admin` is tied to; null for a super admin (all venues). */
  venueId: number | null;
  createdAt: string;
  /** When this admin last logged in (null: never). */
  lastLoginAt: string | null;
  /** 1 after a super admin's reset to a one-time password, until the admin chooses their own. */
  mustChangePassword: Generated<number>;
  /** The back-office's language for this admin; 'en' unless chosen. */
  language: ColumnType<AdminLanguage, AdminLanguage | undefined, AdminLanguage>;
}
