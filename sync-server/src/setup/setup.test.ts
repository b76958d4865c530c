import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, type SeededAdmin, type TestApp } from '../testing/index.ts';

let t: TestApp;
let superAdmin: SeededAdmin;

beforeEach(async () => {
  t = await makeTestApp();
  superAdmin = await t.seed.admin({ role: 'super_admin' });
});
afterEach(() => t.close());

const checklist = async () => {
  const res = await t.call('setupChecklist', {}, { headers: superAdmin.headers, status: 200 });
  return res;
};

describe('GET /api/admin/setup', () => {
  it('ticks each step as the install is set up, in any order', async () => {
    expect(await checklist()).toEqual({ venue: false, court: false, price: false, kiosk: false, integrations: false });

    await t.seed.config('DEFAULT_PRICE', '25000');
    expect(await checklist()).toMatchObject({ venue: false, price: true });

    const venue = await t.seed.venue();
    await t.seed.device({ venueId: venue.id, authorized: false });
    expect(await checklist()).toMatchObject({ venue: true, court: false, kiosk: false });

    const field = await t.seed.field({ venueId: venue.id });
    await t.seed.device({ venueId: venue.id, fieldId: field.id });
    expect(await checklist()).toEqual({ venue: true, court: true, price: true, kiosk: true, integrations: false });

    for (const kind of ['payments', 'storage'] as const) {
      await t.call('testIntegration', { params: { kind } }, { headers: superAdmin.headers, status: 200 });
    }
    expect((await checklist()).integrations).toBe(false);
    await t.call('testIntegration', { params: { kind: 'mail' } }, { headers: superAdmin.headers, status: 200 });
    expect((await checklist()).integrations).toBe(true);
  });

  it('is for super admins only', async () => {
    const venue = await t.seed.venue();
    const admin = await t.seed.admin({ role: 'admin', venueId: venue.id });
    await t.call('setupChecklist', {}, { headers: admin.headers, status: 403 });
    await t.call('setupChecklist', {}, { status: 401 });
  });
});
