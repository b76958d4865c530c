/** What happened to a purchase after the sale (migration 017); see purchases/events.ts. */
export type PurchaseEventKind =
  | 'clip_uploaded'
  | 'upload_failed'
  | 'email_sent'
  | 'email_failed'
  | 'resend'
  | 'email_corrected'
  /** The WhatsApp message was accepted by the Cloud API: { to, messageId } (migration 033). */
  | 'whatsapp_sent'
  /** The WhatsApp message could not be sent, or Meta reported it failed: { to, reason, code }. */
  | 'whatsapp_failed'
  /** A status webhook: { status (sent, delivered, read), messageId }. */
  | 'whatsapp_status'
  /** An admin corrected the WhatsApp number: { from, to }. */
  | 'phone_corrected'
  | 'clips_expired'
  | 'erased'
  /** The provider settled a purchase that had ended unpaid, or after its window: { previous, afterWindow, promoOverQuota, promoCode }. */
  | 'late_settlement'
  /** The provider reversed a paid purchase: { reversal (refund, partial_refund, chargeback, ...), amount }. */
  | 'payment_reversed';

export interface PurchaseEventTable {
  /** A random UUID: text keys need no dialect-specific auto-increment. */
  id: string;
  purchaseId: string;
  /** ISO 8601 UTC. */
  at: string;
  kind: PurchaseEventKind;
  /** The admin who did it; null for the server's own doing (delivery, retention job). */
  adminId: number | null;
  /** A JSON object with the kind's particulars (e.g. { reason } for email_failed, { from, to } for email_corrected); null when none. */
  detail: string | null;
}
