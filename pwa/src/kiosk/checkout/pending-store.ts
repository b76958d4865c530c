// Where the checkout keeps the purchase whose payment is pending, so a reload of the kiosk comes
// back to its waiting screen. sessionStorage: it survives a reload of this tab,
// not a new browser session, and needs no await before the first render.
import type { PendingCheckout, PendingStore } from './checkout-machine.ts';

const KEY = 'courtreplay.checkout.pending';

export const sessionPendingStore: PendingStore = {
  load() {
    try {
      const raw = sessionStorage.getItem(KEY);
      const parsed = raw ? (JSON.parse(raw) as Partial<PendingCheckout>) : null;
      if (!parsed || typeof parsed.transactionId !== 'string' || typeof parsed.savedAt !== 'number') return null;
      return {
        transactionId: parsed.transactionId,
        sentTo: typeof parsed.sentTo === 'string' ? parsed.sentTo : '',
        sentToPhone: typeof parsed.sentToPhone === 'string' ? parsed.sentToPhone : null,
        savedAt: parsed.savedAt,
      };
    } catch {
      return null;
    }
  },
  save(pending) {
    try {
      sessionStorage.setItem(KEY, JSON.stringify(pending));
    } catch {
      // A full or disabled storage only loses the return after a reload.
    }
  },
  clear() {
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      // As above.
    }
  },
};
