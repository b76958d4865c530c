/** An upload URL issued to a kiosk or an admin; the URL itself is kept only as a hash (it is a credential). */
export interface UploadSessionTable {
  /** SHA-256 hex of the upload URL. */
  urlHash: string;
  /** Who was given the URL: 'kiosk:{deviceId}' or 'admin:{adminId}' (uploadOwner). */
  owner: string;
  size: number;
  createdAt: string;
}
