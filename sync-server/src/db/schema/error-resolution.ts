/** An error log entry an admin marked resolved (migration 023); entries that resolve themselves need no row. */
export interface ErrorResolutionTable {
  /** The entry's id as GET /api/error-log gives it. */
  entryId: string;
  resolvedAt: string;
  /** Kept when that admin is later deleted; the e-mail keeps the entry readable. */
  adminId: number | null;
  adminEmail: string;
}
