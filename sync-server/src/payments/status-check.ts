// One way to ask the provider about an order, for the webhook and the reconciler: the status with
// a reversal's particulars when the adapter gives them, and a time limit for callers that must
// answer someone in time (Midtrans waits for a notification's answer; it must come within 10 s).
import { SERVER_MESSAGES } from '@courtreplay/shared';
import type { PaymentProvider, ProviderStatusDetail } from '../adapters/ports.ts';
import { DomainError } from '../errors.ts';

/** What a notification may spend on the status check: with the rest of the handler, well inside Midtrans' 10 s. */
export const NOTIFICATION_STATUS_BUDGET_MS = 7_000;

export async function checkStatus(payments: PaymentProvider, orderId: string, staging: boolean): Promise<ProviderStatusDetail> {
  if (payments.fetchStatusDetail) return payments.fetchStatusDetail(orderId, staging);
  return { status: await payments.fetchStatus(orderId, staging) };
}

/**
 * checkStatus, given up after `budgetMs`: rejects with an 'unavailable' DomainError then (the call
 * itself ends on its own time limit, its answer unused).
 */
export async function checkStatusWithin(
  payments: PaymentProvider,
  orderId: string,
  staging: boolean,
  budgetMs: number,
): Promise<ProviderStatusDetail> {
  let timer: NodeJS.Timeout | undefined;
  const giveUp = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DomainError('unavailable', SERVER_MESSAGES.payments.statusUnconfirmed)), budgetMs);
  });
  const asked = checkStatus(payments, orderId, staging);
  asked.catch(() => undefined); // a late failure after the budget is nobody's to handle
  try {
    return await Promise.race([asked, giveUp]);
  } finally {
    clearTimeout(timer);
  }
}
