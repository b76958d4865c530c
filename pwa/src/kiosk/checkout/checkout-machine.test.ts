// The checkout machine driven against the real server app in-process (fetch routed to
// app.request): the simulator as the payment provider, local storage, a real SMTP server on
// loopback, a real SQLite (or PostgreSQL) database. The clock is a fake one: the spec's waits (the
// payment form's delay, the waiting screen's 3 s polls) cost no real time. The payment form is the
// one part imitated here (Snap's embed in a browser): the test plays the player, calling its
// callbacks, and settles the order through the simulator's signed notification as a bank would.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, MESSAGES_ID, PAY_FORM_DELAY_MS, type CreatePurchaseBody } from '@courtreplay/shared';
import { makeAdapterTestApp, type AdapterTestApp } from '@courtreplay/sync-server/testing/adapter-app';
import { mp4Bytes } from '@courtreplay/sync-server/testing/clips';
import { startSmtpSink, type SmtpSink } from '@courtreplay/sync-server/testing/smtp-sink';
import { ApiError, call, errorMessage, setCredentialSources } from '../../lib/api-client.ts';
import { saveDownloadLink, uploadClips } from '../../lib/uploader.ts';
import { postPurchase } from '../../outbox/server-calls.ts';
import { fakeClock } from '../fake-clock.ts';
import { createPhoneTokenStock } from '../phone-token-stock.ts';
import {
  createCheckout,
  STATUS_POLL_MS,
  WATCH_MS,
  type Checkout,
  type CheckoutDeps,
  type CheckoutPhase,
  type PaymentCallbacks,
  type PendingCheckout,
  type PendingStore,
} from './checkout-machine.ts';

const ORIGIN = 'http://kiosk.test';
const PRICE = 1_000;

interface TestClip {
  id: string;
  title: string;
  bytes: Buffer;
}

/** Lets the work under way (in-process HTTP, the database) run until `ok`; the fake clock does not move. */
async function until(ok: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (ok()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`never: ${what}`);
}

/** Lets every promise under way finish (no real time passes). */
/** Server calls the machine has made and not yet had answered. */
let inFlight = 0;
const counted = <T>(answer: Promise<T>): Promise<T> => {
  inFlight++;
  return answer.finally(() => inFlight--);
};

/**
 * Until every server call the machine made is answered and it has acted on the answers: a database
 * round trip takes many turns of the event loop on PostgreSQL, so a fixed number of turns is not enough.
 */
async function settled(): Promise<void> {
  for (let quiet = 0; quiet < 50; quiet = inFlight === 0 ? quiet + 1 : 0) await new Promise((resolve) => setImmediate(resolve));
}

let sink: SmtpSink;
let t: AdapterTestApp;
let deviceId: string;
let network = true;
const onlineListeners = new Set<() => void>();
const setNetwork = (up: boolean) => {
  network = up;
  for (const listener of onlineListeners) listener();
};

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await makeAdapterTestApp({ smtpUrl: sink.url, smtpCa: sink.ca });
  t.config.publicUrl = ORIGIN;
  const venue = await t.seed.venue({ name: 'Arena Senayan' });
  const field = await t.seed.field({ venueId: venue.id, name: 'Court 1' });
  deviceId = (await t.seed.device({ venueId: venue.id, fieldId: field.id })).deviceId;
  // The PWA's client, as in the kiosk's browser: its origin, its device id, and fetch reaching the
  // server (here the in-process app; nothing when the network is down).
  Object.assign(globalThis, { window: { location: { origin: ORIGIN } } });
  setCredentialSources({ deviceId: () => deviceId });
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!network) throw new TypeError('Failed to fetch');
    const url = new URL(input instanceof Request ? input.url : String(input));
    return t.app.request(`${url.pathname}${url.search}`, init);
  }) as typeof fetch;
});
afterEach(() => setNetwork(true));

// The kiosk's stock of tokens the server issued to it, as in the browser (the server refuses others).
const tokenStore = new Map<string, string>();
const phoneTokens = createPhoneTokenStock({
  store: { getItem: (key) => tokenStore.get(key) ?? null, setItem: (key, value) => void tokenStore.set(key, value) },
  fetchTokens: async (count) => (await call('issuePhoneTokens', { body: { count } })).tokens,
  isOnline: () => network,
  isKiosk: () => true,
  now: () => Date.now(),
});
beforeEach(() => phoneTokens.refill());
afterAll(async () => {
  await t.delivery.idle();
  await t.close();
  await sink.close();
});

/** The payment form as Snap shows it in the browser: the test is the player pressing its buttons. */
function fakeSnap() {
  const form = { token: '', callbacks: null as PaymentCallbacks | null };
  return {
    form,
    payment: {
      prepare: async () => undefined,
      embed(token: string, _language: 'en' | 'id', callbacks: PaymentCallbacks) {
        form.token = token;
        form.callbacks = callbacks;
      },
    },
  };
}

function memoryStore(): PendingStore & { value: PendingCheckout | null } {
  return {
    value: null,
    load() {
      return this.value;
    },
    save(pending) {
      this.value = pending;
    },
    clear() {
      this.value = null;
    },
  };
}

/** The clips' delivery as the kiosk's outbox does it, through the PWA's uploader. */
const uploads: Promise<unknown>[] = [];
const deliver: CheckoutDeps<TestClip>['deliver'] = (transactionId, clips, onStep) => {
  const run = (async () => {
    const result = await uploadClips(
      { name: `videos_${clips.length}`, purchaseId: transactionId },
      clips.map((c, i) => ({ file: new Blob([new Uint8Array(c.bytes)]), name: `${i + 1}-${c.id}.mp4`, mimeType: 'video/mp4' })),
    );
    await saveDownloadLink(transactionId, result.folderUrl, result.folderUrl === null);
    onStep({ label: MESSAGES.checkout.progress.completed, percent: 100, state: 'done' });
  })();
  uploads.push(run);
};

function machine(parts: { store?: PendingStore; clock?: ReturnType<typeof fakeClock> } = {}) {
  const snap = fakeSnap();
  const clock = parts.clock ?? fakeClock();
  const store = parts.store ?? memoryStore();
  /** Which orders the kiosk asked the server about, in order; and how often the cart was cleared. */
  const asked: string[] = [];
  const cart = { cleared: 0 };
  const checkout = createCheckout<TestClip>({
    calls: {
      purchaseStatus: (id) => {
        asked.push(id);
        return counted(call('purchaseStatus', { params: { id } }));
      },
      abandon: async (id) => {
        await counted(call('abandonPurchase', { params: { id } }));
      },
      endPayment: (id) => counted(call('endPurchasePayment', { params: { id } })),
    },
    timers: clock,
    now: clock.now,
    submit: (body, key) => counted(postPurchase(body, key)),
    enqueueOffline: () => Promise.reject(new Error('not in these tests')),
    deliver,
    payment: snap.payment,
    isOnline: () => network,
    subscribeOnline: (listener) => {
      onlineListeners.add(listener);
      return () => onlineListeners.delete(listener);
    },
    store,
    newKey: () => crypto.randomUUID(),
    newPhoneToken: () => phoneTokens.take(),
    clearCart: () => void cart.cleared++,
    refreshPrices: () => undefined,
    errorText: (e) => {
      const said = errorMessage(e, MESSAGES.checkout.unexpectedError);
      return (_, tr) => tr(said);
    },
    isNetworkError: (e) => e instanceof ApiError && e.status === 0,
  });
  checkout.resume();
  return { checkout, snap, clock, store, asked, cart };
}

let n = 0;
function order(email: string, count = 2): { body: Omit<CreatePurchaseBody, 'phoneToken'>; clips: TestClip[]; publicUrl: string } {
  const clips = Array.from({ length: count }, (_, i) => ({
    id: `clip-${++n}`,
    title: `Rally ${i + 1}`,
    bytes: mp4Bytes(20_000 + i * 1_000 + n),
  }));
  return {
    clips,
    publicUrl: ORIGIN,
    body: { email, videoIds: clips.map((c) => c.id), videoTitles: clips.map((c) => c.title), totalAmount: PRICE * count, language: 'en' },
  };
}

/** Pay Now, up to the payment form being open. */
async function toPaymentForm(m: ReturnType<typeof machine>, email: string, count = 2) {
  const input = order(email, count);
  const paying = m.checkout.payNow(input);
  await until(() => m.checkout.state.phase.name === 'paying', 'the payment form opens');
  m.clock.advance(PAY_FORM_DELAY_MS);
  await paying;
  expect(m.checkout.state.phase).toMatchObject({ name: 'paying', embedded: true });
  const phase = m.checkout.state.phase as { transactionId: string };
  return { ...input, transactionId: phase.transactionId, token: m.snap.form.token, callbacks: m.snap.form.callbacks! };
}

const settle = (token: string, outcome: 'success' | 'failure' = 'success') =>
  t.app.request(`/api/payment/simulator/${encodeURIComponent(token)}/${outcome}`, { method: 'POST' });

const paymentStatusOf = async (id: string) =>
  (await t.db.selectFrom('purchases').select('paymentStatus').where('id', '=', id).executeTakeFirstOrThrow()).paymentStatus;

const phonePage = async (phoneUrl: string) => {
  const res = await t.app.request(`${new URL(phoneUrl).pathname}/state`);
  return (await res.json()) as { status: string; clips: { url: string }[] };
};

const say = (m: Checkout<TestClip>, language: 'en' | 'id') => {
  const phase = m.state.phase;
  if (phase.name !== 'form' || !phase.error) return null;
  const C = language === 'en' ? MESSAGES.checkout : MESSAGES_ID.checkout;
  return phase.error(C, (english) => english);
};

describe('the checkout machine against the server', () => {
  it('a player who closed the payment form and left is delivered when the payment settles later', async () => {
    const m = machine();
    const { transactionId, token, callbacks, clips } = await toPaymentForm(m, 'closer@example.com');
    // The clips go up while the form is open, before anything is paid.
    await Promise.all(uploads);
    expect(sink.received).toHaveLength(0);

    callbacks.onClose();
    await until(() => say(m.checkout, 'en') === MESSAGES.checkout.paymentCancelled, 'the cancel message');
    // Ended on the server at once (its promo use comes back), yet still payable at the provider.
    await settled();
    expect(await paymentStatusOf(transactionId)).toBe('expired');
    m.checkout.leave();
    expect(m.store.load()).toBeNull();

    // Minutes later the bank settles the order (its signed notification): nobody is at the kiosk.
    expect((await settle(token)).status).toBe(200);
    await t.delivery.idle();
    expect(await paymentStatusOf(transactionId)).toBe('paid');
    const mails = sink.received.filter((mail) => mail.to.includes('closer@example.com'));
    expect(mails).toHaveLength(1);
    const { phoneUrl } = await call('purchaseStatus', { params: { id: transactionId } });
    const page = await phonePage(phoneUrl);
    expect(page.status).toBe('ready');
    expect(page.clips).toHaveLength(clips.length);
    const served = await Promise.all(page.clips.map(async (clip) => Buffer.from(await (await t.app.request(clip.url)).arrayBuffer())));
    expect(served.map((b) => b.length).sort()).toEqual(clips.map((c) => c.bytes.length).sort());
  });

  it('a player still at the kiosk after Close sees a late payment land: its QR code, and no second order on Pay Now', async () => {
    const m = machine();
    const { transactionId, token, callbacks } = await toPaymentForm(m, 'still-here@example.com', 1);
    callbacks.onClose();
    await until(() => say(m.checkout, 'en') === MESSAGES.checkout.paymentCancelled, 'the cancel message');

    // The e-wallet confirms a few seconds later; the kiosk asks on its own.
    expect((await settle(token)).status).toBe(200);
    m.clock.advance(STATUS_POLL_MS);
    await until(() => m.checkout.state.phase.name === 'done', 'the completed screen');
    const phase = m.checkout.state.phase as Extract<CheckoutPhase, { name: 'done' }>;
    expect(phase.phoneUrl).toBe((await call('purchaseStatus', { params: { id: transactionId } })).phoneUrl);
    expect(phase.message(MESSAGES.checkout, (english) => english)).toBe(MESSAGES.checkout.paymentSuccess);

    // Closed and paid before the kiosk asked: Pay Now shows the paid order instead of selling it again.
    const second = machine();
    const again = await toPaymentForm(second, 'twice@example.com', 1);
    again.callbacks.onClose();
    await until(() => say(second.checkout, 'en') === MESSAGES.checkout.paymentCancelled, 'the cancel message');
    expect((await settle(again.token)).status).toBe(200);
    const before = await t.db
      .selectFrom('purchases')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await second.checkout.payNow({ body: again.body, clips: again.clips, publicUrl: ORIGIN });
    expect(second.checkout.state.phase.name).toBe('done');
    const after = await t.db
      .selectFrom('purchases')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    await Promise.all(uploads);
  });

  it('a reload during a pending payment comes back to its waiting screen, and shows the QR code once paid', async () => {
    const store = memoryStore();
    const first = machine({ store });
    const { transactionId, token, callbacks } = await toPaymentForm(first, 'reload@example.com', 1);
    callbacks.onPending();
    expect(first.checkout.state.phase).toMatchObject({ name: 'pending', transactionId });
    // The page reloads: the old machine is gone, a new one reads what the first kept.
    first.checkout.dispose();
    const clock = fakeClock();
    const second = machine({ store, clock });
    expect(second.checkout.state.phase).toMatchObject({ name: 'pending', transactionId });
    expect(second.checkout.state.sentTo).toBe('reload@example.com');

    await settle(token);
    clock.advance(STATUS_POLL_MS);
    await until(() => second.checkout.state.phase.name === 'done', 'the completed screen');
    const phase = second.checkout.state.phase as Extract<CheckoutPhase, { name: 'done' }>;
    expect(phase.phoneUrl).toMatch(/\/p\//);
    expect(phase.message(MESSAGES.checkout, (english) => english)).toBe(MESSAGES.checkout.paymentSuccess);
    // Done with: a further reload starts a fresh checkout.
    expect(store.load()).toBeNull();
    await Promise.all(uploads);
  });

  it('the network lost while the payment form is open says so, nothing charged, never "pending"; paid once it returns', async () => {
    const m = machine();
    const { transactionId, token, callbacks } = await toPaymentForm(m, 'offline@example.com', 1);
    await Promise.all(uploads);
    setNetwork(false);
    expect(m.checkout.state.phase).toMatchObject({ name: 'offline', transactionId });
    // The form then reports its own failure to reach anyone (Snap's "Failed to fetch"): still the truth.
    callbacks.onError({ status_code: '500', status_message: 'Failed to fetch' });
    for (let i = 0; i < 3; i++) {
      m.clock.advance(STATUS_POLL_MS);
      await settled();
    }
    expect(m.checkout.state.phase).toMatchObject({ name: 'offline', transactionId });
    expect(await paymentStatusOf(transactionId)).toBe('pending');
    expect(m.cart.cleared).toBe(0);

    // Paid on the phone meanwhile: recognised once the kiosk can ask again.
    setNetwork(true);
    await settle(token);
    m.clock.advance(STATUS_POLL_MS);
    await until(() => m.checkout.state.phase.name === 'done', 'the completed screen');
    expect(m.cart.cleared).toBe(1);
  });

  it('back from the connection-lost screen: the form says what happened, and the order is still followed', async () => {
    const m = machine();
    const { transactionId, token } = await toPaymentForm(m, 'offline-back@example.com', 1);
    setNetwork(false);
    m.checkout.backToForm();
    expect(say(m.checkout, 'en')).toBe(MESSAGES.checkout.connectionLost);
    expect(say(m.checkout, 'id')).toBe(MESSAGES_ID.checkout.connectionLost);
    expect(m.checkout.state.watching?.transactionId).toBe(transactionId);
    setNetwork(true);
    await settle(token);
    m.clock.advance(STATUS_POLL_MS);
    await until(() => m.checkout.state.phase.name === 'done', 'the completed screen');
    await Promise.all(uploads);
  });

  it("a denied payment says so in the player's language, never in the provider's words", async () => {
    const m = machine();
    const { token, callbacks } = await toPaymentForm(m, 'denied@example.com', 1);
    await settle(token, 'failure');
    callbacks.onError({ status_code: '202', status_message: 'Transaction is denied' });
    await until(() => m.checkout.state.phase.name === 'form', 'back to the form');
    expect(say(m.checkout, 'id')).toBe(MESSAGES_ID.checkout.paymentDeclined);
    expect(say(m.checkout, 'en')).toBe(MESSAGES.checkout.paymentDeclined);
    expect(say(m.checkout, 'id')).not.toMatch(/denied|Failed to fetch/i);
    expect(m.store.load()).toBeNull();
    await Promise.all(uploads);
  });

  it('Pay Now after Close ends the earlier order first: it can no longer be paid, and only the new one is', async () => {
    const m = machine();
    const first = await toPaymentForm(m, 'twice-safe@example.com', 1);
    first.callbacks.onClose();
    await until(() => say(m.checkout, 'en') === MESSAGES.checkout.paymentCancelled, 'the cancel message');
    // The cart, and the order it made, are still there for Try Again.
    expect(m.cart.cleared).toBe(0);

    const paying = m.checkout.payNow({ body: first.body, clips: first.clips, publicUrl: ORIGIN });
    await until(() => m.checkout.state.phase.name === 'paying', 'the new payment form opens');
    m.clock.advance(PAY_FORM_DELAY_MS);
    await paying;
    const second = m.checkout.state.phase as Extract<CheckoutPhase, { name: 'paying' }>;
    expect(second.transactionId).not.toBe(first.transactionId);

    // The player's e-wallet tries to settle the first order after all: refused, as Midtrans refuses an ended one.
    expect((await settle(first.token)).status).toBe(409);
    expect(await paymentStatusOf(first.transactionId)).toBe('expired');
    m.snap.form.callbacks!.onSuccess();
    expect(m.checkout.state.phase.name).toBe('done');
    expect(m.cart.cleared).toBe(1);
    expect((await settle(m.snap.form.token)).status).toBe(200);
    expect(await paymentStatusOf(second.transactionId)).toBe('paid');
    await Promise.all(uploads);
  });

  it('keeps asking about a closed order for ten minutes, then stops (the server alone delivers a later payment)', async () => {
    const m = machine();
    const { transactionId, token, callbacks } = await toPaymentForm(m, 'watch-ends@example.com', 1);
    callbacks.onClose();
    await until(() => say(m.checkout, 'en') === MESSAGES.checkout.paymentCancelled, 'the cancel message');
    for (let waited = 0; waited <= WATCH_MS; waited += STATUS_POLL_MS) {
      m.clock.advance(STATUS_POLL_MS);
      await settled();
    }
    expect(m.checkout.state.watching).toBeNull();
    const asked = m.asked.filter((id) => id === transactionId).length;
    expect(asked).toBeGreaterThan(100);
    await settle(token);
    m.clock.advance(STATUS_POLL_MS * 3);
    await settled();
    expect(m.asked.filter((id) => id === transactionId)).toHaveLength(asked);
    expect(m.checkout.state.phase.name).toBe('form');
    await Promise.all(uploads);
  });

  it('a pending payment that then fails goes back to the form saying so, cart kept; Try Again ends it before a new order', async () => {
    const m = machine();
    const { transactionId, token, callbacks, body, clips } = await toPaymentForm(m, 'pending-fails@example.com', 1);
    callbacks.onPending();
    expect(m.checkout.state.phase.name).toBe('pending');
    await settle(token, 'failure');
    m.clock.advance(STATUS_POLL_MS);
    await until(() => m.checkout.state.phase.name === 'form', 'back to the form');
    expect(say(m.checkout, 'en')).toBe(MESSAGES.checkout.paymentDeclined);
    expect(m.cart.cleared).toBe(0);

    const again = m.checkout.payNow({ body, clips, publicUrl: ORIGIN });
    await until(() => m.checkout.state.phase.name === 'paying', 'a new payment form');
    m.clock.advance(PAY_FORM_DELAY_MS);
    await again;
    expect((m.checkout.state.phase as { transactionId: string }).transactionId).not.toBe(transactionId);
    await Promise.all(uploads);
  });
});
