import { DEFAULT_BUNDLING_TIERS, MESSAGES, PURCHASE_MESSAGES, serializePromoTable } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countRows } from '../testing/index.ts';
import { created, messageOf, PRICE, promoUsed, purchaseWorld, storedPurchases, type PurchaseWorld } from './test-support.ts';

let w: PurchaseWorld;
beforeEach(async () => {
  w = await purchaseWorld();
});
afterEach(async () => {
  await w.t.close();
});

describe('POST /api/transaction: a paid purchase', () => {
  it('stores the purchase with the venue and court of the device and answers the payment token', async () => {
    const res = await w.buy(
      w.kioskA,
      w.body({ videoIds: ['a.mp4', 'b.mp4'], videoTitles: ['A', 'B'], totalAmount: 2 * PRICE, email: ' Player@Example.COM ' }),
    );
    expect(res.status).toBe(201);
    const answer = await created(res);
    expect(answer.skip_payment_gateway).toBe(false);
    expect(answer.transaction.id).toMatch(/^CR-\d{8}-[A-Z2-9]{10}$/);
    expect(answer.payment).toEqual({ token: `token-${answer.transaction.id}` });
    expect(answer.transaction).toMatchObject({
      email: 'player@example.com',
      videoCount: 2,
      videoIds: ['a.mp4', 'b.mp4'],
      videoTitles: ['A', 'B'],
      totalAmount: 2 * PRICE,
      paymentStatus: 'pending',
      emailSent: null,
      venueId: w.venueA.id,
      venueName: 'Arena A',
      fieldId: w.courtA.id,
      fieldName: 'Court A1',
      deviceId: w.kioskA.deviceId,
    });
    const [stored] = await storedPurchases(w.t);
    expect(stored).toMatchObject({
      id: answer.transaction.id,
      paymentToken: answer.payment?.token,
      paymentStatus: 'pending',
      totalAmount: 20_000,
    });

    const [call] = w.payments.calls;
    expect(call).toMatchObject({ orderId: answer.transaction.id, grossAmount: 20_000, email: 'player@example.com', staging: false });
    // The device's database id, never its X-Device-Id (the kiosk's only credential).
    expect(call?.customFields).toEqual({ venue: 'Arena A', court: 'Court A1', device: `device-${w.kioskA.id}` });
    expect(w.delivery.changed).toEqual([]);
  });

  it('prices with the bundling tiers and sends item lines that add up to the total, with a negative promo line', async () => {
    await w.t.seed.config('PROMO_TABLE', serializePromoTable(DEFAULT_BUNDLING_TIERS));
    const promo = await w.t.seed.promo({ code: 'HEMAT', amount: 5000 });
    // 3 clips: the 3-tier at 9000 each = 27000, minus 5000.
    const res = await w.buy(
      w.kioskA,
      w.body({ videoIds: ['a', 'b', 'c'], videoTitles: ['a', 'b', 'c'], totalAmount: 22_000, promoCode: 'hemat', promoId: promo.id }),
    );
    expect(res.status).toBe(201);
    const answer = await created(res);
    expect(answer.transaction).toMatchObject({ subtotal: 27_000, discount: 5000, totalAmount: 22_000, promoCode: 'HEMAT' });
    const items = w.payments.calls[0]?.items ?? [];
    expect(items).toContainEqual({ id: 'promo', name: 'Promo HEMAT', price: -5000, quantity: 1 });
    expect(items.reduce((sum, i) => sum + i.price * i.quantity, 0)).toBe(22_000);
    expect(await promoUsed(w.t, promo.id)).toBe(1);
  });

  it('takes a percent promo off the recomputed subtotal', async () => {
    await w.t.seed.promo({ code: 'TEN', percent: 10 });
    const res = await w.buy(w.kioskA, w.body({ videoIds: ['a', 'b'], videoTitles: ['a', 'b'], totalAmount: 18_000, promoCode: 'TEN' }));
    expect(res.status).toBe(201);
    expect((await created(res)).transaction.discount).toBe(2000);
  });

  it('reads the _STAGING twins for a staging purchase and the live keys otherwise', async () => {
    await w.t.seed.config('DEFAULT_PRICE_STAGING', '2500');
    const staging = await w.buy(w.testKioskA, w.body({ totalAmount: 2500, isStaging: true }));
    expect(staging.status).toBe(201);
    expect(w.payments.calls[0]).toMatchObject({ grossAmount: 2500, staging: true });
    const liveAtStagingPrice = await w.buy(w.testKioskA, w.body({ totalAmount: 2500 }));
    expect(liveAtStagingPrice.status).toBe(400);
  });

  it('lets a kiosk without a court name a court of its own venue', async () => {
    const res = await w.buy(w.kioskA2, w.body({ fieldId: w.courtA2.id }));
    expect(res.status).toBe(201);
    expect((await created(res)).transaction.fieldId).toBe(w.courtA2.id);
  });
});

describe('POST /api/transaction: a free purchase', () => {
  it('skips the gateway when it is off: status free, no token, the delivery is told', async () => {
    await w.t.seed.config('ENABLE_PAYMENT_GATEWAY', 'false');
    const res = await w.buy(w.kioskA, w.body({ totalAmount: 0 }));
    expect(res.status).toBe(201);
    const answer = await created(res);
    expect(answer).toMatchObject({ skip_payment_gateway: true, payment: null, transaction: { paymentStatus: 'free', totalAmount: 0 } });
    expect(w.payments.calls).toEqual([]);
    expect(w.delivery.changed).toEqual([answer.transaction.id]);
    expect((await storedPurchases(w.t))[0]?.paymentToken).toBeNull();
  });

  it('is free when the price is 0', async () => {
    await w.t.seed.config('DEFAULT_PRICE', '0');
    const res = await w.buy(w.kioskA, w.body({ totalAmount: 0 }));
    expect((await created(res)).skip_payment_gateway).toBe(true);
  });
});

describe('POST /api/transaction: refused', () => {
  it('refuses a total that differs from the recomputed one, storing nothing', async () => {
    const promo = await w.t.seed.promo({ code: 'HEMAT', amount: 5000, quota: 5 });
    const res = await w.buy(w.kioskA, w.body({ totalAmount: 1, promoCode: 'HEMAT' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: PURCHASE_MESSAGES.totalChanged });
    expect(await countRows(w.t.db, 'purchases')).toBe(0);
    expect(await promoUsed(w.t, promo.id)).toBe(0);
    expect(w.payments.calls).toEqual([]);
  });

  it.each([
    ['another venue than the device', { venueId: 999 }, PURCHASE_MESSAGES.wrongVenue],
    ['another court than the device', { fieldId: 999 }, PURCHASE_MESSAGES.wrongField],
  ])('refuses %s', async (_name, overrides, message) => {
    const res = await w.buy(w.kioskA, w.body(overrides));
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(message);
    expect(await countRows(w.t.db, 'purchases')).toBe(0);
  });

  it('refuses a code outside its days or switched off exactly like an unknown one, taking no use', async () => {
    w.t.clock.set('2026-12-01T17:00:00.000Z'); // 00:00 on 2 December in Jakarta
    const ended = await w.t.seed.promo({ code: 'ENDED', amount: 1000, endsOn: '2026-12-01' });
    const later = await w.t.seed.promo({ code: 'LATER', amount: 1000, startsOn: '2026-12-03' });
    const off = await w.t.seed.promo({ code: 'PAUSED', amount: 1000, active: false });
    for (const promo of [ended, later, off]) {
      const res = await w.buy(w.kioskA, w.body({ promoCode: promo.code, promoId: promo.id, totalAmount: PRICE - 1000 }));
      expect(res.status).toBe(400);
      expect(await messageOf(res)).toBe(MESSAGES.promo.invalidOrExpired);
    }
    expect(await countRows(w.t.db, 'purchases')).toBe(0);
    const running = await w.t.seed.promo({ code: 'TODAY', amount: 1000, startsOn: '2026-12-02', endsOn: '2026-12-02' });
    const res = await w.buy(w.kioskA, w.body({ promoCode: 'TODAY', promoId: running.id, totalAmount: PRICE - 1000 }));
    expect(res.status).toBe(201);
  });

  it('refuses a court of another venue from a kiosk that has none', async () => {
    const res = await w.buy(w.kioskA2, w.body({ fieldId: w.courtB.id }));
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(PURCHASE_MESSAGES.wrongField);
  });

  it('refuses an unknown promo code and a promo id that does not match the code', async () => {
    const unknown = await w.buy(w.kioskA, w.body({ promoCode: 'NOPE' }));
    expect(unknown.status).toBe(400);
    expect(await messageOf(unknown)).toBe(MESSAGES.promo.invalidOrExpired);
    const promo = await w.t.seed.promo({ code: 'HEMAT', amount: 1000 });
    const mismatch = await w.buy(w.kioskA, w.body({ promoCode: 'HEMAT', promoId: promo.id + 1, totalAmount: PRICE - 1000 }));
    expect(mismatch.status).toBe(400);
    expect(await messageOf(mismatch)).toBe(PURCHASE_MESSAGES.promoMismatch);
    expect(await countRows(w.t.db, 'purchases')).toBe(0);
  });

  it('refuses a promo named by its id alone: no discount, nothing stored, the quota untouched', async () => {
    const promo = await w.t.seed.promo({ code: 'FREEBIE', percent: 100, quota: 5 });
    for (const totalAmount of [0, PRICE]) {
      const res = await w.buy(w.kioskA, w.body({ promoId: promo.id, promoCode: null, totalAmount }));
      expect(res.status, String(totalAmount)).toBe(400);
      expect(await messageOf(res)).toBe(PURCHASE_MESSAGES.promoCodeRequired);
    }
    const blankCode = await w.buy(w.kioskA, w.body({ promoId: promo.id, promoCode: '  ', totalAmount: 0 }));
    expect(blankCode.status).toBe(400);
    expect(await countRows(w.t.db, 'purchases')).toBe(0);
    expect(await promoUsed(w.t, promo.id)).toBe(0);
    expect(w.payments.calls).toEqual([]);
  });

  it('lets the code decide when both are sent: the id of another promo is refused, the matching id accepted', async () => {
    const cheap = await w.t.seed.promo({ code: 'CHEAP', amount: 1000 });
    const free = await w.t.seed.promo({ code: 'FREE', percent: 100 });
    const mismatch = await w.buy(w.kioskA, w.body({ promoCode: 'CHEAP', promoId: free.id, totalAmount: 0 }));
    expect(mismatch.status).toBe(400);
    expect(await messageOf(mismatch)).toBe(PURCHASE_MESSAGES.promoMismatch);
    expect(await countRows(w.t.db, 'purchases')).toBe(0);
    const matching = await w.buy(w.kioskA, w.body({ promoCode: 'CHEAP', promoId: cheap.id, totalAmount: PRICE - 1000 }));
    expect(matching.status).toBe(201);
    expect((await created(matching)).transaction.discount).toBe(1000);
  });

  it('answers 401 without a registered device and 403 for an unauthorised one', async () => {
    await w.t.call('createPurchase', { body: w.body() }, { status: 401 });
    expect((await w.buy({ headers: { 'X-Device-Id': 'dev_unknownunknownunknown' } })).status).toBe(401);
    expect((await w.buy({ headers: w.adminA.headers })).status).toBe(401);
    const blocked = await w.t.seed.device({ venueId: w.venueA.id, authorized: false });
    expect((await w.buy(blocked)).status).toBe(403);
    expect(await countRows(w.t.db, 'purchases')).toBe(0);
  });

  it('answers 502 when the provider refuses, ends the purchase and gives the promo use back', async () => {
    const promo = await w.t.seed.promo({ code: 'HEMAT', amount: 1000, quota: 1 });
    w.payments.failWith = new Error('provider down');
    const res = await w.buy(w.kioskA, w.body({ promoCode: 'HEMAT', totalAmount: PRICE - 1000 }));
    expect(res.status).toBe(502);
    expect(await messageOf(res)).toBe(MESSAGES.checkout.paymentInitFailed);
    expect((await storedPurchases(w.t))[0]?.paymentStatus).toBe('failed');
    expect(await promoUsed(w.t, promo.id)).toBe(0);
  });

  it('stores exactly what was sent for hostile but valid text, and the table survives', async () => {
    const title = "'; DROP TABLE purchases; -- <script>alert(1)</script>";
    const res = await w.buy(w.kioskA, w.body({ videoIds: ['x" OR 1=1 --'], videoTitles: [title] }));
    expect(res.status).toBe(201);
    const [stored] = await storedPurchases(w.t);
    expect(JSON.parse(stored?.videoTitles ?? '[]')).toEqual([title]);
  });
});

describe('POST /api/transaction: bad input', () => {
  const long = (n: number) => 'x'.repeat(n);
  const cases: [string, (b: Record<string, unknown>) => unknown, string | RegExp][] = [
    ['neither email nor phone', ({ email: _e, ...b }) => b, MESSAGES.checkout.contactRequired],
    ['a phone without consent', (b) => ({ ...b, phone: '0812-3456-7890' }), MESSAGES.checkout.phoneConsentRequired],
    ['a phone with consent false', (b) => ({ ...b, phone: '0812-3456-7890', phoneConsent: false }), MESSAGES.checkout.phoneConsentRequired],
    ['a landline', (b) => ({ ...b, phone: '021 555 1234', phoneConsent: true }), MESSAGES.checkout.invalidPhone],
    ['a phone that is no number', (b) => ({ ...b, phone: 'call me', phoneConsent: true }), MESSAGES.checkout.invalidPhone],
    [
      'a bad email beside a good phone',
      (b) => ({ ...b, email: 'nope', phone: '0812-3456-7890', phoneConsent: true }),
      MESSAGES.checkout.invalidEmail,
    ],
    ['email of the wrong type', (b) => ({ ...b, email: 42 }), 'email must be a string'],
    ['email without @', (b) => ({ ...b, email: 'player.example.com' }), MESSAGES.checkout.invalidEmail],
    ['email with a space', (b) => ({ ...b, email: 'pla yer@example.com' }), MESSAGES.checkout.invalidEmail],
    ['email too long', (b) => ({ ...b, email: `${long(250)}@example.com` }), MESSAGES.checkout.invalidEmail],
    ['missing videoIds', ({ videoIds: _v, ...b }) => b, 'videoIds is required'],
    ['no videos', (b) => ({ ...b, videoIds: [], videoTitles: [] }), PURCHASE_MESSAGES.noVideos],
    [
      'seven videos',
      (b) => ({ ...b, videoIds: ['1', '2', '3', '4', '5', '6', '7'], videoTitles: undefined, totalAmount: 7 * PRICE }),
      MESSAGES.selection.maxVideos,
    ],
    ['a video id that is not text', (b) => ({ ...b, videoIds: [7] }), 'videoIds.0 must be a string'],
    ['a video id too long', (b) => ({ ...b, videoIds: [long(301)] }), /videoIds\.0 must be at most 300/],
    ['a video id with a control character', (b) => ({ ...b, videoIds: ['a\u0001b'] }), 'videoIds.0 must not contain control characters'],
    [
      'the same video twice',
      (b) => ({ ...b, videoIds: ['a', 'a'], videoTitles: ['a', 'a'], totalAmount: 2 * PRICE }),
      PURCHASE_MESSAGES.duplicateVideo,
    ],
    ['titles that do not match the ids', (b) => ({ ...b, videoTitles: ['a', 'b'] }), PURCHASE_MESSAGES.titlesMismatch],
    ['a title too long', (b) => ({ ...b, videoTitles: [long(301)] }), /videoTitles\.0 must be at most 300/],
    ['a title with a newline', (b) => ({ ...b, videoTitles: ['a\nb'] }), /control characters/],
    ['missing totalAmount', ({ totalAmount: _t, ...b }) => b, 'totalAmount is required'],
    ['totalAmount as text', (b) => ({ ...b, totalAmount: '10000' }), 'totalAmount must be a number'],
    ['a negative total', (b) => ({ ...b, totalAmount: -1 }), 'totalAmount must be at least 0'],
    ['a fractional total', (b) => ({ ...b, totalAmount: 10_000.5 }), /totalAmount/],
    ['a huge total', (b) => ({ ...b, totalAmount: 1e12 }), /totalAmount must be at most/],
    ['venueId as text', (b) => ({ ...b, venueId: '1' }), 'venueId must be a number'],
    ['fieldId negative', (b) => ({ ...b, fieldId: -3 }), /fieldId/],
    ['promoId as text', (b) => ({ ...b, promoId: 'x' }), 'promoId must be a number'],
    ['promoCode as a number', (b) => ({ ...b, promoCode: 5 }), 'promoCode must be a string'],
    ['promoCode too long', (b) => ({ ...b, promoCode: long(51) }), /promoCode must be at most 50/],
    ['isStaging as text', (b) => ({ ...b, isStaging: 'true' }), 'isStaging must be a boolean'],
    ['an unknown field', (b) => ({ ...b, price: 1 }), 'Unknown field: price'],
    ['a list instead of an object', () => [1, 2], 'Request body must be a JSON object'],
    ['null', () => null, 'Request body must be a JSON object'],
  ];

  it.each(cases)('answers 400 for %s and stores nothing', async (_name, mutate, message) => {
    const res = await w.buy(w.kioskA, mutate(w.body() as Record<string, unknown>));
    expect(res.status).toBe(400);
    const got = await messageOf(res);
    if (typeof message === 'string') expect(got).toBe(message);
    else expect(got).toMatch(message);
    expect(await countRows(w.t.db, 'purchases')).toBe(0);
    expect(await countRows(w.t.db, 'idempotency_keys')).toBe(0);
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await w.buy(w.kioskA, '{"email": ');
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe('Request body must be valid JSON');
  });
});

describe('promo quota under concurrent purchases', () => {
  it('lets exactly 3 of 20 simultaneous purchases use a promo with quota 3', async () => {
    const promo = await w.t.seed.promo({ code: 'ONLY3', amount: 2000, quota: 3 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        w.buy(
          i % 2 ? w.kioskA : w.kioskB,
          w.body({ venueId: null, fieldId: null, promoCode: 'ONLY3', totalAmount: PRICE - 2000, email: `p${i}@example.com` }),
        ),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 400)).toHaveLength(17);
    const refused = await Promise.all(answers.filter((r) => r.status === 400).map((r) => messageOf(r)));
    expect(new Set(refused)).toEqual(new Set([MESSAGES.promo.requestFailed]));
    expect(await promoUsed(w.t, promo.id)).toBe(3);
    const stored = await storedPurchases(w.t);
    expect(stored.filter((p) => p.promoId === promo.id)).toHaveLength(3);
    expect(stored).toHaveLength(3);
  });
});

describe('without the payment and delivery ports wired', () => {
  it('answers 503 with the spec message and stores nothing', async () => {
    const bare = await purchaseWorld({ wirePorts: false });
    try {
      const res = await bare.buy(bare.kioskA);
      expect(res.status).toBe(503);
      expect(await messageOf(res)).toBe(MESSAGES.checkout.paymentNotConfigured);
      expect(await countRows(bare.t.db, 'purchases')).toBe(0);
    } finally {
      await bare.t.close();
    }
  });
});
