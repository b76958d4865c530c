// What getting into each phase of the checkout takes, one named function each: the server calls,
// the payment form, the polls and the network watch. The table (checkout-table.ts) says where the
// checkout goes; these do the work and feed the answers back to it as events through `send`.
// createCheckout (checkout-machine.ts) wires them; each is proved on its own in
// checkout-effects.test.ts with a context of its own.
import { PAY_FORM_DELAY_MS, type CreatePurchaseBody, type CreatePurchaseResponse } from '@courtreplay/shared';
import { phoneUrlFor } from './phone-link.ts';
import { isPaid, SAY, type CheckoutEvent, type PhaseOf, type Say } from './checkout-table.ts';
import {
  PaymentFormError,
  RESUME_WITHIN_MS,
  STATUS_POLL_MS,
  type CheckoutDeps,
  type CheckoutState,
  type PaymentFormFailure,
  type PaymentFormResult,
  type PayNowInput,
} from './checkout-ports.ts';

/** The attempt under way: what Pay Now was pressed with, and what its retries keep. */
export interface Attempt<TClip> {
  order: PayNowInput<TClip> | null;
  /** Kept while a request may have reached the server, so a retry is the same purchase. */
  idempotencyKey: string | null;
  /** Drawn once per attempt from the kiosk's stock. */
  phoneToken: string | null;
  /** The order whose upload progress the screens show. */
  deliveryOf: string | null;
}

export const noAttempt = <TClip>(): Attempt<TClip> => ({ order: null, idempotencyKey: null, phoneToken: null, deliveryOf: null });

/** What an effect reaches: the outside parts, the state now (it moves while an effect waits), and the way back into the table. */
export interface CheckoutContext<TClip> {
  deps: CheckoutDeps<TClip>;
  state(): CheckoutState;
  /** Feeds an event to the table; true when it changed the state. */
  send(event: CheckoutEvent): boolean;
  /** Sets what the screens show beside the phase. */
  patch(values: Partial<Pick<CheckoutState, 'sentTo' | 'sentToPhone' | 'delivery'>>): void;
  attempt: Attempt<TClip>;
}

/** Where the checkout starts: the waiting screen of a purchase pending before a reload, or the form. */
export function restoredState(deps: Pick<CheckoutDeps<unknown>, 'store' | 'now'>): CheckoutState {
  const resumed = deps.store.load();
  const fresh = resumed && deps.now() - resumed.savedAt < RESUME_WITHIN_MS ? resumed : null;
  if (resumed && !fresh) deps.store.clear();
  return {
    // Its phone page is named by the server at the first answer.
    phase: fresh ? { name: 'pending', transactionId: fresh.transactionId, phoneUrl: '' } : { name: 'form', error: null },
    watching: null,
    sentTo: fresh?.sentTo ?? '',
    sentToPhone: fresh?.sentToPhone ?? null,
    delivery: null,
  };
}

/** Before a second order for this cart: the earlier one is ended at the provider, or found paid. */
export async function endEarlierOrder(ctx: CheckoutContext<unknown>, transactionId: string): Promise<void> {
  const { deps, send } = ctx;
  try {
    const answer = await deps.calls.endPayment(transactionId);
    if (isPaid(answer.paymentStatus)) send({ type: 'PAID', transactionId, phoneUrl: answer.phoneUrl });
    else send({ type: 'ENDED', transactionId });
  } catch (e) {
    send({ type: 'REFUSED', error: deps.isNetworkError(e) ? SAY.connectionLost : deps.errorText(e) });
  }
}

/** Sends the order: accepted (its clips start uploading), free (also offline, through the outbox) or refused. */
export async function submitOrder<TClip>(ctx: CheckoutContext<TClip>): Promise<void> {
  const { deps, send, patch, attempt } = ctx;
  const input = attempt.order;
  if (!input) return void send({ type: 'REFUSED', error: (c) => c.unexpectedError });
  const key = (attempt.idempotencyKey ??= deps.newKey());
  const token = (attempt.phoneToken ??= deps.newPhoneToken() ?? null);
  const body: CreatePurchaseBody = token === null ? { ...input.body } : { ...input.body, phoneToken: token };
  // Without a token (the stock ran out offline) the purchase shows no QR code until the server names one.
  const ownPhoneUrl = token === null ? '' : phoneUrlFor(input.publicUrl, token);
  const sentTo = body.email ?? '';
  // The server stores the number in E.164; the kiosk shows it as the server will (answer.transaction.phone).
  const sentToPhone = body.phone ?? null;
  // A purchase that needs no payment is accepted without the network: the outbox sends it later.
  const acceptOffline = async () => {
    try {
      await deps.enqueueOffline(body, input.clips, key);
    } catch {
      return void send({ type: 'REFUSED', error: (c) => c.unexpectedError });
    }
    attempt.idempotencyKey = attempt.phoneToken = null;
    patch({ sentTo, sentToPhone, delivery: null });
    send({ type: 'FREE', phoneUrl: ownPhoneUrl });
  };
  if (body.totalAmount === 0 && !deps.isOnline()) return acceptOffline();
  let answer: CreatePurchaseResponse;
  try {
    answer = await deps.submit(body, key);
  } catch (e) {
    const offline = deps.isNetworkError(e);
    if (body.totalAmount === 0 && offline) return acceptOffline();
    if (!offline && (e as { status?: number }).status === 400) deps.refreshPrices();
    // A request that never arrived may be retried with the same key; anything else starts afresh.
    if (!offline) attempt.idempotencyKey = null;
    return void send({ type: 'REFUSED', error: deps.errorText(e) });
  }
  attempt.idempotencyKey = attempt.phoneToken = null;
  const transactionId = answer.transaction.id;
  const phoneUrl = answer.phoneUrl || ownPhoneUrl;
  patch({ sentTo, sentToPhone: answer.transaction.phone ?? sentToPhone, delivery: null });
  // The clips go up now, while the player pays: the server publishes them only once paid.
  attempt.deliveryOf = transactionId;
  deps.deliver(transactionId, input.clips, (step) => {
    if (attempt.deliveryOf === transactionId) patch({ delivery: step });
  });
  if (answer.skip_payment_gateway || !answer.payment?.token) return void send({ type: 'FREE', phoneUrl });
  // A reload from here on comes back to this purchase's waiting screen.
  deps.store.save({ transactionId, sentTo, sentToPhone: ctx.state().sentToPhone, savedAt: deps.now() });
  send({ type: 'ACCEPTED', transactionId, token: answer.payment.token, phoneUrl });
}

/** Every way out of a form that never showed ends the pending purchase, giving its promo use back. */
const abandon = (ctx: CheckoutContext<unknown>, transactionId: string) => void ctx.deps.calls.abandon(transactionId).catch(() => undefined);

/** A form's error code in plain words: Snap's 202 is a refusal by the bank or e-wallet. */
const formErrorReason = (result?: PaymentFormResult): Say => (result?.status_code === '202' ? SAY.declined : SAY.notCompleted);

const FORM_FAILURES: Record<PaymentFormFailure, Say> = {
  notConfigured: (c) => c.paymentNotConfigured,
  scriptFailed: (c) => c.paymentSystemLoadFailed,
  formFailed: (c) => c.paymentFormLoadFailed,
  initFailed: (c) => c.paymentInitFailed,
};

/** Loads the provider's form and shows it after PAY_FORM_DELAY_MS, its callbacks fed to the table. */
export async function openPaymentForm(ctx: CheckoutContext<unknown>, phase: PhaseOf<'paying'>): Promise<void> {
  const { deps, send } = ctx;
  const { transactionId, token } = phase;
  const stillHere = () => {
    const now = ctx.state().phase;
    return now.name === 'paying' && now.transactionId === transactionId;
  };
  const cannotShow = (e: unknown) => {
    abandon(ctx, transactionId);
    send({ type: 'REFUSED', error: FORM_FAILURES[e instanceof PaymentFormError ? e.kind : 'initFailed'] });
  };
  try {
    await deps.payment.prepare();
  } catch (e) {
    return cannotShow(e);
  }
  await new Promise<void>((resolve) => deps.timers.setTimeout(resolve, PAY_FORM_DELAY_MS));
  // The network went while the form was loading: already saying so.
  if (!stillHere()) return;
  const language = ctx.attempt.order?.body.language ?? 'en';
  try {
    // The table takes only the first callback that means something: Snap may still call onClose
    // after onSuccess or onPending, which must neither reopen the form nor end a purchase being paid.
    deps.payment.embed(token, language, {
      onSuccess: () => send({ type: 'PAID', transactionId, phoneUrl: phase.phoneUrl }),
      onPending: () => send({ type: 'PROVIDER_PENDING', transactionId }),
      onError: (result) => send({ type: 'FORM_ERROR', transactionId, reason: formErrorReason(result) }),
      onClose: () => {
        if (send({ type: 'CLOSED', transactionId })) abandon(ctx, transactionId);
      },
    });
    send({ type: 'EMBEDDED', transactionId });
  } catch (e) {
    cannotShow(e);
  }
}

/** After the form's error, the server says whether the order failed (then it is ended) or is still open. */
export async function checkAfterFormError(ctx: CheckoutContext<unknown>, transactionId: string): Promise<void> {
  const answer = await ctx.deps.calls.purchaseStatus(transactionId).catch(() => null);
  if (!answer) return void ctx.send({ type: 'NO_ANSWER', transactionId });
  // Still pending on the server: the form's failure stands, and the order is watched (and ended
  // before any new one), so a payment that lands after all still counts and none is taken twice.
  const before = ctx.state().phase;
  ctx.send({ type: 'STATUS', transactionId, ...answer });
  const after = ctx.state().phase;
  if (before !== after && after.name === 'form') abandon(ctx, transactionId);
}

/** The order the kiosk asks about now: the open one it waits for, or in the form the watched one. */
export function pollTarget(state: CheckoutState): string | null {
  const p = state.phase;
  if (p.name === 'pending' || p.name === 'offline') return p.transactionId;
  if (p.name === 'form' && state.watching) return state.watching.transactionId;
  return null;
}

/** One poll: the server's answer about the order followed, or the end of the watch on a closed one. */
export async function askAboutOrder(ctx: CheckoutContext<unknown>): Promise<void> {
  const state = ctx.state();
  const id = pollTarget(state);
  if (id === null) return;
  if (state.phase.name === 'form' && state.watching && ctx.deps.now() >= state.watching.until) {
    ctx.send({ type: 'WATCH_OVER' });
    return;
  }
  const answer = await ctx.deps.calls.purchaseStatus(id).catch(() => null);
  if (answer) ctx.send({ type: 'STATUS', transactionId: id, ...answer });
}

/**
 * The timers a phase needs: a poll every STATUS_POLL_MS while an order is followed, and the network
 * watch while the payment form is open, both only while the checkout is active (its page is up).
 * `keep` starts or stops them to match the state now; `setActive` turns them all on or off.
 */
export function createWatchers(ctx: CheckoutContext<unknown>) {
  let active = false;
  let pollHandle: unknown = null;
  let unsubscribeOnline: (() => void) | null = null;
  const { deps } = ctx;
  const keep = () => {
    const target = active ? pollTarget(ctx.state()) : null;
    if (target === null && pollHandle !== null) {
      deps.timers.clearTimeout(pollHandle);
      pollHandle = null;
    }
    if (target !== null && pollHandle === null) {
      pollHandle = deps.timers.setTimeout(() => {
        pollHandle = null;
        void askAboutOrder(ctx).finally(keep);
      }, STATUS_POLL_MS);
    }
    const needsNetworkWatch = active && ctx.state().phase.name === 'paying';
    if (needsNetworkWatch && !unsubscribeOnline)
      unsubscribeOnline = deps.subscribeOnline(() => {
        if (!deps.isOnline()) ctx.send({ type: 'NETWORK_LOST' });
      });
    if (!needsNetworkWatch && unsubscribeOnline) {
      unsubscribeOnline();
      unsubscribeOnline = null;
    }
  };
  const setActive = (on: boolean) => {
    active = on;
    keep();
  };
  return { keep, setActive };
}
