// The phone page's token: always the server's (issued to a kiosk ahead of its sales, or drawn for a
// purchase that names none), never guessable from the purchase, and only the kiosk that made a
// purchase reads its status.
import { PURCHASE_MESSAGES } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { created, messageOf, PRICE, purchaseWorld, storedPurchases, type PurchaseWorld } from './test-support.ts';
import { ensurePhoneToken, newPhoneToken } from './phone-token.ts';

let w: PurchaseWorld;
beforeEach(async () => {
  w = await purchaseWorld();
});
afterEach(async () => {
  await w.t.close();
});

// What an old kiosk build sends: a token it drew itself (16 random bytes, base64url).
const KIOSK_TOKEN = 'k1osK-Drawn_tOken-012w';

/** POST /api/device/phone-tokens from a kiosk: the tokens issued. */
async function issue(device: { headers: Record<string, string> }, count: number): Promise<string[]> {
  const res = await w.t.json('POST', '/api/device/phone-tokens', { count }, device.headers);
  expect(res.status).toBe(200);
  return ((await res.json()) as { tokens: string[] }).tokens;
}

const issuedRows = () => w.t.db.selectFrom('issued_phone_tokens').selectAll().orderBy('token').execute();

describe('phone-page tokens the server issues to a kiosk (POST /api/device/phone-tokens)', () => {
  it('draws fresh 128-bit tokens for the kiosk that asks, recorded as issued to it and unused', async () => {
    const tokens = await issue(w.kioskA, 20);
    expect(tokens).toHaveLength(20);
    expect(new Set(tokens).size).toBe(20);
    // 16 random bytes in base64url: 22 characters.
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const rows = await issuedRows();
    expect(rows.map((r) => r.token)).toEqual([...tokens].sort());
    expect(new Set(rows.map((r) => r.deviceId))).toEqual(new Set([w.kioskA.deviceId]));
    expect(rows.every((r) => r.usedAt === null)).toBe(true);
    expect(await issue(w.kioskA, 1)).not.toContain(tokens[0]);
  });

  it('answers only a registered, authorised kiosk, and refuses a count outside 1 to 50 with a 400, issuing nothing', async () => {
    expect((await w.t.json('POST', '/api/device/phone-tokens', { count: 5 })).status).toBe(401);
    const stranger = await w.t.seed.device({ venueId: w.venueA.id, authorized: false });
    expect((await w.t.json('POST', '/api/device/phone-tokens', { count: 5 }, stranger.headers)).status).toBe(403);
    for (const body of [{ count: 0 }, { count: 51 }, { count: 2.5 }, {}, { count: '5' }]) {
      const res = await w.t.json('POST', '/api/device/phone-tokens', body, w.kioskA.headers);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await messageOf(res)).toBeTruthy();
    }
    expect(await issuedRows()).toEqual([]);
  });

  it('retires the oldest unused tokens beyond 100 held, so a kiosk that lost its stock starts a new one', async () => {
    const first = await issue(w.kioskA, 50);
    w.t.clock.advance(1_000);
    const second = await issue(w.kioskA, 50);
    w.t.clock.advance(1_000);
    const third = await issue(w.kioskA, 20);
    const held = new Set((await issuedRows()).map((r) => r.token));
    expect(held.size).toBe(100);
    expect(first.filter((token) => held.has(token))).toHaveLength(30);
    expect(second.every((token) => held.has(token)) && third.every((token) => held.has(token))).toBe(true);
  });
});

describe('the phone token of POST /api/transaction', () => {
  it('keeps a token the server issued to this kiosk and answers the phone page address on PUBLIC_URL', async () => {
    const [token] = await issue(w.kioskA, 1);
    const answer = await created(await w.buy(w.kioskA, w.body({ phoneToken: token, language: 'id' })));
    expect(answer.phoneUrl).toBe(`${w.t.config.publicUrl}/p/${token}`);
    const [stored] = await storedPurchases(w.t);
    expect(stored).toMatchObject({ phoneToken: token, language: 'id' });
    expect((await issuedRows())[0]?.usedAt).toBe(w.t.clock.now().toISOString());
  });

  it('draws a 128-bit token when the kiosk sends none, unrelated to the purchase id', async () => {
    const first = await created(await w.buy(w.kioskA));
    const second = await created(await w.buy(w.kioskA));
    const tokens = [first, second].map((a) => new URL(a.phoneUrl).pathname.replace('/p/', ''));
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(tokens[0]).not.toBe(tokens[1]);
    expect(first.phoneUrl).not.toContain(first.transaction.id);
    expect((await storedPurchases(w.t))[0]?.language).toBeNull();
  });

  it('refuses a short or malformed token and stores nothing', async () => {
    for (const phoneToken of ['short', 'has spaces in it but long enough', 'x'.repeat(65), '../../../../etc/passwd-aaaaaaa']) {
      const res = await w.buy(w.kioskA, w.body({ phoneToken }));
      expect(res.status).toBe(400);
      expect(await messageOf(res)).toBe(PURCHASE_MESSAGES.phoneTokenInvalid);
    }
    expect(await storedPurchases(w.t)).toEqual([]);
  });

  it("refuses, with a 400 telling an old kiosk build to reload, a token the kiosk drew itself, another kiosk's, or one used already; nothing is stored or used up", async () => {
    const [mine, spare] = await issue(w.kioskA, 2);
    const usedOnce = await created(await w.buy(w.kioskA, w.body({ phoneToken: mine })));
    const refused = [
      { kiosk: w.kioskA, phoneToken: KIOSK_TOKEN },
      { kiosk: w.kioskA, phoneToken: mine },
      { kiosk: w.kioskA2, phoneToken: spare },
    ];
    for (const { kiosk, phoneToken } of refused) {
      const res = await w.buy(kiosk, w.body({ phoneToken, fieldId: kiosk === w.kioskA2 ? null : w.courtA.id }), {
        'Idempotency-Key': `refused-${phoneToken}`,
      });
      expect(res.status, phoneToken).toBe(400);
      expect(await messageOf(res)).toBe(PURCHASE_MESSAGES.phoneTokenNotIssued);
    }
    expect((await storedPurchases(w.t)).map((p) => p.id)).toEqual([usedOnce.transaction.id]);
    // The other kiosk's try did not use up the token: its own kiosk still sells with it.
    expect((await issuedRows()).find((r) => r.token === spare)?.usedAt).toBeNull();
    const answer = await created(await w.buy(w.kioskA, w.body({ phoneToken: spare }), { 'Idempotency-Key': 'refused-' + spare }));
    expect(answer.phoneUrl).toBe(`${w.t.config.publicUrl}/p/${spare}`);
  });

  it('answers the same phone page when the kiosk retries with the same Idempotency-Key', async () => {
    const [token] = await issue(w.kioskA, 1);
    const body = w.body({ phoneToken: token });
    const first = await created(await w.buy(w.kioskA, body, { 'Idempotency-Key': 'retry-1' }));
    const again = await created(await w.buy(w.kioskA, body, { 'Idempotency-Key': 'retry-1' }));
    expect(again.phoneUrl).toBe(first.phoneUrl);
    expect(await storedPurchases(w.t)).toHaveLength(1);
  });

  it('gives a purchase made before tokens existed one token on first need, the same ever after', async () => {
    const answer = await created(await w.buy(w.kioskA));
    await w.t.db.updateTable('purchases').set({ phoneToken: null }).execute();
    const token = await ensurePhoneToken(w.t.db, answer.transaction.id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await ensurePhoneToken(w.t.db, answer.transaction.id)).toBe(token);
    expect(await ensurePhoneToken(w.t.db, 'CR-20260101-NOSUCHID00')).toBeUndefined();
    expect(newPhoneToken()).not.toBe(newPhoneToken());
  });
});

describe('GET /api/transaction/:id/status', () => {
  it("answers the kiosk's own purchase's payment status and phone page, following the payment", async () => {
    const [token] = await issue(w.kioskA, 1);
    const answer = await created(await w.buy(w.kioskA, w.body({ phoneToken: token, totalAmount: PRICE })));
    const ask = () => w.t.call('purchaseStatus', { params: { id: answer.transaction.id } }, { headers: w.kioskA.headers, raw: true });
    expect(await (await ask()).json()).toEqual({ paymentStatus: 'pending', phoneUrl: answer.phoneUrl });
    await w.t.db.updateTable('purchases').set({ paymentStatus: 'paid' }).execute();
    expect(await (await ask()).json()).toEqual({ paymentStatus: 'paid', phoneUrl: answer.phoneUrl });
  });

  it('refuses another kiosk (403), an unknown id (404) and a caller without a device (401)', async () => {
    const answer = await created(await w.buy(w.kioskA));
    const path = `/api/transaction/${answer.transaction.id}/status`;
    expect((await w.t.json('GET', path, undefined, w.kioskB.headers)).status).toBe(403);
    await w.t.call('purchaseStatus', { params: { id: 'CR-20260101-NOSUCHID00' } }, { headers: w.kioskA.headers, status: 404 });
    expect((await w.t.json('GET', path)).status).toBe(401);
  });
});
