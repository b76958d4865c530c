/**
 * Which chosen clip an uploaded file is (migration 027): recorded when its upload URL is issued,
 * from the kiosk's optional hint or by name (see storage/clip-pairing.ts).
 */
export interface PurchaseClipFileTable {
  folderId: string;
  /** The file's name in the folder, as the upload URL was signed for. */
  fileName: string;
  purchaseId: string;
  /** 0-based position in the purchase's videoIds; null: the file matches no chosen clip. */
  clipIndex: number | null;
  createdAt: string;
}
