// The checkout's flow (docs/architecture.md, the kiosk) with no React in it. Its phases and what
// leaves each of them are the one table TRANSITIONS (checkout-table.ts); what entering a phase takes
// (the server calls, the payment form, the polls) is one named effect each (checkout-effects.ts);
// createCheckout only wires the two: it feeds events to the table and starts the effect of each
// phase entered. Every outside part is injected (checkout-ports.ts: the typed `call`, the clock, the
// outbox, the payment form, the network state, where a pending purchase is kept across a reload), so
// unit tests drive it against the in-process server with a fake clock. CheckoutPage only renders `state`.
//
// What it promises:
// - the clips start uploading the moment the server accepts the purchase, and the upload runs in
//   the outbox whatever the screen does next: the server publishes them, and sends the e-mail or
//   WhatsApp message, once the purchase is paid (also long after this player left);
// - a closed payment form never invites a second payment: the kiosk keeps asking about that order
//   for WATCH_MS, shows its QR code if it is paid meanwhile, and before it opens another order it
//   ends the earlier one at the provider (or shows it paid, when the provider says it was);
// - the network lost with the form open is said as it is: nothing charged yet, a payment made on
//   the phone still counts; "your videos will be sent" only for an order the provider reported
//   pending or paid;
// - a failure says what happened and whether anything was charged, and the cart stays for Try Again;
// - every text is a catalogue message, worded in the player's language when shown.
import { transition, type CheckoutEvent, type CheckoutPhase } from './checkout-table.ts';
import type { Checkout, CheckoutDeps, CheckoutState } from './checkout-ports.ts';
import {
  askAboutOrder,
  checkAfterFormError,
  createWatchers,
  endEarlierOrder,
  noAttempt,
  openPaymentForm,
  restoredState,
  submitOrder,
  type CheckoutContext,
} from './checkout-effects.ts';

export * from './checkout-table.ts';
export * from './checkout-ports.ts';

export function createCheckout<TClip>(deps: CheckoutDeps<TClip>): Checkout<TClip> {
  let state: CheckoutState = restoredState(deps);
  const listeners = new Set<() => void>();
  /** Resolves payNow's promise once the attempt settles into a phase the player acts on. */
  let attemptSettled: (() => void) | null = null;
  const emit = () => listeners.forEach((listener) => listener());

  const ctx: CheckoutContext<TClip> = {
    deps,
    attempt: noAttempt(),
    state: () => state,
    /** Feeds an event to the table; true when it changed the state. Starts what entering the new phase takes. */
    send(event: CheckoutEvent) {
      const next = transition(state, event, deps.now());
      if (!next) return false;
      const before = state.phase;
      state = { ...state, ...next };
      if (state.phase !== before) entered(state.phase);
      emit();
      watchers.keep();
      return true;
    },
    patch(values) {
      state = { ...state, ...values };
      emit();
    },
  };
  const watchers = createWatchers(ctx);

  const settleAttempt = () => {
    const resolve = attemptSettled;
    attemptSettled = null;
    resolve?.();
  };

  /** What each phase starts when entered (the table says where to go; the effects do what getting there takes). */
  const entered = (phase: CheckoutPhase) => {
    switch (phase.name) {
      case 'ending':
        return void endEarlierOrder(ctx, phase.transactionId);
      case 'submitting':
        return void submitOrder(ctx);
      case 'paying':
        // Pay Now's promise settles once the form shows (or the attempt ends), not while it loads.
        if (!phase.embedded) return void openPaymentForm(ctx, phase);
        break;
      case 'checking':
        return void checkAfterFormError(ctx, phase.transactionId);
      case 'done':
        // Complete: the cart goes, and a reload starts afresh.
        deps.store.clear();
        deps.clearCart();
        break;
      case 'form':
        deps.store.clear();
        break;
      case 'offline':
      case 'pending':
        break;
    }
    settleAttempt();
  };

  return {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    payNow(input) {
      if (state.phase.name !== 'form') return Promise.resolve();
      ctx.attempt.order = input;
      const settled = new Promise<void>((resolve) => (attemptSettled = resolve));
      ctx.send({ type: 'PAY' });
      return settled;
    },
    clearError() {
      ctx.send({ type: 'DISMISS_ERROR' });
    },
    backToForm() {
      const p = state.phase;
      if (p.name === 'offline') ctx.send({ type: 'CLOSED', transactionId: p.transactionId });
    },
    resume() {
      watchers.setActive(true);
      // Back from a reload: ask at once rather than after the first wait.
      if (state.phase.name === 'pending') void askAboutOrder(ctx);
    },
    dispose() {
      watchers.setActive(false);
    },
    leave() {
      deps.store.clear();
      ctx.send({ type: 'RESET' });
      settleAttempt();
    },
  };
}
