// The checkout's flow (spec sections 2, 4, 5; issue 27 point 1) with no React in it: form -> paying
// -> pending -> paid/failed, with the outbox, the payment form and the offline fallbacks. Every
// outside part is injected (the typed `call`, the clock, the outbox, the payment form, the network
// state, where a pending purchase is kept across a reload), so unit tests drive it against the
// in-process server with a fake clock. CheckoutPage only renders `state`.
//
// What it promises (issue 23 points 1 and 3):
// - the clips start uploading the moment the server accepts the purchase, paid or free, and the
//   upload runs in the outbox whatever the screen does next (Close, Done, a reload): the server
//   only publishes them, and sends the e-mail, once the purchase is paid;
// - a purchase the server still holds as pending is never called failed: a lost network or an
//   error from the payment form leads to the waiting screen, which keeps asking the server;
// - a reload during a pending payment comes back to the waiting screen of that purchase;
// - every text is a catalogue message, worded in the player's language when shown.
import {
  PAY_FORM_DELAY_MS,
  type CreatePurchaseBody,
  type CreatePurchaseResponse,
  type KioskMessages,
  type PurchaseStatusResponse,
} from '@courtreplay/shared';
import type { TimerApi } from '../timers.ts';
import { phoneUrlFor } from './phone-link.ts';

/** A message picked now and worded when shown, so a language switch rewords it (issue 12 point 12). */
export type Say = (c: KioskMessages['checkout'], tr: (english: string) => string) => string;

export interface DeliveryStep {
  label: string;
  percent: number;
  state: 'running' | 'done' | 'error';
  /** Why the upload is waiting (the storage refused for now), in the storage's words; it keeps trying. */
  waitingFor?: string;
}

export type CheckoutPhase =
  | { name: 'form'; busy: boolean; error: Say | null }
  /** The payment form is open (`embedded` once the provider's form was asked to show). */
  | { name: 'paying'; transactionId: string; embedded: boolean }
  /** Waiting for the payment to land; `failed` once the server says it ended unpaid. */
  | { name: 'pending'; transactionId: string; failed: boolean }
  /** Paid or free: the QR code of the phone page shows. */
  | { name: 'done'; message: Say; phoneUrl: string | null };

export interface CheckoutState<TClip> {
  phase: CheckoutPhase;
  /** The clips bought (the cart is cleared once the purchase is accepted). */
  purchased: TClip[] | null;
  /** The address the clips go to, repeated on the completed screen; '' when the player left only a number. */
  sentTo: string;
  /** The WhatsApp number (E.164) the clips go to (issue 26); null when none. */
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

/** What the provider's form says with an error; shown to nobody (its words are not the player's language). */
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
  /** The purchase is accepted: the selection is cleared. */
  clearCart(): void;
  /** Refused as sent (400): the prices may have changed, read them again. */
  refreshPrices(): void;
  /** How the page says an error the server worded (its catalogue message) or a fallback. */
  errorText(error: unknown): Say;
  /** Status 0: the request never reached the server. */
  isNetworkError(error: unknown): boolean;
}

/** How often the waiting screen asks whether the payment landed. */
export const STATUS_POLL_MS = 3_000;
/** A pending purchase older than this is not resumed after a reload (the payment window is shorter). */
export const RESUME_WITHIN_MS = 30 * 60_000;

export interface PayNowInput<TClip> {
  /** The order without the phone token, which the checkout draws once per purchase attempt. */
  body: Omit<CreatePurchaseBody, 'phoneToken'>;
  clips: TClip[];
  /** Where the phone page lives (the product's public URL): the QR code before the server names it. */
  publicUrl: string;
}

export interface Checkout<TClip> {
  readonly state: CheckoutState<TClip>;
  subscribe(listener: () => void): () => void;
  payNow(input: PayNowInput<TClip>): Promise<void>;
  clearError(): void;
  /** The screen is shown (again): polls and watches the network while it needs to. */
  resume(): void;
  /** The screen went away (unmount): timers stop; the upload carries on in the outbox. */
  dispose(): void;
  /** The player is done with this purchase (Done, the countdown): a reload no longer returns to it. */
  leave(): void;
}

const sayPaymentFailed: Say = (c) => c.paymentFailed(null);
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
  let state: CheckoutState<TClip> = fresh
    ? {
        phase: { name: 'pending', transactionId: fresh.transactionId, failed: false },
        purchased: null,
        sentTo: fresh.sentTo,
        sentToPhone: fresh.sentToPhone ?? null,
        delivery: null,
      }
    : { phase: { name: 'form', busy: false, error: null }, purchased: null, sentTo: '', sentToPhone: null, delivery: null };
  const listeners = new Set<() => void>();
  let idempotencyKey: string | null = null;
  let phoneToken: string | null = null;
  let pollHandle: unknown = null;
  let unsubscribeOnline: (() => void) | null = null;
  let active = false;
  /** Bumped with every purchase attempt: callbacks of an older one change nothing. */
  let attempt = 0;
  /**
   * The order whose form the player closed: their e-wallet may still settle it (issue 23). While
   * the order form is on screen the kiosk keeps asking, and a payment that lands shows its QR code;
   * Pay Now asks once more before it makes a second order the player might also pay.
   */
  let closed: { transactionId: string; phoneUrl: string } | null = null;
  let closedPollHandle: unknown = null;

  const set = (patch: Partial<CheckoutState<TClip>>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
    watch();
  };
  const phase = () => state.phase;

  const stopPolling = () => {
    if (pollHandle !== null) deps.timers.clearTimeout(pollHandle);
    pollHandle = null;
  };

  /** Asks the server where the pending purchase stands, every STATUS_POLL_MS while waiting. */
  const poll = () => {
    if (pollHandle !== null) return;
    pollHandle = deps.timers.setTimeout(() => {
      pollHandle = null;
      void askStatus().finally(() => {
        const p = phase();
        if (active && p.name === 'pending' && !p.failed) poll();
      });
    }, STATUS_POLL_MS);
  };

  const askStatus = async () => {
    const p = phase();
    if (p.name !== 'pending' && p.name !== 'paying') return;
    const answer = await deps.calls.purchaseStatus(p.transactionId).catch(() => null);
    if (answer && phase() === p) landed(p.transactionId, answer, (c) => c.paymentSuccess);
  };

  /** What the server says of the purchase, turned into the screen; a pending one keeps waiting. */
  const landed = (transactionId: string, answer: PurchaseStatusResponse, paidMessage: Say) => {
    if (answer.paymentStatus === 'paid' || answer.paymentStatus === 'free') {
      deps.store.clear();
      set({ phase: { name: 'done', message: paidMessage, phoneUrl: answer.phoneUrl } });
    } else if (answer.paymentStatus === 'pending') {
      // Already waiting for it: keep the same phase, so an answer to a later question still lands.
      const p = phase();
      if (p.name !== 'pending' || p.transactionId !== transactionId || p.failed)
        set({ phase: { name: 'pending', transactionId, failed: false } });
    } else {
      deps.store.clear();
      set({ phase: { name: 'pending', transactionId, failed: true } });
    }
  };

  /** Did the closed order get paid after all? Then the player sees it paid, with its QR code. */
  const closedLanded = async (): Promise<boolean> => {
    const order = closed;
    if (!order) return false;
    const answer = await deps.calls.purchaseStatus(order.transactionId).catch(() => null);
    if (closed !== order || (answer?.paymentStatus !== 'paid' && answer?.paymentStatus !== 'free')) return false;
    closed = null;
    deps.store.clear();
    set({ phase: { name: 'done', message: (c) => c.paymentSuccess, phoneUrl: answer.phoneUrl || order.phoneUrl } });
    return true;
  };

  const watchClosed = () => {
    const p = phase();
    const wanted = active && closed !== null && p.name === 'form' && !p.busy;
    if (!wanted) {
      if (closedPollHandle !== null) deps.timers.clearTimeout(closedPollHandle);
      closedPollHandle = null;
      return;
    }
    if (closedPollHandle !== null) return;
    closedPollHandle = deps.timers.setTimeout(() => {
      closedPollHandle = null;
      void closedLanded().finally(watchClosed);
    }, STATUS_POLL_MS);
  };

  /** Keeps the timers and the network watch in step with the phase. */
  const watch = () => {
    const p = phase();
    watchClosed();
    if (active && p.name === 'pending' && !p.failed) poll();
    else stopPolling();
    const needsNetworkWatch = active && p.name === 'paying';
    if (needsNetworkWatch && !unsubscribeOnline) unsubscribeOnline = deps.subscribeOnline(networkChanged);
    if (!needsNetworkWatch && unsubscribeOnline) {
      unsubscribeOnline();
      unsubscribeOnline = null;
    }
  };

  // The network went while the form was open: the order may still be paid (the player's e-wallet
  // does not need our Wi-Fi). Waiting, asking until the network returns, is the truth.
  const networkChanged = () => {
    const p = phase();
    if (p.name === 'paying' && !deps.isOnline()) set({ phase: { name: 'pending', transactionId: p.transactionId, failed: false } });
  };

  const fail = (message: Say) => {
    set({ phase: { name: 'form', busy: false, error: message } });
  };

  /** Every way out without paying ends the pending purchase first, giving its promo use back. */
  const giveUp = async (transactionId: string, message: Say) => {
    deps.store.clear();
    await deps.calls.abandon(transactionId).catch(() => undefined);
    fail(message);
  };

  /** The form reported an error: the server, not the form, says whether the order failed. */
  const formError = async (transactionId: string) => {
    const answer = await deps.calls.purchaseStatus(transactionId).catch(() => null);
    if (answer && (answer.paymentStatus === 'failed' || answer.paymentStatus === 'expired')) {
      deps.store.clear();
      return fail(sayPaymentFailed);
    }
    if (answer) return landed(transactionId, answer, (c) => c.paymentSuccess);
    // No answer: the network is away. The order may still be paid; wait and keep asking.
    set({ phase: { name: 'pending', transactionId, failed: false } });
  };

  const openPaymentForm = async (token: string, language: 'en' | 'id', transactionId: string, phoneUrl: string, mine: number) => {
    try {
      await deps.payment.prepare();
    } catch (e) {
      return giveUp(transactionId, FORM_FAILURES[e instanceof PaymentFormError ? e.kind : 'initFailed']);
    }
    if (mine !== attempt) return;
    set({ phase: { name: 'paying', transactionId, embedded: false } });
    await new Promise<void>((resolve) => deps.timers.setTimeout(resolve, PAY_FORM_DELAY_MS));
    const p = phase();
    // The network went while the form was loading: already waiting.
    if (mine !== attempt || p.name !== 'paying') return;
    // Only the first callback counts: Snap may still call onClose after onSuccess or onPending,
    // which must neither reopen the form nor end a purchase that is being paid.
    let answered = false;
    const once = (handler: () => void) => () => {
      if (answered || mine !== attempt || phase().name !== 'paying') return;
      answered = true;
      handler();
    };
    try {
      deps.payment.embed(token, language, {
        // Snap says success only once its own server settled the order (the notification that
        // makes it paid on ours is on its way): the QR code shows at once, as the spec has it.
        onSuccess: once(() => {
          deps.store.clear();
          set({ phase: { name: 'done', message: (c) => c.paymentSuccess, phoneUrl } });
        }),
        onPending: once(() => set({ phase: { name: 'pending', transactionId, failed: false } })),
        onError: once(() => void formError(transactionId)),
        onClose: once(() => {
          closed = { transactionId, phoneUrl };
          void giveUp(transactionId, (c) => c.paymentCancelled);
        }),
      });
      set({ phase: { name: 'paying', transactionId, embedded: true } });
    } catch (e) {
      await giveUp(transactionId, FORM_FAILURES[e instanceof PaymentFormError ? e.kind : 'initFailed']);
    }
  };

  const accepted = (transactionId: string, clips: TClip[], sentTo: string, sentToPhone: string | null) => {
    deps.clearCart();
    set({ purchased: clips, sentTo, sentToPhone });
    // The clips go up now, while the player pays: the server publishes them only once paid.
    deps.deliver(transactionId, clips, (step) => {
      set({ delivery: step });
    });
  };

  const payNow = async ({ body: draft, clips, publicUrl }: PayNowInput<TClip>) => {
    const p = phase();
    if (p.name !== 'form' || p.busy) return;
    const mine = ++attempt;
    set({ phase: { name: 'form', busy: true, error: null }, delivery: null });
    // The order closed a moment ago may have been paid meanwhile: never sell it twice.
    if (await closedLanded()) return;
    closed = null;
    const key = (idempotencyKey ??= deps.newKey());
    const token = (phoneToken ??= deps.newPhoneToken() ?? null);
    const body: CreatePurchaseBody = token === null ? { ...draft } : { ...draft, phoneToken: token };
    // Without a token (the stock ran out offline) the purchase shows no QR code until the server names one.
    const ownPhoneUrl = token === null ? null : phoneUrlFor(publicUrl, token);
    const sentTo = body.email ?? '';
    // The server stores the number in E.164; the kiosk shows it as the server will (answer.transaction.phone).
    let sentToPhone = body.phone ?? null;
    // A purchase that needs no payment is accepted without the network: the outbox sends it later.
    const acceptOffline = async () => {
      try {
        await deps.enqueueOffline(body, clips, key);
      } catch {
        return fail((c) => c.unexpectedError);
      }
      idempotencyKey = phoneToken = null;
      deps.clearCart();
      set({ purchased: clips, sentTo, sentToPhone, phase: { name: 'done', message: (c) => c.gatewaySkipped, phoneUrl: ownPhoneUrl } });
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
      return fail(deps.errorText(e));
    }
    idempotencyKey = phoneToken = null;
    const transactionId = answer.transaction.id;
    const phoneUrl = answer.phoneUrl || (ownPhoneUrl ?? '');
    sentToPhone = answer.transaction.phone ?? sentToPhone;
    accepted(transactionId, clips, sentTo, sentToPhone);
    if (answer.skip_payment_gateway || !answer.payment?.token) {
      set({ phase: { name: 'done', message: (c) => c.gatewaySkipped, phoneUrl } });
      return;
    }
    // A reload from here on comes back to this purchase's waiting screen.
    deps.store.save({ transactionId, sentTo, sentToPhone, savedAt: deps.now() });
    await openPaymentForm(answer.payment.token, body.language ?? 'en', transactionId, phoneUrl, mine);
  };

  return {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    payNow,
    clearError() {
      const p = phase();
      if (p.name === 'form' && p.error) set({ phase: { ...p, error: null } });
    },
    resume() {
      active = true;
      watch();
      // Back from a reload: ask at once rather than after the first wait.
      if (phase().name === 'pending') void askStatus();
    },
    dispose() {
      active = false;
      watch();
    },
    leave() {
      deps.store.clear();
      active = false;
      watch();
    },
  };
}
