export interface SessionTable {
  /** SHA-256 hex of the bearer token; the token itself is never stored. */
  id: string;
  adminId: number;
  createdAt: string;
  expiresAt: string;
}
