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
  /** When the worker tries again after a temporary failure (4xx, no answer); null while not waiting (migration 011). */
  nextAttemptAt: string | null;
  /** The last failed attempt's reason (the SMTP server's answer), shown while the e-mail waits. */
  lastError: string | null;
  /** Set while an attempt is in the provider's hands, cleared once its outcome is recorded (migration 036). */
  sendingSince: string | null;
}
