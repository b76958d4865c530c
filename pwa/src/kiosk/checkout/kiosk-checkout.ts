// The kiosk's one checkout, with the browser's parts: the outbox, Snap, sessionStorage, the
// network. It lives as long as the page, not the checkout screen: the player's order stays followed
// through Back to the selection (a late payment then brings the completed screen back), until the
// kiosk resets for the next player.
import type { QueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@courtreplay/shared';
import { call, errorMessage, isNetworkError } from '../../lib/api-client.ts';
import { isOnline, subscribeOnline } from '../../offline/index.ts';
import { enqueuePurchase, newIdempotencyKey, submitPurchase } from '../../outbox/index.ts';
import { clearCart, type Clip } from '../clip-store.ts';
import { kioskKeys, paymentClientQuery } from '../queries.ts';
import { createCheckout, type Checkout } from './checkout-machine.ts';
import { deliverClips, offlineUploadPlan } from './delivery.ts';
import { sessionPendingStore } from './pending-store.ts';
import { takePhoneToken } from '../phone-tokens.ts';
import { checkoutSession } from './session.ts';
import { snapPaymentForm } from './snap.ts';

export const EMBED_ID = 'snap-container';

const machines = new Map<boolean, Checkout<Clip>>();
let screensShown = 0;

/** The checkout screen is up: a payment that lands shows there. */
export function checkoutScreenShown(): () => void {
  screensShown++;
  checkoutSession.setPaidMeanwhile(false);
  return () => void screensShown--;
}

export function kioskCheckout(queryClient: QueryClient, staging: boolean): Checkout<Clip> {
  const known = machines.get(staging);
  if (known) return known;
  const machine = createCheckout<Clip>({
    calls: {
      purchaseStatus: (id) => call('purchaseStatus', { params: { id } }),
      abandon: async (id) => {
        await call('abandonPurchase', { params: { id } });
      },
      endPayment: (id) => call('endPurchasePayment', { params: { id } }),
    },
    timers: { setTimeout: (fn, ms) => window.setTimeout(fn, ms), clearTimeout: (h) => window.clearTimeout(h as number) },
    now: () => Date.now(),
    submit: (body, key) => submitPurchase(body, staging, key),
    enqueueOffline: async (body, clips, key) => {
      await enqueuePurchase(body, staging, offlineUploadPlan(clips), key);
    },
    deliver: (id, clips, onStep) => void deliverClips(id, clips, onStep),
    payment: snapPaymentForm({
      embedId: EMBED_ID,
      clientConfig: () => queryClient.fetchQuery(paymentClientQuery(staging)),
      forget: () => queryClient.removeQueries({ queryKey: paymentClientQuery(staging).queryKey }),
    }),
    isOnline,
    subscribeOnline,
    store: sessionPendingStore,
    newKey: newIdempotencyKey,
    newPhoneToken: takePhoneToken,
    clearCart,
    refreshPrices: () => void queryClient.invalidateQueries({ queryKey: kioskKeys.configs }),
    errorText: (e) => {
      const said = errorMessage(e, MESSAGES.checkout.unexpectedError);
      return (_, translate) => translate(said);
    },
    isNetworkError,
  });
  // A closed order paid while the player is on the selection screen: that screen brings them back.
  machine.subscribe(() => {
    if (machine.state.phase.name === 'done' && screensShown === 0) checkoutSession.setPaidMeanwhile(true);
  });
  checkoutSession.onReset(() => machine.leave());
  machine.resume();
  machines.set(staging, machine);
  return machine;
}
