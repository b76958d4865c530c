/** A venue's staff PIN, as a scrypt hash only. */
export interface StaffPinTable {
  venueId: number;
  pinHash: string;
  updatedAt: string;
}
