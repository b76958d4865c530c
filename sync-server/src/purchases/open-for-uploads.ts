// Whether a purchase still takes clips: create-folder, upload URLs and a saved
// link are refused (409) for a purchase that was erased, whose clips the retention job removed, or
// that ended finally unpaid (shared/purchase-window.ts). A pending purchase, and a failed or expired
// one still inside its payment window plus the grace, may yet be paid: they keep taking uploads.
import { isFinallyUnpaid, SERVER_MESSAGES } from '@courtreplay/shared';
import { conflict } from '../errors.ts';

export interface UploadFacts {
  paymentStatus: string;
  createdAt: string;
  erasedAt: string | null;
  clipsExpiredAt: string | null;
}

export function assertOpenForUploads(purchase: UploadFacts, now: Date, paymentWindowMs: number): void {
  if (purchase.erasedAt) throw conflict(SERVER_MESSAGES.storage.purchaseErased);
  if (purchase.clipsExpiredAt) throw conflict(SERVER_MESSAGES.storage.purchaseClipsRemoved);
  if (isFinallyUnpaid(purchase, now, paymentWindowMs)) throw conflict(SERVER_MESSAGES.storage.purchaseUnpaid);
}
