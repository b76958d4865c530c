/**
 * One row per purchase whose e-mail has been claimed for sending (migration 003). The primary key
 * makes the claim race-safe: of two callers that both see a deliverable purchase, only the one
 * whose INSERT lands sends. Purchases keep the visible outcome (emailStatus, emailError).
 */
export interface EmailDeliveryTable {
  purchaseId: string;
  claimedAt: string;
  attempts: number;
  /** Set when the last attempt ended (sent, or failed for good). */
  finishedAt: string | null;
}
