/** An upload URL issued to a kiosk; the URL itself is kept only as a hash (it is a credential). */
export interface UploadSessionTable {
  /** SHA-256 hex of the upload URL. */
  urlHash: string;
  deviceId: string;
  size: number;
  createdAt: string;
}
