// What the player typed at checkout (contact, promo) is kept with the cart through Close, Back and
// a failed payment, until the purchase completes or the kiosk resets for the next player. Small and
// free of the checkout's code: the home screen resets it, and the selection screen hears of a late
// payment, without loading the checkout chunk.
import { useSyncExternalStore } from 'react';
import type { AppliedPromo } from './promo.ts';

export interface CheckoutDraft {
  email: string;
  phone: string;
  phoneConsent: boolean;
  promo: AppliedPromo | null;
}

interface Session {
  draft: CheckoutDraft;
  /** The order the player closed was paid while they were away from the checkout screen. */
  paidMeanwhile: boolean;
}

const EMPTY: CheckoutDraft = { email: '', phone: '', phoneConsent: false, promo: null };
let session: Session = { draft: EMPTY, paidMeanwhile: false };
const listeners = new Set<() => void>();
const resetters = new Set<() => void>();

const emit = () => {
  for (const listener of listeners) listener();
};

export const checkoutSession = {
  get: () => session,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  setDraft(patch: Partial<CheckoutDraft>) {
    session = { ...session, draft: { ...session.draft, ...patch } };
    emit();
  },
  setPaidMeanwhile(paid: boolean) {
    if (session.paidMeanwhile === paid) return;
    session = { ...session, paidMeanwhile: paid };
    emit();
  },
  /** The checkout registers how it forgets the last player's order; returns the unregister. */
  onReset(reset: () => void) {
    resetters.add(reset);
    return () => void resetters.delete(reset);
  },
};

export function useCheckoutSession(): Session {
  return useSyncExternalStore(checkoutSession.subscribe, checkoutSession.get);
}

/**
 * The kiosk resets for the next player (home screen): the draft goes and the checkout stops
 * following the last player's order. A payment for it that still lands is delivered by the server
 * in the background (e-mail or WhatsApp) without showing here.
 */
export function resetCheckoutSession(): void {
  session = { draft: EMPTY, paidMeanwhile: false };
  for (const reset of resetters) reset();
  emit();
}
