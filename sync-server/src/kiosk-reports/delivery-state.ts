// A purchase's delivery as the back-office shows it, from what the server stored (payment, link,
// e-mail) and what the kiosk last reported about its uploads. The server's own records win: a
// saved link or a sent e-mail outranks an older progress report.
import type { DeliveryState } from '@courtreplay/shared';
import type { PurchaseProgressRow } from './queries.ts';

export const NO_CLIP_UPLOADED = 'No clip could be uploaded';

export function deliveryStateOf(row: PurchaseProgressRow): DeliveryState {
  const total = row.total ?? row.videoCount;
  const uploaded = row.uploaded ?? (row.zipUrl ? total : 0);
  const failed = row.failed ?? 0;
  const updatedAt = row.progressAt && row.progressAt > row.updatedAt ? row.progressAt : row.updatedAt;
  const base = { transactionId: row.id, uploaded, failed, total, updatedAt, reason: null };
  if (row.paymentStatus === 'pending') return { ...base, state: 'awaiting_payment' };
  if (row.paymentStatus === 'failed' || row.paymentStatus === 'expired')
    return { ...base, state: 'not_paid', reason: `Payment ${row.paymentStatus}` };
  if (row.emailStatus === 'sent') return { ...base, state: 'emailed' };
  if (row.emailStatus === 'failed')
    return { ...base, state: 'failed', reason: `E-mail not sent${row.emailError ? `: ${row.emailError}` : ''}` };
  // A refused e-mail waits for its next try; an e-mail being sent holds a due time too, with no error.
  if (row.zipUrl && row.emailRetryAt && row.emailLastError)
    return { ...base, state: 'link_saved', reason: emailWaiting(row.emailLastError) };
  if (row.zipUrl) return { ...base, state: 'link_saved' };
  if (row.uploadError === 1 || row.uploadState === 'failed') return { ...base, state: 'failed', reason: row.reason ?? NO_CLIP_UPLOADED };
  if (row.uploadState === 'uploading') return { ...base, state: 'uploading', reason: row.reason ?? null };
  return { ...base, state: 'paid' };
}

/** A temporary refusal (4xx, no answer): the worker tries again by itself, for up to a day. */
export function emailWaiting(lastError: string | null): string {
  return `E-mail not accepted yet${lastError ? ` (${lastError})` : ''}; it is retried automatically`;
}
