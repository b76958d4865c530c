// Each effect of the checkout on its own (checkout-effects.ts): outside parts answering as told,
// the real table taking the events it sends, and a fake clock. checkout-machine.test.ts runs them
// together against the in-process server.
import { describe, expect, it } from 'vitest';
import { MESSAGES, PAY_FORM_DELAY_MS, type CreatePurchaseResponse, type PurchaseStatusResponse } from '@courtreplay/shared';
import { fakeClock } from '../fake-clock.ts';
import { transition, type CheckoutEvent, type CheckoutPhase, type Say } from './checkout-table.ts';
import {
  PaymentFormError,
  RESUME_WITHIN_MS,
  STATUS_POLL_MS,
  type CheckoutDeps,
  type CheckoutState,
  type PaymentCallbacks,
  type PendingCheckout,
} from './checkout-ports.ts';
import {
  askAboutOrder,
  checkAfterFormError,
  createWatchers,
  endEarlierOrder,
  noAttempt,
  openPaymentForm,
  pollTarget,
  restoredState,
  submitOrder,
  type CheckoutContext,
} from './checkout-effects.ts';

const networkError = Object.assign(new Error('Failed to fetch'), { status: 0 });
const refusal = (status: number, message: string) => Object.assign(new Error(message), { status });
const status = (paymentStatus: PurchaseStatusResponse['paymentStatus'], phoneUrl = 'https://replay.test/p/t1') =>
  ({ paymentStatus, phoneUrl }) as PurchaseStatusResponse;
const accepted = (id: string, token?: string): CreatePurchaseResponse =>
  ({ transaction: { id }, phoneUrl: `https://replay.test/p/${id}`, payment: token ? { token } : undefined }) as CreatePurchaseResponse;

/** Words a Say picks from the English catalogue. */
const words = (say: Say | null | undefined) => say?.(MESSAGES.checkout, (english) => english);

/** A context whose parts answer as `parts` says, whose state moves by the real table, and which records what it is told. */
function context(
  parts: Partial<CheckoutDeps<string>> = {},
  phase: CheckoutPhase = { name: 'form', error: null },
  watching: CheckoutState['watching'] = null,
) {
  const clock = fakeClock();
  const told = { events: [] as CheckoutEvent[], abandoned: [] as string[], saved: [] as PendingCheckout[], refreshed: 0 };
  const online = { up: true, listeners: new Set<() => void>() };
  let state: CheckoutState = { phase, watching, sentTo: '', sentToPhone: null, delivery: null };
  const deps: CheckoutDeps<string> = {
    calls: {
      purchaseStatus: async () => status('pending'),
      abandon: async (id) => void told.abandoned.push(id),
      endPayment: async () => status('expired'),
    },
    timers: clock,
    now: clock.now,
    submit: async () => accepted('CR-1', 'snap-token'),
    enqueueOffline: async () => undefined,
    deliver: () => undefined,
    payment: { prepare: async () => undefined, embed: () => undefined },
    isOnline: () => online.up,
    subscribeOnline: (listener) => {
      online.listeners.add(listener);
      return () => online.listeners.delete(listener);
    },
    store: { load: () => null, save: (p) => void told.saved.push(p), clear: () => undefined },
    newKey: () => `key-${told.events.length}`,
    newPhoneToken: () => 'tok1',
    clearCart: () => undefined,
    refreshPrices: () => void told.refreshed++,
    errorText: (e) => () => (e as Error).message,
    isNetworkError: (e) => (e as { status?: number }).status === 0,
    ...parts,
  };
  const ctx: CheckoutContext<string> = {
    deps,
    attempt: noAttempt(),
    state: () => state,
    send(event) {
      told.events.push(event);
      const next = transition(state, event, clock.now());
      if (next) state = { ...state, ...next };
      return next !== null;
    },
    patch(values) {
      state = { ...state, ...values };
    },
  };
  const order = (totalAmount: number) => ({
    body: { email: 'ana@example.com', videoIds: ['a'], videoTitles: ['A'], totalAmount, language: 'id' as const },
    clips: ['a'],
    publicUrl: 'https://replay.test',
  });
  const loseNetwork = () => {
    online.up = false;
    online.listeners.forEach((listener) => listener());
  };
  return { ctx, clock, told, online, order, loseNetwork, types: () => told.events.map((e) => e.type) };
}

/** Lets the promises under way settle (the fake clock does not move). */
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('restoredState', () => {
  const saved = (savedAt: number): PendingCheckout => ({ transactionId: 'CR-9', sentTo: 'ana@example.com', savedAt });

  it('comes back to the waiting screen of a purchase pending before the reload', () => {
    const state = restoredState({ now: () => 1_000_000, store: { load: () => saved(1_000_000 - 60_000), save() {}, clear() {} } });
    expect(state).toMatchObject({ phase: { name: 'pending', transactionId: 'CR-9', phoneUrl: '' }, sentTo: 'ana@example.com' });
  });

  it('starts at the form, and forgets the purchase, past RESUME_WITHIN_MS', () => {
    let cleared = 0;
    const store = { load: () => saved(0), save() {}, clear: () => void cleared++ };
    expect(restoredState({ now: () => RESUME_WITHIN_MS, store }).phase).toEqual({ name: 'form', error: null });
    expect(cleared).toBe(1);
  });
});

describe('endEarlierOrder', () => {
  const ending: CheckoutPhase = { name: 'ending', transactionId: 'CR-1', phoneUrl: '' };

  it('goes on to the new order once the earlier one ended, and shows the earlier one when it was paid after all', async () => {
    const ended = context({}, ending);
    await endEarlierOrder(ended.ctx, 'CR-1');
    expect(ended.types()).toEqual(['ENDED']);
    const paid = context({ calls: { ...context().ctx.deps.calls, endPayment: async () => status('paid') } }, ending);
    await endEarlierOrder(paid.ctx, 'CR-1');
    expect(paid.told.events).toEqual([{ type: 'PAID', transactionId: 'CR-1', phoneUrl: 'https://replay.test/p/t1' }]);
  });

  it('says the connection is lost, or what the server said, when it cannot end it', async () => {
    const lost = context({ calls: { ...context().ctx.deps.calls, endPayment: () => Promise.reject(networkError) } }, ending);
    await endEarlierOrder(lost.ctx, 'CR-1');
    expect(lost.ctx.state().phase).toMatchObject({ name: 'form' });
    expect(words((lost.ctx.state().phase as { error: Say }).error)).toBe(MESSAGES.checkout.connectionLost);
  });
});

describe('submitOrder', () => {
  it("sends the order with one key and one phone token, starts its clips' upload and keeps it for a reload", async () => {
    const sent: { key: string; phoneToken?: string }[] = [];
    const delivering: string[] = [];
    const c = context(
      {
        submit: async (body, key) => {
          sent.push({ key, phoneToken: body.phoneToken });
          return accepted('CR-7', 'snap-7');
        },
        deliver: (id) => void delivering.push(id),
      },
      { name: 'submitting' },
    );
    c.ctx.attempt.order = c.order(15_000);
    await submitOrder(c.ctx);
    expect(sent).toEqual([{ key: 'key-0', phoneToken: 'tok1' }]);
    expect(delivering).toEqual(['CR-7']);
    expect(c.told.saved).toMatchObject([{ transactionId: 'CR-7', sentTo: 'ana@example.com' }]);
    expect(c.told.events).toEqual([{ type: 'ACCEPTED', transactionId: 'CR-7', token: 'snap-7', phoneUrl: 'https://replay.test/p/CR-7' }]);
    expect(c.ctx.attempt).toMatchObject({ idempotencyKey: null, phoneToken: null, deliveryOf: 'CR-7' });
  });

  it("accepts a free order without the network through the outbox, its QR code from the kiosk's own token", async () => {
    const queued: string[] = [];
    const c = context(
      { isOnline: () => false, enqueueOffline: async (_body, _clips, key) => void queued.push(key) },
      { name: 'submitting' },
    );
    c.ctx.attempt.order = c.order(0);
    await submitOrder(c.ctx);
    expect(queued).toEqual(['key-0']);
    expect(c.told.events).toEqual([{ type: 'FREE', phoneUrl: 'https://replay.test/p/tok1' }]);
  });

  it('keeps the key for a retry when the request never arrived, and drops it and reads the prices again on a 400', async () => {
    const lost = context({ submit: () => Promise.reject(networkError) }, { name: 'submitting' });
    lost.ctx.attempt.order = lost.order(15_000);
    await submitOrder(lost.ctx);
    expect(lost.ctx.attempt.idempotencyKey).toBe('key-0');
    expect(lost.types()).toEqual(['REFUSED']);

    const refused = context({ submit: () => Promise.reject(refusal(400, 'The prices changed')) }, { name: 'submitting' });
    refused.ctx.attempt.order = refused.order(15_000);
    await submitOrder(refused.ctx);
    expect(refused.ctx.attempt.idempotencyKey).toBeNull();
    expect(refused.told.refreshed).toBe(1);
    expect(words((refused.ctx.state().phase as { error: Say }).error)).toBe('The prices changed');
  });
});

describe('openPaymentForm', () => {
  const paying = { name: 'paying', transactionId: 'CR-1', token: 'snap-1', phoneUrl: 'https://replay.test/p/t1', embedded: false } as const;

  it("shows the form after PAY_FORM_DELAY_MS in the player's language; a close ends the order, a close after success does nothing", async () => {
    const shown: { token: string; language: string; callbacks: PaymentCallbacks }[] = [];
    const c = context(
      {
        payment: { prepare: async () => undefined, embed: (token, language, callbacks) => void shown.push({ token, language, callbacks }) },
      },
      paying,
    );
    c.ctx.attempt.order = c.order(15_000);
    const opening = openPaymentForm(c.ctx, paying);
    await flush();
    expect(shown).toEqual([]);
    c.clock.advance(PAY_FORM_DELAY_MS);
    await opening;
    expect(shown).toMatchObject([{ token: 'snap-1', language: 'id' }]);
    expect(c.ctx.state().phase).toMatchObject({ name: 'paying', embedded: true });
    shown[0]!.callbacks.onSuccess();
    shown[0]!.callbacks.onClose();
    expect(c.told.abandoned).toEqual([]);
    expect(c.ctx.state().phase).toMatchObject({ name: 'done' });
  });

  it('ends the order and names the reason when the form cannot be shown', async () => {
    const c = context({ payment: { prepare: () => Promise.reject(new PaymentFormError('scriptFailed')), embed: () => undefined } }, paying);
    await openPaymentForm(c.ctx, paying);
    expect(c.told.abandoned).toEqual(['CR-1']);
    expect(words((c.ctx.state().phase as { error: Say }).error)).toBe(MESSAGES.checkout.paymentSystemLoadFailed);
  });

  it('does not show the form once the network went while it loaded', async () => {
    let embedded = 0;
    const c = context({ payment: { prepare: async () => undefined, embed: () => void embedded++ } }, paying);
    const opening = openPaymentForm(c.ctx, paying);
    await flush();
    c.ctx.send({ type: 'NETWORK_LOST' });
    c.clock.advance(PAY_FORM_DELAY_MS);
    await opening;
    expect(embedded).toBe(0);
  });
});

describe('checkAfterFormError', () => {
  const checking: CheckoutPhase = { name: 'checking', transactionId: 'CR-1', phoneUrl: '', reason: () => 'declined' };

  it("ends an order the server still holds open, so the form's failure stands", async () => {
    const c = context({}, checking);
    await checkAfterFormError(c.ctx, 'CR-1');
    expect(c.ctx.state().phase).toMatchObject({ name: 'form' });
    expect(c.told.abandoned).toEqual(['CR-1']);
  });

  it('says nothing was answered when the server cannot be reached', async () => {
    const c = context({ calls: { ...context().ctx.deps.calls, purchaseStatus: () => Promise.reject(networkError) } }, checking);
    await checkAfterFormError(c.ctx, 'CR-1');
    expect(c.types()).toEqual(['NO_ANSWER']);
    expect(c.told.abandoned).toEqual([]);
  });
});

describe('askAboutOrder and the watchers', () => {
  it('asks about the order waited for, and about a closed one only until its watch is over', async () => {
    const asked: string[] = [];
    const calls = { ...context().ctx.deps.calls, purchaseStatus: async (id: string) => (asked.push(id), status('pending')) };
    const c = context({ calls }, { name: 'pending', transactionId: 'CR-1', phoneUrl: '' });
    expect(pollTarget(c.ctx.state())).toBe('CR-1');
    await askAboutOrder(c.ctx);
    expect(asked).toEqual(['CR-1']);

    expect(pollTarget(context().ctx.state())).toBeNull();
    const closed = context({ calls }, { name: 'form', error: null }, { transactionId: 'CR-2', phoneUrl: '', until: 1_800_000_001_000 });
    expect(pollTarget(closed.ctx.state())).toBe('CR-2');
    await askAboutOrder(closed.ctx);
    expect(asked).toEqual(['CR-1', 'CR-2']);
    closed.clock.advance(1_000);
    await askAboutOrder(closed.ctx);
    expect(asked).toEqual(['CR-1', 'CR-2']);
    expect(closed.types()).toContain('WATCH_OVER');
  });

  it('polls every STATUS_POLL_MS only while active, and watches the network only while the form is open', async () => {
    const asked: string[] = [];
    const calls = { ...context().ctx.deps.calls, purchaseStatus: async (id: string) => (asked.push(id), status('pending')) };
    const c = context({ calls }, { name: 'pending', transactionId: 'CR-1', phoneUrl: '' });
    const watchers = createWatchers(c.ctx);
    c.clock.advance(STATUS_POLL_MS);
    expect(asked).toEqual([]);
    watchers.setActive(true);
    c.clock.advance(STATUS_POLL_MS);
    await flush();
    c.clock.advance(STATUS_POLL_MS);
    await flush();
    expect(asked).toEqual(['CR-1', 'CR-1']);
    watchers.setActive(false);
    c.clock.advance(10 * STATUS_POLL_MS);
    expect(asked).toEqual(['CR-1', 'CR-1']);

    const paying = context({}, { name: 'paying', transactionId: 'CR-3', token: 't', phoneUrl: '', embedded: true });
    const watch = createWatchers(paying.ctx);
    watch.setActive(true);
    expect(paying.online.listeners.size).toBe(1);
    paying.loseNetwork();
    expect(paying.ctx.state().phase).toMatchObject({ name: 'offline', transactionId: 'CR-3' });
    watch.keep();
    expect(paying.online.listeners.size).toBe(0);
  });
});
