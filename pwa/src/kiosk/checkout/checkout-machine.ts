// The checkout's flow (docs/architecture.md, the kiosk) with no React in it. Its phases and what
// leaves each of them are the one table TRANSITIONS (checkout-table.ts); createCheckout is the shell that runs
// the side of each step (the server calls, the payment form, the polls) and feeds their answers back
// as events. Every outside part is injected (the typed `call`, the clock, the outbox, the payment
// form, the network state, where a pending purchase is kept across a reload), so unit tests drive it
// against the in-process server with a fake clock. CheckoutPage only renders `state`.
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
import { PAY_FORM_DELAY_MS, type CreatePurchaseBody, type CreatePurchaseResponse, type PurchaseStatusResponse } from '@courtreplay/shared';
import type { TimerApi } from '../timers.ts';
import { phoneUrlFor } from './phone-link.ts';
import {
  isPaid,
  SAY,
  transition,
  type CheckoutEvent,
  type CheckoutPhase,
  type MachineState,
  type PhaseOf,
  type Say,
} from './checkout-table.ts';

export * from './checkout-table.ts';

export interface DeliveryStep {
  label: string;
  percent: number;
  state: 'running' | 'done' | 'error';
  /** Why the upload is waiting (the storage refused for now), in the storage's words; it keeps trying. */
  waitingFor?: string;
}

/** How often the kiosk asks whether a payment landed. */
export const STATUS_POLL_MS = 3_000;
/** A pending purchase older than this is not resumed after a reload (the payment window is shorter). */
export const RESUME_WITHIN_MS = 30 * 60_000;

export interface CheckoutState extends MachineState {
  /** The address the clips go to, repeated on the completed screen; '' when the player left only a number. */
  sentTo: string;
  /** The WhatsApp number (E.164) the clips go to; null when none. */
  sentToPhone: string | null;
  delivery: DeliveryStep | null;
}

/** What a reload needs to come back to the waiting screen (kept in sessionStorage by the page). */
export interface PendingCheckout {
  transactionId: string;
  sentTo: string;
  sentToPhone?: string | null;
  savedAt: number;
}

export interface PendingStore {
  load(): PendingCheckout | null;
  save(pending: PendingCheckout): void;
  clear(): void;
}

/** What the provider's form says with an error: its code picks the reason; its words are shown to nobody. */
export interface PaymentFormResult {
  status_code?: string;
  status_message?: string;
}

/** The provider's form callbacks (Snap's embed options, without its own fields). */
export interface PaymentCallbacks {
  onSuccess: () => void;
  onPending: () => void;
  onError: (result?: PaymentFormResult) => void;
  onClose: () => void;
}

/** Why the payment form could not be shown. */
export type PaymentFormFailure = 'notConfigured' | 'scriptFailed' | 'formFailed' | 'initFailed';

export class PaymentFormError extends Error {
  constructor(readonly kind: PaymentFormFailure) {
    super(kind);
  }
}

export interface PaymentForm {
  /** Reads the provider's configuration and loads its script; throws PaymentFormError. */
  prepare(): Promise<void>;
  /** Shows the form, in the player's language, in the panel the page renders while paying; throws PaymentFormError. */
  embed(token: string, language: 'en' | 'id', callbacks: PaymentCallbacks): void;
}

/** The slice of the typed client the checkout uses (pwa/src/lib/api-client.ts `call`). */
export interface CheckoutCalls {
  purchaseStatus(transactionId: string): Promise<PurchaseStatusResponse>;
  abandon(transactionId: string): Promise<void>;
  /** Ends the order at the provider; answers where it stands then (expired, or paid after all). */
  endPayment(transactionId: string): Promise<PurchaseStatusResponse>;
}

export interface CheckoutDeps<TClip> {
  calls: CheckoutCalls;
  timers: TimerApi;
  now: () => number;
  /** The outbox: stores the purchase with its key, sends it, throws the refusal or the network error. */
  submit(body: CreatePurchaseBody, key: string): Promise<CreatePurchaseResponse>;
  /** The outbox: a free purchase accepted without the network, with its clips' upload job. */
  enqueueOffline(body: CreatePurchaseBody, clips: TClip[], key: string): Promise<void>;
  /** Creates the purchase's upload job and runs it in the background (outbox/upload-runner.ts). */
  deliver(transactionId: string, clips: TClip[], onStep: (step: DeliveryStep) => void): void;
  payment: PaymentForm;
  isOnline(): boolean;
  subscribeOnline(listener: () => void): () => void;
  store: PendingStore;
  newKey(): string;
  /** A phone-page token the server issued to this kiosk; undefined when none is left (the server draws one). */
  newPhoneToken(): string | undefined;
  /** The purchase is complete (paid or free): the selection is cleared. */
  clearCart(): void;
  /** Refused as sent (400): the prices may have changed, read them again. */
  refreshPrices(): void;
  /** How the page says an error the server worded (its catalogue message) or a fallback. */
  errorText(error: unknown): Say;
  /** Status 0: the request never reached the server. */
  isNetworkError(error: unknown): boolean;
}

export interface PayNowInput<TClip> {
  /** The order without the phone token, which the checkout draws once per purchase attempt. */
  body: Omit<CreatePurchaseBody, 'phoneToken'>;
  clips: TClip[];
  /** Where the phone page lives (the product's public URL): the QR code before the server names it. */
  publicUrl: string;
}

export interface Checkout<TClip> {
  readonly state: CheckoutState;
  subscribe(listener: () => void): () => void;
  /** Pay Now (and Try Again): resolves once the attempt reached the payment form or ended. */
  payNow(input: PayNowInput<TClip>): Promise<void>;
  clearError(): void;
  /** The player leaves the connection-lost screen for the form; the order stays watched. */
  backToForm(): void;
  /** Starts the polls and the network watch the phase needs. */
  resume(): void;
  /** Stops every timer (the upload carries on in the outbox). */
  dispose(): void;
  /** Done, or the kiosk reset for the next player: a reload no longer returns to the purchase. */
  leave(): void;
}

/** A form's error code in plain words: Snap's 202 is a refusal by the bank or e-wallet. */
const formErrorReason = (result?: PaymentFormResult): Say => (result?.status_code === '202' ? SAY.declined : SAY.notCompleted);

const FORM_FAILURES: Record<PaymentFormFailure, Say> = {
  notConfigured: (c) => c.paymentNotConfigured,
  scriptFailed: (c) => c.paymentSystemLoadFailed,
  formFailed: (c) => c.paymentFormLoadFailed,
  initFailed: (c) => c.paymentInitFailed,
};

export function createCheckout<TClip>(deps: CheckoutDeps<TClip>): Checkout<TClip> {
  const resumed = deps.store.load();
  const fresh = resumed && deps.now() - resumed.savedAt < RESUME_WITHIN_MS ? resumed : null;
  if (resumed && !fresh) deps.store.clear();
  let state: CheckoutState = {
    // Back from a reload: the waiting screen of that purchase (its phone page named by the server).
    phase: fresh ? { name: 'pending', transactionId: fresh.transactionId, phoneUrl: '' } : { name: 'form', error: null },
    watching: null,
    sentTo: fresh?.sentTo ?? '',
    sentToPhone: fresh?.sentToPhone ?? null,
    delivery: null,
  };
  const listeners = new Set<() => void>();
  let active = false;
  let pollHandle: unknown = null;
  let unsubscribeOnline: (() => void) | null = null;
  /** What Pay Now was pressed with, for the steps that follow (ending the earlier order, submitting). */
  let order: PayNowInput<TClip> | null = null;
  let idempotencyKey: string | null = null;
  let phoneToken: string | null = null;
  /** The order whose upload progress the screens show. */
  let deliveryOf: string | null = null;
  /** Resolves payNow's promise once the attempt settles into a phase the player acts on. */
  let attemptSettled: (() => void) | null = null;

  const emit = () => {
    for (const listener of listeners) listener();
  };

  /** Feeds an event to the table; true when it changed the state. Runs what entering the new phase starts. */
  const send = (event: CheckoutEvent): boolean => {
    const next = transition(state, event, deps.now());
    if (!next) return false;
    const before = state.phase;
    state = { ...state, ...next };
    if (state.phase !== before) entered(state.phase);
    emit();
    keepTimers();
    return true;
  };

  const patch = (values: Partial<Pick<CheckoutState, 'sentTo' | 'sentToPhone' | 'delivery'>>) => {
    state = { ...state, ...values };
    emit();
  };

  /** What each phase starts when entered (the table says where to go; this does what getting there takes). */
  const entered = (phase: CheckoutPhase) => {
    switch (phase.name) {
      case 'ending':
        return void endEarlier(phase.transactionId);
      case 'submitting':
        return void submitOrder();
      case 'paying':
        // Pay Now's promise settles once the form shows (or the attempt ends), not while it loads.
        if (!phase.embedded) return void openPaymentForm(phase);
        break;
      case 'checking':
        return void checkAfterFormError(phase.transactionId);
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

  const settleAttempt = () => {
    const resolve = attemptSettled;
    attemptSettled = null;
    resolve?.();
  };

  // ------------------------------------------------------------ timers: the polls and the network watch

  /** The order the kiosk asks about now: the open one it waits for, or in the form the watched one. */
  const pollTarget = (): string | null => {
    const p = state.phase;
    if (p.name === 'pending' || p.name === 'offline') return p.transactionId;
    if (p.name === 'form' && state.watching) return state.watching.transactionId;
    return null;
  };

  const keepTimers = () => {
    const target = active ? pollTarget() : null;
    if (target === null && pollHandle !== null) {
      deps.timers.clearTimeout(pollHandle);
      pollHandle = null;
    }
    if (target !== null && pollHandle === null) {
      pollHandle = deps.timers.setTimeout(() => {
        pollHandle = null;
        void ask().finally(keepTimers);
      }, STATUS_POLL_MS);
    }
    const needsNetworkWatch = active && state.phase.name === 'paying';
    if (needsNetworkWatch && !unsubscribeOnline) unsubscribeOnline = deps.subscribeOnline(networkChanged);
    if (!needsNetworkWatch && unsubscribeOnline) {
      unsubscribeOnline();
      unsubscribeOnline = null;
    }
  };

  const ask = async () => {
    const id = pollTarget();
    if (id === null) return;
    const watched = state.watching;
    if (state.phase.name === 'form' && watched && deps.now() >= watched.until) {
      send({ type: 'WATCH_OVER' });
      return;
    }
    const answer = await deps.calls.purchaseStatus(id).catch(() => null);
    if (answer) send({ type: 'STATUS', transactionId: id, ...answer });
  };

  const networkChanged = () => {
    if (!deps.isOnline()) send({ type: 'NETWORK_LOST' });
  };

  // ------------------------------------------------------------ what the phases do

  /** Before a second order for this cart: the earlier one is ended at the provider, or found paid. */
  const endEarlier = async (transactionId: string) => {
    try {
      const answer = await deps.calls.endPayment(transactionId);
      if (isPaid(answer.paymentStatus)) send({ type: 'PAID', transactionId, phoneUrl: answer.phoneUrl });
      else send({ type: 'ENDED', transactionId });
    } catch (e) {
      send({ type: 'REFUSED', error: deps.isNetworkError(e) ? SAY.connectionLost : deps.errorText(e) });
    }
  };

  const submitOrder = async () => {
    const input = order;
    if (!input) return send({ type: 'REFUSED', error: (c) => c.unexpectedError });
    const key = (idempotencyKey ??= deps.newKey());
    const token = (phoneToken ??= deps.newPhoneToken() ?? null);
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
        return send({ type: 'REFUSED', error: (c) => c.unexpectedError });
      }
      idempotencyKey = phoneToken = null;
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
      if (!offline) idempotencyKey = null;
      return send({ type: 'REFUSED', error: deps.errorText(e) });
    }
    idempotencyKey = phoneToken = null;
    const transactionId = answer.transaction.id;
    const phoneUrl = answer.phoneUrl || ownPhoneUrl;
    patch({ sentTo, sentToPhone: answer.transaction.phone ?? sentToPhone, delivery: null });
    // The clips go up now, while the player pays: the server publishes them only once paid.
    deliveryOf = transactionId;
    deps.deliver(transactionId, input.clips, (step) => {
      if (deliveryOf === transactionId) patch({ delivery: step });
    });
    if (answer.skip_payment_gateway || !answer.payment?.token) return send({ type: 'FREE', phoneUrl });
    // A reload from here on comes back to this purchase's waiting screen.
    deps.store.save({ transactionId, sentTo, sentToPhone: state.sentToPhone, savedAt: deps.now() });
    send({ type: 'ACCEPTED', transactionId, token: answer.payment.token, phoneUrl });
  };

  /** Every way out of a form that never showed ends the pending purchase, giving its promo use back. */
  const abandon = (transactionId: string) => void deps.calls.abandon(transactionId).catch(() => undefined);

  const openPaymentForm = async (phase: PhaseOf<'paying'>) => {
    const { transactionId, token } = phase;
    const stillHere = () => state.phase.name === 'paying' && state.phase.transactionId === transactionId;
    const cannotShow = (e: unknown) => {
      abandon(transactionId);
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
    const language = order?.body.language ?? 'en';
    try {
      // The table takes only the first callback that means something: Snap may still call onClose
      // after onSuccess or onPending, which must neither reopen the form nor end a purchase being paid.
      deps.payment.embed(token, language, {
        onSuccess: () => send({ type: 'PAID', transactionId, phoneUrl: phase.phoneUrl }),
        onPending: () => send({ type: 'PROVIDER_PENDING', transactionId }),
        onError: (result) => send({ type: 'FORM_ERROR', transactionId, reason: formErrorReason(result) }),
        onClose: () => {
          if (send({ type: 'CLOSED', transactionId })) abandon(transactionId);
        },
      });
      send({ type: 'EMBEDDED', transactionId });
    } catch (e) {
      cannotShow(e);
    }
  };

  const checkAfterFormError = async (transactionId: string) => {
    const answer = await deps.calls.purchaseStatus(transactionId).catch(() => null);
    if (!answer) return send({ type: 'NO_ANSWER', transactionId });
    // Still pending on the server: the form's failure stands, and the order is watched (and ended
    // before any new one), so a payment that lands after all still counts and none is taken twice.
    const before = state.phase;
    send({ type: 'STATUS', transactionId, ...answer });
    if (before !== state.phase && state.phase.name === 'form') abandon(transactionId);
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
      order = input;
      const settled = new Promise<void>((resolve) => (attemptSettled = resolve));
      send({ type: 'PAY' });
      return settled;
    },
    clearError() {
      send({ type: 'DISMISS_ERROR' });
    },
    backToForm() {
      const p = state.phase;
      if (p.name === 'offline') send({ type: 'CLOSED', transactionId: p.transactionId });
    },
    resume() {
      active = true;
      keepTimers();
      // Back from a reload: ask at once rather than after the first wait.
      if (state.phase.name === 'pending') void ask();
    },
    dispose() {
      active = false;
      keepTimers();
    },
    leave() {
      deps.store.clear();
      send({ type: 'RESET' });
      settleAttempt();
    },
  };
}
