import type { KioskLanguage } from '@courtreplay/shared';
import type { Generated } from 'kysely';

/** Where a purchase stands with the payment provider (docs/contributing.md, Contracts). Moves only forward. */
export type PaymentStatus = 'pending' | 'paid' | 'free' | 'failed' | 'expired';
export type EmailStatus = 'sent' | 'failed';
/** The WhatsApp message's outcome: 'sent' once the Cloud API accepted it (its later statuses are purchase events). */
export type WhatsappStatus = 'sent' | 'failed' | 'unconfirmed';

/**
 * One kiosk purchase. A historical record: venue, court, device and promo are copied ids without
 * foreign keys, so deleting a venue or a device never deletes or blocks its sales (the list then
 * shows 'Unknown Venue').
 */
export interface PurchaseTable {
  /** `CR-YYYYMMDD-` + random; the Midtrans order_id (at most 50 characters). */
  id: string;
  /**
   * Dense creation ranks (1, 2, 3, ... with no gaps) over all purchases, within the venue and
   * within the court. They let the admin list jump to any page number with an index seek
   * instead of an OFFSET scan (see purchases/list-queries.ts). Purchases are never deleted.
   */
  seq: number;
  venueSeq: number;
  fieldSeq: number | null;
  /** Trimmed and lower-cased; '' when the player left only a WhatsApp number (migration 033). */
  email: string;
  /** The player's WhatsApp number in E.164 (+6281234567890), given with their consent; null: none. */
  phone: string | null;
  whatsappStatus: WhatsappStatus | null;
  whatsappError: string | null;
  whatsappSentAt: string | null;
  videoCount: number;
  /** JSON list of strings. */
  videoIds: string;
  /** JSON list of each clip's court id or null (videoIds order), as the kiosk sent it; null: not sent (migration 050). */
  videoCourts: string | null;
  /** JSON list of strings (same order as videoIds). */
  videoTitles: string;
  subtotal: number;
  discount: number;
  totalAmount: number;
  venueId: number;
  fieldId: number | null;
  /** The kiosk's X-Device-Id. */
  deviceId: string;
  promoId: number | null;
  promoCode: string | null;
  isStaging: number;
  paymentStatus: PaymentStatus;
  paymentToken: string | null;
  emailStatus: EmailStatus | null;
  emailError: string | null;
  emailSentAt: string | null;
  zipUrl: string | null;
  folderId: string | null;
  /** The share link of `folderId`: the only link a kiosk may save as zipUrl. */
  folderUrl: string | null;
  /** 1 when the kiosk reported that its upload failed. */
  uploadError: number;
  /** Never earlier than the previous purchase's createdAt, so seq order is createdAt order. */
  createdAt: string;
  updatedAt: string;
  paidAt: string | null;
  /** How many times the reconciler asked the provider about this pending purchase (backoff). */
  reconcileAttempts: Generated<number>;
  /** When the reconciler next asks; null: at its first pass. */
  reconcileAt: string | null;
  /** The provider's reversal of a paid purchase ('failed': deny/cancel, 'refunded'); paymentStatus stays paid. */
  paymentReversal: PaymentReversal | null;
  paymentReversedAt: string | null;
  /** The phone page's secret: /p/{phoneToken} (migration 015). Null only for older purchases until first needed. */
  phoneToken: string | null;
  /** The kiosk's language when the purchase was made; null: the venue's language. */
  language: KioskLanguage | null;
  /** When the retention job removed the clips from storage. */
  clipsExpiredAt: string | null;
  /** When an admin erased the player's e-mail and clips on request. */
  erasedAt: string | null;
  /** Where it was sold: at a kiosk, or on the phone that marked its rallies (migration 064). */
  channel: Generated<PurchaseChannel>;
  /** A phone purchase's phone: SHA-256 of its anonymous cookie (court_marks.phoneKey); null for a kiosk's, and once erased. */
  buyerKey: string | null;
  /** A phone purchase's payment page (Snap's redirect_url, or the simulator's), answered again to a second Pay. */
  paymentUrl: string | null;
}

export type PurchaseChannel = 'kiosk' | 'phone';

export type PaymentReversal = 'failed' | 'expired' | 'refunded';
