/** A venue's staff PIN (issue 12 point 9), as a scrypt hash only. */
export interface StaffPinTable {
  venueId: number;
  pinHash: string;
  updatedAt: string;
}
