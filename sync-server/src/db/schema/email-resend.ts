/** A resend an admin asked for (migration 008); counted to allow a few per purchase per hour. */
export interface EmailResendTable {
  /** A random UUID: text keys need no dialect-specific auto-increment. */
  id: string;
  purchaseId: string;
  requestedAt: string;
}
