// What the checkout's shell (checkout-machine.ts) is given and what it offers: the outside parts it
// drives (the server calls, the outbox, the payment form, the clock and timers, the network, where a
// pending purchase is kept across a reload), the state the screens render, and the page's handle.
import type { CreatePurchaseBody, CreatePurchaseResponse, PurchaseStatusResponse } from '@courtreplay/shared';
import type { TimerApi } from '../timers.ts';
import type { MachineState, Say } from './checkout-table.ts';

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
