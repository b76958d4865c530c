import type { MarkFileKind, UploadKind } from '@courtreplay/shared';
import type { Generated } from 'kysely';

/**
 * A marked rally's clip on its way to the venue's storage (migration 064): the storage folder
 * holding the clip and its preview, and the bytes sent (where the recorder stands with the mark is
 * court_marks.clipState). Kept after its mark is deleted, until the folder is removed (unsold clips
 * after a day).
 */
export interface MarkClipTable {
  markId: number;
  venueId: number;
  fieldId: number;
  markedAt: string;
  /** The clip's and the preview's bytes sent so far, and their total, as the recorder reports them. */
  bytesSent: Generated<number>;
  bytesTotal: number | null;
  /** The clip's length, as the recorder cut it. */
  durationMs: number | null;
  /** The mark's own storage folder (clip and preview); null until the recorder's first upload. */
  folderId: string | null;
  updatedAt: string;
  /** When the clip was whole in storage (stored: the phones that marked it may buy it). */
  readyAt: string | null;
  /** When its folder was removed (a day after the mark, or its buyer's data erased). */
  removedAt: string | null;
}

/** One file of a marked clip (the clip or its preview) and its upload session (migration 064). */
export interface MarkFileTable {
  markId: number;
  kind: MarkFileKind;
  fileName: string;
  size: number;
  mimeType: string;
  /**
   * The session the storage gave, kept whole (not hashed as the kiosks' are): a recorder that lost
   * it in a restart is answered the same one and resumes it, instead of sending the file twice.
   * It grants one file of this size into this mark's folder, and expires.
   */
  uploadUrl: string;
  uploadKind: UploadKind;
  partSize: number | null;
  /** The storage's id of the finished file; null until the upload is complete. */
  fileId: string | null;
  createdAt: string;
  completedAt: string | null;
}

/** A phone's claim on a mark: it marked it, or tapped within the court's 10 s of it (migration 064). */
export interface MarkClaimTable {
  markId: number;
  /** SHA-256 of the phone's anonymous cookie, as court_marks.phoneKey. */
  phoneKey: string;
  claimedAt: string;
}

/** The marks a phone purchase bought, in the order of its clips (migration 064). */
export interface PurchaseMarkTable {
  purchaseId: string;
  markId: number;
  /** 0-based position in the purchase's videoIds. */
  clipIndex: number;
  /** When the clip was copied into the purchase's folder; null until it is. */
  copiedAt: string | null;
}

/** A phone's one order that may still be paid: a second Pay answers it instead of opening another. */
export interface PhoneOpenOrderTable {
  phoneKey: string;
  purchaseId: string;
  updatedAt: string;
}

/** A message a player asked for when their rally is ready, while the venue was offline (migration 064). */
export interface MarkNoticeTable {
  markId: number;
  phoneKey: string;
  email: string | null;
  /** E.164. */
  phone: string | null;
  language: 'en' | 'id';
  createdAt: string;
  sentAt: string | null;
}
