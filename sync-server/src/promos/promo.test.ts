import { MESSAGES, PROMO_MESSAGES } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findPromo, releasePromo, reservePromo } from './queries.ts';
import { countRows, makeTestApp, type SeededAdmin, type TestApp } from '../testing/index.ts';

let t: TestApp;
let superAdmin: SeededAdmin;
let admin: SeededAdmin;

beforeEach(async () => {
  t = await makeTestApp();
  const venue = await t.seed.venue();
  superAdmin = await t.seed.admin({ role: 'super_admin' });
  admin = await t.seed.admin({ role: 'admin', venueId: venue.id });
});
afterEach(() => t.close());

const valid = { name: 'Opening week', code: ' hello10 ', quota: 3, amount: 0, percent: 10 };

describe('managing promo codes', () => {
  it('creates (code trimmed and upper-cased), lists, updates and deletes', async () => {
    const created = await t.call('createPromo', { body: valid }, { headers: superAdmin.headers, status: 201 });
    const { promo, message } = created;
    expect(message).toBe('Promo code HELLO10 created successfully');
    expect(promo).toMatchObject({ name: 'Opening week', code: 'HELLO10', amount: 0, percent: 10, quota: 3, used: 0 });

    const list = await t.call('listPromos', {}, { headers: superAdmin.headers });
    expect(list.map((p) => p.code)).toEqual(['HELLO10']);

    const updated = await t.call(
      'updatePromo',
      { params: { id: promo.id }, body: { name: 'Fixed', code: 'hello10', quota: 0, amount: 5000, percent: 0 } },
      { headers: superAdmin.headers },
    );
    expect(updated).toMatchObject({
      message: 'Promo code HELLO10 updated successfully',
      promo: { amount: 5000, percent: 0, quota: 0 },
    });

    const deleted = await t.call('deletePromo', { params: { id: promo.id } }, { headers: superAdmin.headers });
    expect(deleted).toEqual({ message: MESSAGES.promoForm.deleted });
    expect(await countRows(t.db, 'promo_codes')).toBe(0);
    await t.call('deletePromo', { params: { id: promo.id } }, { headers: superAdmin.headers, status: 404 });
    await t.call('updatePromo', { params: { id: promo.id }, body: valid }, { headers: superAdmin.headers, status: 404 });
  });

  it('answers 409 for a code that exists, on create and on update', async () => {
    await t.seed.promo({ code: 'HELLO10' });
    const other = await t.seed.promo({ code: 'OTHER' });
    const dup = await t.call('createPromo', { body: { ...valid, code: 'Hello10' } }, { headers: superAdmin.headers, status: 409 });
    expect(dup).toEqual({ message: 'A promo code with this code already exists' });
    await t.call(
      'updatePromo',
      { params: { id: other.id }, body: { ...valid, code: 'hello10' } },
      { headers: superAdmin.headers, status: 409 },
    );
    expect((await findPromo(t.db, other.id))?.code).toBe('OTHER');
    expect(await countRows(t.db, 'promo_codes')).toBe(2);
  });

  it.each<[Record<string, unknown>, string]>([
    [{ ...valid, name: '' }, MESSAGES.promoForm.nameRequired],
    [{ ...valid, name: undefined }, MESSAGES.promoForm.nameRequired],
    [{ ...valid, code: '   ' }, MESSAGES.promoForm.codeRequired],
    [{ ...valid, code: 'HAS SPACE' }, PROMO_MESSAGES.codeFormat],
    [{ ...valid, code: '<b>X</b>' }, PROMO_MESSAGES.codeFormat],
    [{ ...valid, code: 'X'.repeat(33) }, 'code must be at most 32 characters'],
    [{ ...valid, percent: 0, amount: 0 }, MESSAGES.promoForm.amountPositive],
    [{ ...valid, percent: 0, amount: -5 }, MESSAGES.promoForm.amountPositive],
    [{ ...valid, percent: -1 }, MESSAGES.promoForm.percentPositive],
    [{ ...valid, percent: 101 }, MESSAGES.promoForm.percentMax],
    [{ ...valid, percent: 10, amount: 1000 }, PROMO_MESSAGES.bothDiscounts],
    // Too large says so, not 'must be greater than 0'.
    [{ ...valid, percent: 0, amount: 1_000_000_001 }, PROMO_MESSAGES.amountTooLarge],
    [{ ...valid, percent: 5_000_000_000 }, MESSAGES.promoForm.percentMax],
    [{ ...valid, percent: 12.5 }, PROMO_MESSAGES.percentWhole],
    [{ ...valid, percent: '10' }, MESSAGES.promoForm.percentPositive],
    [{ ...valid, quota: -1 }, MESSAGES.promoForm.quotaInvalid],
    [{ ...valid, quota: 1.5 }, MESSAGES.promoForm.quotaInvalid],
    [{ ...valid, used: 0 }, 'Unknown field: used'],
  ])('refuses %j with 400 and stores nothing', async (body, message) => {
    const res = await t.json('POST', '/api/promo', body, superAdmin.headers);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message });
    expect(await countRows(t.db, 'promo_codes')).toBe(0);
  });

  it('leaves the global codes to super admins: a venue admin may list them but not create, change or delete them', async () => {
    const promo = await t.seed.promo();
    await t.call('listPromos', {}, { status: 401 });
    await t.call('listPromos', {}, { headers: admin.headers, status: 200 });
    for (const [method, path, body] of [
      ['POST', '/api/promo', valid],
      ['PUT', `/api/promo/${promo.id}`, valid],
      ['DELETE', `/api/promo/${promo.id}`, undefined],
    ] as const) {
      expect((await t.json(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await t.json(method, path, body, admin.headers)).status, `${method} ${path}`).toBe(403);
    }
    expect(await countRows(t.db, 'promo_codes')).toBe(1);
    expect((await findPromo(t.db, promo.id))?.name).not.toBe(valid.name);
  });
});

describe('POST /api/promo/validate', () => {
  it('answers an authorised kiosk with the promo for a valid code', async () => {
    const venue = await t.seed.venue();
    const kiosk = await t.seed.device({ venueId: venue.id });
    const promo = await t.seed.promo({ name: 'Ten off', code: 'TEN', percent: 10, quota: 2, used: 1 });
    const res = await t.call('validatePromo', { body: { code: ' ten ' } }, { headers: kiosk.headers, status: 200 });
    expect(res).toEqual({
      valid: true,
      message: PROMO_MESSAGES.valid,
      promo: { id: promo.id, name: 'Ten off', code: 'TEN', amount: 0, percent: 10 },
    });
  });

  it('answers invalid for an unknown code and for a used-up quota alike', async () => {
    const venue = await t.seed.venue();
    const kiosk = await t.seed.device({ venueId: venue.id });
    await t.seed.promo({ code: 'GONE', quota: 2, used: 2 });
    for (const code of ['GONE', 'NOPE']) {
      const res = await t.call('validatePromo', { body: { code } }, { headers: kiosk.headers });
      expect(res).toEqual({ valid: false, message: 'Promo has ended or you entered a wrong code.', promo: null });
    }
    const empty = await t.call('validatePromo', { body: { code: ' ' } }, { headers: kiosk.headers, status: 400 });
    expect(empty).toEqual({ message: MESSAGES.promo.enterCode });
  });

  it('needs a registered (401) and authorised (403) device', async () => {
    const venue = await t.seed.venue();
    const blocked = await t.seed.device({ venueId: venue.id, authorized: false });
    await t.seed.promo({ code: 'TEN' });
    await t.call('validatePromo', { body: { code: 'TEN' } }, { status: 401 });
    await t.call('validatePromo', { body: { code: 'TEN' } }, { headers: { 'X-Device-Id': 'unknown-device-123456' }, status: 401 });
    const res = await t.call('validatePromo', { body: { code: 'TEN' } }, { headers: blocked.headers, status: 403 });
    expect(res).toEqual({ message: 'This device is not authorized. Please ask staff to authorize it.' });
    await t.call('validatePromo', { body: { code: 'TEN' } }, { headers: superAdmin.headers, status: 401 });
  });
});

describe('promo days and the on/off switch', () => {
  const validate = async (code: string) => {
    const venue = await t.seed.venue();
    const kiosk = await t.seed.device({ venueId: venue.id });
    return (await t.call('validatePromo', { body: { code } }, { headers: kiosk.headers, raw: true })).json();
  };
  const unknownAnswer = { valid: false, message: MESSAGES.promo.requestFailed, promo: null };

  it('works from its first day to its last, both whole Jakarta days, and outside them answers like an unknown code', async () => {
    const created = await t.call(
      'createPromo',
      { body: { ...valid, startsOn: '2026-12-01', endsOn: '2026-12-03' } },
      { headers: superAdmin.headers, status: 201 },
    );
    expect(created.promo).toMatchObject({ startsOn: '2026-12-01', endsOn: '2026-12-03', active: true });
    const at = async (instant: string) => {
      t.clock.set(instant);
      return ((await validate('HELLO10')) as { valid: boolean }).valid;
    };
    expect(await at('2026-11-30T16:59:59.000Z')).toBe(false); // 23:59:59 on 30 November in Jakarta
    expect(await at('2026-11-30T17:00:00.000Z')).toBe(true); // 00:00 on 1 December
    expect(await at('2026-12-03T16:59:59.000Z')).toBe(true); // the last second of the last day
    expect(await at('2026-12-03T17:00:00.000Z')).toBe(false);
    expect(await validate('HELLO10')).toEqual(unknownAnswer);
    expect(await validate('NEVER-HEARD-OF')).toEqual(unknownAnswer);
  });

  it('switched off answers like an unknown code and keeps its uses; switched on it works again', async () => {
    const created = await t.call('createPromo', { body: valid }, { headers: superAdmin.headers });
    await reservePromo(t.db, created.promo.id);
    const off = await t.call(
      'updatePromo',
      { params: { id: created.promo.id }, body: { ...valid, active: false } },
      { headers: superAdmin.headers },
    );
    expect(off.promo).toMatchObject({ active: false, used: 1 });
    expect(await validate('HELLO10')).toEqual(unknownAnswer);
    await t.call('updatePromo', { params: { id: created.promo.id }, body: { ...valid, active: true } }, { headers: superAdmin.headers });
    expect(await validate('HELLO10')).toMatchObject({ valid: true });
  });

  it.each([
    [{ startsOn: '2026-12-10', endsOn: '2026-12-09' }, PROMO_MESSAGES.endBeforeStart],
    [{ startsOn: '2026-02-30' }, PROMO_MESSAGES.dateFormat],
    [{ endsOn: '31/12/2026' }, PROMO_MESSAGES.dateFormat],
    [{ endsOn: 20261231 }, PROMO_MESSAGES.dateFormat],
    [{ active: 'yes' }, 'active must be true or false'],
  ])('refuses %j with a clear message and saves nothing', async (days, message) => {
    const res = await t.json('POST', '/api/promo', { ...valid, ...days }, superAdmin.headers);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(message);
    expect(await countRows(t.db, 'promo_codes')).toBe(0);
  });
});

describe('reservePromo / releasePromo', () => {
  it('never takes a quota of 3 more than 3 times under 20 concurrent reservations', async () => {
    const promo = await t.seed.promo({ quota: 3 });
    const results = await Promise.all(Array.from({ length: 20 }, () => t.db.transaction().execute((trx) => reservePromo(trx, promo.id))));
    expect(results.filter(Boolean)).toHaveLength(3);
    expect((await findPromo(t.db, promo.id))?.used).toBe(3);
    await releasePromo(t.db, promo.id);
    expect(await reservePromo(t.db, promo.id)).toBe(true);
    expect(await reservePromo(t.db, promo.id)).toBe(false);
  });

  it('treats quota 0 as unlimited and never releases below 0', async () => {
    const promo = await t.seed.promo({ quota: 0 });
    for (let i = 0; i < 5; i += 1) expect(await reservePromo(t.db, promo.id)).toBe(true);
    for (let i = 0; i < 7; i += 1) await releasePromo(t.db, promo.id);
    expect((await findPromo(t.db, promo.id))?.used).toBe(0);
    expect(await reservePromo(t.db, 9999)).toBe(false);
  });
});
