/** A storage folder this server made, and who made it (a kiosk or an admin). */
export interface StorageFolderTable {
  folderId: string;
  /** The kiosk's X-Device-Id when a kiosk made it. */
  deviceId: string | null;
  /** The admin's id when an admin made it. */
  adminId: number | null;
  venueId: number | null;
  createdAt: string;
  /** The purchase it was made for (migration 027); null: made without naming one. */
  purchaseId: string | null;
}
