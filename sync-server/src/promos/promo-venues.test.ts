// Promo codes per venue (issue 24 point 4) and their uses told apart (point 5).
import { MESSAGES, type Promo, type PromoResponse } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { markPurchaseOutcome } from '../purchases/outcomes.ts';
import { created, messageOf, PRICE, purchaseWorld, type PurchaseWorld } from '../purchases/test-support.ts';
import { countRows } from '../testing/index.ts';

let w: PurchaseWorld;
beforeEach(async () => {
  w = await purchaseWorld();
});
afterEach(async () => {
  await w.t.close();
});

const promoBody = (code: string, venueId?: number | null) => ({ name: code, code, amount: 0, percent: 10, quota: 0, venueId });
const list = async (headers: Record<string, string>, query = '') =>
  ((await (await w.t.json('GET', `/api/promo${query}`, undefined, headers)).json()) as Promo[]).map((p) => p.code).sort();

describe("a venue's own promo codes", () => {
  it("works only at its venue's kiosks: elsewhere it answers exactly like an unknown code, at validation and at purchase", async () => {
    await w.t.seed.promo({ code: 'ARENA-A', percent: 10, amount: 0, venueId: w.venueA.id });
    const validate = async (kiosk: PurchaseWorld['kioskA'], code: string) =>
      (await w.t.json('POST', '/api/promo/validate', { code }, kiosk.headers)).json();
    expect(await validate(w.kioskA, 'ARENA-A')).toMatchObject({ valid: true });
    expect(await validate(w.kioskB, 'ARENA-A')).toEqual(await validate(w.kioskB, 'NO-SUCH-CODE'));

    const atB = await w.buy(
      w.kioskB,
      w.body({ venueId: w.venueB.id, fieldId: w.courtB.id, totalAmount: PRICE - 1000, promoCode: 'ARENA-A' }),
    );
    expect(atB.status).toBe(400);
    expect(await messageOf(atB)).toBe(MESSAGES.promo.invalidOrExpired);
    const atA = await w.buy(w.kioskA, w.body({ totalAmount: PRICE - 1000, promoCode: 'ARENA-A' }));
    expect(atA.status).toBe(201);
  });

  it("lets a venue admin create, change and delete their venue's codes only, and list theirs and the global ones", async () => {
    await w.t.seed.promo({ code: 'EVERYWHERE' });
    const other = await w.t.seed.promo({ code: 'ARENA-B', venueId: w.venueB.id });
    const res = await w.t.json('POST', '/api/promo', promoBody('ARENA-A', w.venueA.id), w.adminA.headers);
    expect(res.status).toBe(201);
    const { promo } = (await res.json()) as PromoResponse;
    expect(promo).toMatchObject({ code: 'ARENA-A', venueId: w.venueA.id, used: 0, paid: 0, held: 0 });

    expect((await w.t.json('POST', '/api/promo', promoBody('SNEAKY', w.venueB.id), w.adminA.headers)).status).toBe(403);
    expect((await w.t.json('POST', '/api/promo', promoBody('GLOBAL'), w.adminA.headers)).status).toBe(403);
    expect((await w.t.json('PUT', `/api/promo/${other.id}`, promoBody('ARENA-B', w.venueB.id), w.adminA.headers)).status).toBe(403);
    // Nor move their own code to another venue.
    expect((await w.t.json('PUT', `/api/promo/${promo.id}`, promoBody('ARENA-A', w.venueB.id), w.adminA.headers)).status).toBe(403);
    expect((await w.t.json('DELETE', `/api/promo/${other.id}`, undefined, w.adminA.headers)).status).toBe(403);
    expect(await countRows(w.t.db, 'promo_codes')).toBe(3);

    expect(await list(w.adminA.headers)).toEqual(['ARENA-A', 'EVERYWHERE']);
    expect(await list(w.adminA.headers, `?venueId=${w.venueB.id}`)).toEqual(['ARENA-A', 'EVERYWHERE']);
    expect(await list(w.superAdmin.headers)).toEqual(['ARENA-A', 'ARENA-B', 'EVERYWHERE']);
    expect(await list(w.superAdmin.headers, `?venueId=${w.venueB.id}`)).toEqual(['ARENA-B', 'EVERYWHERE']);

    expect((await w.t.json('DELETE', `/api/promo/${promo.id}`, undefined, w.adminA.headers)).status).toBe(200);
    const audit = await w.t.db.selectFrom('audit_log').select(['action', 'venueId']).orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'promo.create', venueId: w.venueA.id },
      { action: 'promo.delete', venueId: w.venueA.id },
    ]);
  });

  it('refuses a promo for a venue that does not exist', async () => {
    expect((await w.t.json('POST', '/api/promo', promoBody('NOWHERE', 999_999), w.superAdmin.headers)).status).toBe(404);
    const bad = await w.t.json('POST', '/api/promo', promoBody('BAD', -1), w.superAdmin.headers);
    expect(bad.status).toBe(400);
    expect(await countRows(w.t.db, 'promo_codes')).toBe(0);
  });
});

describe('uses told apart: paid and held', () => {
  it('counts pending purchases as held and paid (or free) ones as paid; ended ones count as neither', async () => {
    const promo = await w.t.seed.promo({ code: 'TEN', percent: 10, amount: 0 });
    const buy = async () => (await created(await w.buy(w.kioskA, w.body({ totalAmount: PRICE - 1000, promoCode: 'TEN' })))).transaction.id;
    const [paid, , failed] = [await buy(), await buy(), await buy()];
    await markPurchaseOutcome(w.t.db, paid, 'paid', w.t.clock.now());
    await markPurchaseOutcome(w.t.db, failed, 'failed', w.t.clock.now());
    const [listed] = (await (await w.t.json('GET', '/api/promo', undefined, w.superAdmin.headers)).json()) as Promo[];
    expect(listed).toMatchObject({ id: promo.id, used: 2, paid: 1, held: 1 });
  });
});
