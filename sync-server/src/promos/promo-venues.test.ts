// Promo codes per venue and their uses told apart.
import { MESSAGES, type Promo } from '@courtreplay/shared';
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
      (await w.t.call('validatePromo', { body: { code } }, { headers: kiosk.headers, raw: true })).json();
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
    const { promo } = await w.t.call(
      'createPromo',
      { body: promoBody('ARENA-A', w.venueA.id) },
      { headers: w.adminA.headers, status: 201 },
    );
    expect(promo).toMatchObject({ code: 'ARENA-A', venueId: w.venueA.id, used: 0, paid: 0, held: 0 });

    await w.t.call('createPromo', { body: promoBody('SNEAKY', w.venueB.id) }, { headers: w.adminA.headers, status: 403 });
    await w.t.call('createPromo', { body: promoBody('GLOBAL') }, { headers: w.adminA.headers, status: 403 });
    await w.t.call(
      'updatePromo',
      { params: { id: other.id }, body: promoBody('ARENA-B', w.venueB.id) },
      { headers: w.adminA.headers, status: 403 },
    );
    // Nor move their own code to another venue.
    await w.t.call(
      'updatePromo',
      { params: { id: promo.id }, body: promoBody('ARENA-A', w.venueB.id) },
      { headers: w.adminA.headers, status: 403 },
    );
    await w.t.call('deletePromo', { params: { id: other.id } }, { headers: w.adminA.headers, status: 403 });
    expect(await countRows(w.t.db, 'promo_codes')).toBe(3);

    expect(await list(w.adminA.headers)).toEqual(['ARENA-A', 'EVERYWHERE']);
    expect(await list(w.adminA.headers, `?venueId=${w.venueB.id}`)).toEqual(['ARENA-A', 'EVERYWHERE']);
    expect(await list(w.superAdmin.headers)).toEqual(['ARENA-A', 'ARENA-B', 'EVERYWHERE']);
    expect(await list(w.superAdmin.headers, `?venueId=${w.venueB.id}`)).toEqual(['ARENA-B', 'EVERYWHERE']);

    await w.t.call('deletePromo', { params: { id: promo.id } }, { headers: w.adminA.headers, status: 200 });
    const audit = await w.t.db.selectFrom('audit_log').select(['action', 'venueId']).orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'promo.create', venueId: w.venueA.id },
      { action: 'promo.delete', venueId: w.venueA.id },
    ]);
  });

  it('refuses a promo for a venue that does not exist', async () => {
    await w.t.call('createPromo', { body: promoBody('NOWHERE', 999_999) }, { headers: w.superAdmin.headers, status: 404 });
    await w.t.call('createPromo', { body: promoBody('BAD', -1) }, { headers: w.superAdmin.headers, status: 400 });
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
    const [listed] = await w.t.call('listPromos', {}, { headers: w.superAdmin.headers });
    expect(listed).toMatchObject({ id: promo.id, used: 2, paid: 1, held: 1 });
  });
});
