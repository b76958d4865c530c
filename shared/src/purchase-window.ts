// When a purchase that did not end paid is over for good. Midtrans lets a player
// retry inside the same payment window and settles a QRIS paid a few seconds late, so a failed or
// expired purchase may still become paid until its window (PENDING_PAYMENT_EXPIRY_MINUTES) plus a
// grace has passed: until then it still takes uploads and a link; after it, it is "finally unpaid":
// create-folder, upload URLs and a saved link are refused (409) and the retention job removes its
// uploads. A pending purchase is never finally unpaid: only the provider's word ends it.

/** Minutes after the payment window during which a failed or expired purchase may still be settled. */
export const UNPAID_GRACE_MINUTES = 60;

export interface UnpaidFacts {
  paymentStatus: string;
  /** ISO 8601. */
  createdAt: string;
}

/** The moment a failed or expired purchase created at `createdAt` becomes finally unpaid. */
export function unpaidFinalAt(createdAt: string, paymentWindowMs: number): number {
  return Date.parse(createdAt) + paymentWindowMs + UNPAID_GRACE_MINUTES * 60_000;
}

/** Failed or expired, and past its payment window plus UNPAID_GRACE_MINUTES. */
export function isFinallyUnpaid(purchase: UnpaidFacts, now: Date | number, paymentWindowMs: number): boolean {
  if (purchase.paymentStatus !== 'failed' && purchase.paymentStatus !== 'expired') return false;
  return new Date(now).getTime() >= unpaidFinalAt(purchase.createdAt, paymentWindowMs);
}
