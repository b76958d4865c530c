// The checkout's phases and what leaves each of them, as one table: a reader lists the whole flow
// here, and checkout-transitions.test.ts walks every entry. Pure (no timers, no calls):
// checkout-machine.ts feeds it events and does what entering each phase takes.
import type { KioskMessages, PurchaseStatusResponse } from '@courtreplay/shared';

/** A message picked now and worded when shown, so a language switch rewords it. */
export type Say = (c: KioskMessages['checkout'], tr: (english: string) => string) => string;

export type CheckoutPhase =
  /** The order form; `error` says why the last attempt did not end in a purchase. */
  | { name: 'form'; error: Say | null }
  /** Ending the earlier order at the provider before a new one is opened for the same cart. */
  | { name: 'ending'; transactionId: string; phoneUrl: string }
  /** The order is on its way to the server. */
  | { name: 'submitting' }
  /** The payment form is loading, then open (`embedded` once the provider's form was asked to show). */
  | { name: 'paying'; transactionId: string; token: string; phoneUrl: string; embedded: boolean }
  /** The form reported an error: the server, not the form, says whether the order failed. */
  | { name: 'checking'; transactionId: string; phoneUrl: string; reason: Say }
  /** The network went while the form was open: nothing charged yet; the kiosk keeps asking. */
  | { name: 'offline'; transactionId: string; phoneUrl: string }
  /** The provider reported the payment pending: waiting for it to land. */
  | { name: 'pending'; transactionId: string; phoneUrl: string }
  /** Paid or free: the QR code of the phone page shows. */
  | { name: 'done'; message: Say; phoneUrl: string | null };

export type PhaseName = CheckoutPhase['name'];

/** The order whose form closed unpaid: the player's e-wallet may still settle it. */
export interface WatchedOrder {
  transactionId: string;
  phoneUrl: string;
  /** Until when the kiosk keeps asking (the clock's ms). */
  until: number;
}

export type CheckoutEvent =
  /** Pay Now. */
  | { type: 'PAY' }
  /** The earlier order ended unpaid at the provider. */
  | { type: 'ENDED'; transactionId: string }
  /** The server accepted the order; the payment form opens with its token. */
  | { type: 'ACCEPTED'; transactionId: string; token: string; phoneUrl: string }
  /** Nothing to pay (free, or the gateway off): accepted, online or in the outbox. */
  | { type: 'FREE'; phoneUrl: string }
  /** The provider's form said paid (Snap's onSuccess), or ending the earlier order found it paid. */
  | { type: 'PAID'; transactionId: string; phoneUrl: string }
  /** The attempt ended with nothing opened or charged (a refusal, no network, no payment form). */
  | { type: 'REFUSED'; error: Say }
  | { type: 'EMBEDDED'; transactionId: string }
  | { type: 'PROVIDER_PENDING'; transactionId: string }
  /** The player closed the payment form (or left the connection-lost screen). */
  | { type: 'CLOSED'; transactionId: string }
  | { type: 'FORM_ERROR'; transactionId: string; reason: Say }
  | { type: 'NETWORK_LOST' }
  /** The server's answer about an order (a poll, or the check after a form error). */
  | ({ type: 'STATUS'; transactionId: string } & PurchaseStatusResponse)
  /** The check after a form error got no answer: the network is away. */
  | { type: 'NO_ANSWER'; transactionId: string }
  | { type: 'DISMISS_ERROR' }
  /** WATCH_MS passed since the form closed: the kiosk stops asking (the server still delivers a late payment). */
  | { type: 'WATCH_OVER' }
  /** Done, or the kiosk reset for the next player. */
  | { type: 'RESET' };

export type EventType = CheckoutEvent['type'];

export interface MachineState {
  phase: CheckoutPhase;
  watching: WatchedOrder | null;
}

/** What a transition gives: the next phase, and the watched order when it changes. */
export interface Step {
  phase: CheckoutPhase;
  watching?: WatchedOrder | null;
}

export type PhaseOf<N extends PhaseName> = Extract<CheckoutPhase, { name: N }>;
type EventOf<T extends EventType> = Extract<CheckoutEvent, { type: T }>;
type Handler<N extends PhaseName, T extends EventType> = (
  phase: PhaseOf<N>,
  event: EventOf<T>,
  context: { watching: WatchedOrder | null; now: number },
) => Step | null;
export type TransitionTable = { [N in PhaseName]: { [T in EventType]?: Handler<N, T> } };

/** How long after a form closed unpaid the kiosk keeps asking whether it was paid after all. */
export const WATCH_MS = 10 * 60_000;

export const SAY = {
  success: ((c) => c.paymentSuccess) as Say,
  free: ((c) => c.gatewaySkipped) as Say,
  cancelled: ((c) => c.paymentCancelled) as Say,
  declined: ((c) => c.paymentDeclined) as Say,
  expired: ((c) => c.paymentExpired) as Say,
  notCompleted: ((c) => c.paymentNotCompleted) as Say,
  connectionLost: ((c) => c.connectionLost) as Say,
};

const form = (error: Say | null): CheckoutPhase => ({ name: 'form', error });
const done = (message: Say, phoneUrl: string | null): CheckoutPhase => ({ name: 'done', message, phoneUrl });
const watch = (order: { transactionId: string; phoneUrl: string }, now: number): WatchedOrder => ({
  transactionId: order.transactionId,
  phoneUrl: order.phoneUrl,
  until: now + WATCH_MS,
});
export const isPaid = (status: PurchaseStatusResponse['paymentStatus']) => status === 'paid' || status === 'free';

/**
 * The server's answer about an open order: paid shows its QR code; failed or expired goes back to
 * the form saying so (the order still watched: a provider may yet settle it); `stillPending` otherwise.
 */
function answered(
  order: { transactionId: string; phoneUrl: string },
  event: EventOf<'STATUS'>,
  now: number,
  stillPending: Step | null,
): Step | null {
  if (isPaid(event.paymentStatus)) return { phase: done(SAY.success, event.phoneUrl || order.phoneUrl), watching: null };
  if (event.paymentStatus === 'failed') return { phase: form(SAY.declined), watching: watch(order, now) };
  if (event.paymentStatus === 'expired') return { phase: form(SAY.expired), watching: watch(order, now) };
  return stillPending;
}

const reset = (): Step => ({ phase: form(null), watching: null });
const stopWatching = (phase: CheckoutPhase, _e: unknown, { watching }: { watching: WatchedOrder | null }): Step | null =>
  watching ? { phase, watching: null } : null;

/** Every phase of the checkout and each event that leaves it; an event not listed for a phase changes nothing. */
export const TRANSITIONS: TransitionTable = {
  form: {
    PAY: (_p, _e, { watching }) => ({
      phase: watching ? { name: 'ending', transactionId: watching.transactionId, phoneUrl: watching.phoneUrl } : { name: 'submitting' },
    }),
    // Only the watched order is asked about here; paid, it is this player's purchase after all.
    STATUS: (_p, e, { watching }) =>
      watching && isPaid(e.paymentStatus) ? { phase: done(SAY.success, e.phoneUrl || watching.phoneUrl), watching: null } : null,
    DISMISS_ERROR: (p) => (p.error ? { phase: form(null) } : null),
    WATCH_OVER: stopWatching,
    RESET: reset,
  },
  ending: {
    ENDED: () => ({ phase: { name: 'submitting' }, watching: null }),
    PAID: (p, e) => ({ phase: done(SAY.success, e.phoneUrl || p.phoneUrl), watching: null }),
    // Not ended, so nothing new is opened: the order stays watched and the next Pay Now tries again.
    REFUSED: (_p, e) => ({ phase: form(e.error) }),
    RESET: reset,
  },
  submitting: {
    ACCEPTED: (_p, e) => ({
      phase: { name: 'paying', transactionId: e.transactionId, token: e.token, phoneUrl: e.phoneUrl, embedded: false },
    }),
    FREE: (_p, e) => ({ phase: done(SAY.free, e.phoneUrl) }),
    REFUSED: (_p, e) => ({ phase: form(e.error) }),
    RESET: reset,
  },
  paying: {
    EMBEDDED: (p) => (p.embedded ? null : { phase: { ...p, embedded: true } }),
    // Snap says success only once its own server settled the order: the QR code shows at once.
    PAID: (p) => ({ phase: done(SAY.success, p.phoneUrl) }),
    PROVIDER_PENDING: (p) => ({ phase: { name: 'pending', transactionId: p.transactionId, phoneUrl: p.phoneUrl } }),
    CLOSED: (p, _e, { now }) => ({ phase: form(SAY.cancelled), watching: watch(p, now) }),
    FORM_ERROR: (p, e) => ({ phase: { name: 'checking', transactionId: p.transactionId, phoneUrl: p.phoneUrl, reason: e.reason } }),
    NETWORK_LOST: (p) => ({ phase: { name: 'offline', transactionId: p.transactionId, phoneUrl: p.phoneUrl } }),
    // The form could not be shown: the order was ended on the server, nobody could have paid it.
    REFUSED: (_p, e) => ({ phase: form(e.error) }),
    RESET: reset,
  },
  checking: {
    STATUS: (p, e, { now }) => answered(p, e, now, { phase: form(p.reason), watching: watch(p, now) }),
    NO_ANSWER: (p) => ({ phase: { name: 'offline', transactionId: p.transactionId, phoneUrl: p.phoneUrl } }),
    RESET: reset,
  },
  offline: {
    STATUS: (p, e, { now }) => answered(p, e, now, null),
    PAID: (p) => ({ phase: done(SAY.success, p.phoneUrl) }),
    PROVIDER_PENDING: (p) => ({ phase: { name: 'pending', transactionId: p.transactionId, phoneUrl: p.phoneUrl } }),
    CLOSED: (p, _e, { now }) => ({ phase: form(SAY.connectionLost), watching: watch(p, now) }),
    RESET: reset,
  },
  pending: {
    STATUS: (p, e, { now }) => answered(p, e, now, null),
    RESET: reset,
  },
  done: {
    RESET: reset,
  },
};

/**
 * The next state, or null when the event means nothing in this phase. An event about an order
 * (its transactionId) counts only for the order the phase is about, or in the form for the watched
 * one: a late answer about an older order changes nothing.
 */
export function transition(state: MachineState, event: CheckoutEvent, now: number): MachineState | null {
  const handler = (TRANSITIONS[state.phase.name] as Record<string, Handler<PhaseName, EventType> | undefined>)[event.type];
  if (!handler) return null;
  const own =
    'transactionId' in state.phase ? state.phase.transactionId : state.phase.name === 'form' ? state.watching?.transactionId : undefined;
  if ('transactionId' in event && (state.phase.name === 'form' || own !== undefined) && own !== event.transactionId) return null;
  const step = handler(state.phase as never, event as never, { watching: state.watching, now });
  if (!step) return null;
  return { phase: step.phase, watching: step.watching === undefined ? state.watching : step.watching };
}
