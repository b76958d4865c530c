import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeAdapterTestApp, seedPurchase } from '../adapters/testing/adapter-app.ts';
import { setFolder } from '../purchases/queries.ts';
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

  it("counts a venue's own price as a price set", async () => {
    const venue = await t.seed.venue();
    await t.seed.venueConfig(venue.id, 'DEFAULT_PRICE', '30000');
    expect(await checklist()).toMatchObject({ venue: true, price: true });
  });

  it('counts one real sale (payment settled, clip stored, e-mail sent) as the services working, without any Test', async () => {
    const real = await makeAdapterTestApp();
    try {
      const admin = await real.seed.admin({ role: 'super_admin' });
      const sale = await seedPurchase(real, { videos: 1 });
      const before = await real.call('integrationHealth', {}, { headers: admin.headers, status: 200 });
      expect(before.integrations.every((i) => i.lastSuccessAt === null)).toBe(true);
      expect((await real.call('setupChecklist', {}, { headers: admin.headers, status: 200 })).integrations).toBe(false);

      real.clock.advance(1_000);
      await real.call('simulatePayment', { params: { token: sale.token, outcome: 'success' } }, { raw: true });
      await real.call(
        'reportProgress',
        { body: { transactionId: sale.purchase.id, uploaded: 1, failed: 0, total: 1, state: 'done' } },
        { headers: sale.device.headers, status: 200 },
      );
      const link = `${real.config.publicUrl}/d/AbCdEfGhIjKlMnOpQrStUv`;
      await setFolder(real.db, sale.purchase.id, { folderId: 'AbCdEfGhIjKlMnOpQrStUv', folderUrl: link }, real.clock.now());
      await real.call(
        'updateZipUrl',
        { params: { id: sale.purchase.id }, body: { zipUrl: link, error: false } },
        { headers: sale.device.headers, status: 200 },
      );
      await real.delivery.idle();

      const after = await real.call('integrationHealth', {}, { headers: admin.headers, status: 200 });
      const at = (kind: string) => after.integrations.find((i) => i.kind === kind)!.lastSuccessAt;
      for (const kind of ['payments', 'storage', 'mail']) expect(at(kind), kind).toBe(real.clock.now().toISOString());
      expect(at('whatsapp')).toBeNull();
      expect((await real.call('setupChecklist', {}, { headers: admin.headers, status: 200 })).integrations).toBe(true);
    } finally {
      await real.delivery.idle();
      await real.close();
    }
  });

  it('is for super admins only', async () => {
    const venue = await t.seed.venue();
    const admin = await t.seed.admin({ role: 'admin', venueId: venue.id });
    await t.call('setupChecklist', {}, { headers: admin.headers, status: 403 });
    await t.call('setupChecklist', {}, { status: 401 });
  });
});
