// The phone page's token (issue 13 point 1): drawn by the kiosk or the server, kept, never guessable
// from the purchase, and only the kiosk that made a purchase reads its status.
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

// Shaped like the kiosk generator's (16 random bytes, base64url): 22 characters ending in A, Q, g or w.
const KIOSK_TOKEN = 'k1osK-Drawn_tOken-012w';

describe('the phone token of POST /api/transaction', () => {
  it('keeps the token the kiosk drew and answers the phone page address on PUBLIC_URL', async () => {
    const answer = await created(await w.buy(w.kioskA, w.body({ phoneToken: KIOSK_TOKEN, language: 'id' })));
    expect(answer.phoneUrl).toBe(`${w.t.config.publicUrl}/p/${KIOSK_TOKEN}`);
    const [stored] = await storedPurchases(w.t);
    expect(stored).toMatchObject({ phoneToken: KIOSK_TOKEN, language: 'id' });
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

  it('replaces, with a server-drawn token and the same answer, a token not shaped like the generator’s or held by another purchase', async () => {
    const held = await created(await w.buy(w.kioskA, w.body({ phoneToken: KIOSK_TOKEN })));
    const weak = [
      'a'.repeat(22),
      'aaaaaaaaaaaaaaaaaaaaaQ',
      'abababababababababababA',
      'k1osK-Drawn_tOken-01234',
      'k1osk-Drawn_token-0123456789',
    ];
    const answers = [];
    for (const phoneToken of [...weak, KIOSK_TOKEN]) {
      const res = await w.buy(w.kioskB, w.body({ phoneToken, venueId: w.venueB.id, fieldId: w.courtB.id }));
      expect(res.status, phoneToken).toBe(201);
      const answer = await created(res);
      const token = new URL(answer.phoneUrl).pathname.replace('/p/', '');
      expect(token, phoneToken).not.toBe(phoneToken);
      expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
      answers.push(Object.keys(answer).sort());
    }
    // The taken token's answer has the same shape as a weak one's: nothing tells it is in use.
    expect(new Set(answers.map((keys) => keys.join())).size).toBe(1);
    const stored = await storedPurchases(w.t);
    expect(stored.filter((p) => p.phoneToken === KIOSK_TOKEN).map((p) => p.id)).toEqual([held.transaction.id]);
    expect(new Set(stored.map((p) => p.phoneToken)).size).toBe(stored.length);
  });

  it('answers the same phone page when the kiosk retries with the same Idempotency-Key', async () => {
    const body = w.body({ phoneToken: KIOSK_TOKEN });
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
    const answer = await created(await w.buy(w.kioskA, w.body({ phoneToken: KIOSK_TOKEN, totalAmount: PRICE })));
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
