// Prices, tiers and gateway per venue and a price table that cannot undercut
// itself: the overrides, who may set them, what a kiosk and a purchase get.
import { CONFIG_MESSAGES, DEFAULT_BUNDLING_TIERS, MESSAGES, serializePromoTable, type StoredConfigEntry } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countRows } from '../testing/index.ts';
import { created, messageOf, PRICE, purchaseWorld, type PurchaseWorld } from '../purchases/test-support.ts';

let w: PurchaseWorld;
beforeEach(async () => {
  w = await purchaseWorld();
});
afterEach(async () => {
  await w.t.close();
});

const put = (headers: Record<string, string>, body: Record<string, unknown>) => w.t.json('PUT', '/api/admin/config', body, headers);
const get = async (headers: Record<string, string>, query = '') => {
  const res = await w.t.json('GET', `/api/admin/config${query}`, undefined, headers);
  expect(res.status).toBe(200);
  return (await res.json()) as StoredConfigEntry[];
};
const entry = (entries: StoredConfigEntry[], key: string) => entries.find((e) => e.key === key);
const venueRows = () => w.t.db.selectFrom('venue_config_entries').select(['venueId', 'key', 'value']).orderBy('key').execute();

describe('a venue overrides the global price', () => {
  it('answers the entries in force per venue, each naming whose value it is; the global list names none', async () => {
    await w.t.seed.config('CMS_BG_IMAGE', '/media/bg.jpg');
    const res = await put(w.superAdmin.headers, { key: 'DEFAULT_PRICE', value: '25000', venueId: w.venueA.id });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      message: MESSAGES.product.priceUpdated(false),
      entries: [{ key: 'DEFAULT_PRICE', value: '25000', venueId: w.venueA.id }],
    });

    const atA = await get(w.superAdmin.headers, `?venueId=${w.venueA.id}`);
    expect(entry(atA, 'DEFAULT_PRICE')).toEqual({ key: 'DEFAULT_PRICE', value: '25000', venueId: w.venueA.id });
    expect(entry(atA, 'CMS_BG_IMAGE')).toEqual({ key: 'CMS_BG_IMAGE', value: '/media/bg.jpg', venueId: null });
    expect(entry(await get(w.superAdmin.headers, `?venueId=${w.venueB.id}`), 'DEFAULT_PRICE')).toEqual({
      key: 'DEFAULT_PRICE',
      value: String(PRICE),
      venueId: null,
    });
    const global = await get(w.superAdmin.headers);
    expect(Array.isArray(global)).toBe(true);
    expect(global.every((e) => e.venueId === null)).toBe(true);
    expect(entry(global, 'DEFAULT_PRICE')?.value).toBe(String(PRICE));
  });

  it("gives each kiosk its own venue's entries, whatever venue it asks for", async () => {
    await w.t.seed.venueConfig(w.venueA.id, 'DEFAULT_PRICE', '25000');
    expect(entry(await get(w.kioskA.headers), 'DEFAULT_PRICE')).toMatchObject({ value: '25000', venueId: w.venueA.id });
    expect(entry(await get(w.kioskB.headers), 'DEFAULT_PRICE')).toMatchObject({ value: String(PRICE), venueId: null });
    expect(entry(await get(w.kioskB.headers, `?venueId=${w.venueA.id}`), 'DEFAULT_PRICE')).toMatchObject({ value: String(PRICE) });
  });

  it("prices a purchase with the venue's own price and tiers, and another venue's with the global ones", async () => {
    await w.t.seed.venueConfig(w.venueA.id, 'DEFAULT_PRICE', '25000');
    await w.t.seed.venueConfig(w.venueA.id, 'PROMO_TABLE', serializePromoTable([{ QUANTITY: 2, PRICE: 20_000, ENABLED: true }]));
    const two = { videoIds: ['a', 'b'], videoTitles: ['a', 'b'] };
    expect(await messageOf(await w.buy(w.kioskA, w.body({ ...two, totalAmount: 2 * PRICE })))).toBe(
      'The total has changed. Please review your order.',
    );
    const atA = await w.buy(w.kioskA, w.body({ ...two, totalAmount: 40_000 }));
    expect(atA.status).toBe(201);
    expect((await created(atA)).transaction.totalAmount).toBe(40_000);
    const atB = await w.buy(w.kioskB, w.body({ ...two, totalAmount: 2 * PRICE, venueId: w.venueB.id, fieldId: w.courtB.id }));
    expect(atB.status).toBe(201);
  });

  it("removes a venue's own value with value null, so the global one applies again", async () => {
    await w.t.seed.venueConfig(w.venueA.id, 'DEFAULT_PRICE', '25000');
    const res = await put(w.adminA.headers, { key: 'DEFAULT_PRICE', value: null, venueId: w.venueA.id });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { entries: StoredConfigEntry[] }).entries).toEqual([
      { key: 'DEFAULT_PRICE', value: String(PRICE), venueId: null },
    ]);
    expect(await venueRows()).toEqual([]);
    expect(entry(await get(w.kioskA.headers), 'DEFAULT_PRICE')).toMatchObject({ value: String(PRICE), venueId: null });
  });

  it("lets a venue admin set their own venue's entries only: never another venue's nor the global ones", async () => {
    expect((await put(w.adminA.headers, { key: 'DEFAULT_PRICE', value: '15000', venueId: w.venueA.id })).status).toBe(200);
    const other = await put(w.adminA.headers, { key: 'DEFAULT_PRICE', value: '1', venueId: w.venueB.id });
    expect(other.status).toBe(403);
    const global = await put(w.adminA.headers, { key: 'DEFAULT_PRICE', value: '1' });
    expect(global.status).toBe(403);
    expect(await messageOf(global)).toBe(CONFIG_MESSAGES.globalOnly);
    expect((await put(w.adminA.headers, { key: 'DEFAULT_PRICE', value: '1', venueId: null })).status).toBe(403);
    await w.t.call('getConfig', { query: { venueId: w.venueB.id } }, { headers: w.adminA.headers, status: 403 });
    expect(await venueRows()).toEqual([{ venueId: w.venueA.id, key: 'DEFAULT_PRICE', value: '15000' }]);
    expect(entry(await get(w.superAdmin.headers), 'DEFAULT_PRICE')?.value).toBe(String(PRICE));
  });

  it('refuses a venue value for a setting that is one for every venue, an unknown venue, and null without a venue', async () => {
    const media = await put(w.superAdmin.headers, { key: 'CMS_BG_IMAGE', value: '/x.jpg', venueId: w.venueA.id });
    expect(media.status).toBe(400);
    expect(await messageOf(media)).toBe(CONFIG_MESSAGES.notPerVenue('CMS_BG_IMAGE'));
    expect((await put(w.superAdmin.headers, { key: 'DEFAULT_PRICE', value: '5', venueId: 999_999 })).status).toBe(404);
    const bare = await put(w.superAdmin.headers, { key: 'DEFAULT_PRICE', value: null });
    expect(bare.status).toBe(400);
    expect(await messageOf(bare)).toBe(CONFIG_MESSAGES.removeNeedsVenue);
    expect(await venueRows()).toEqual([]);
  });

  it("checks the gateway against the venue's own price, and a venue price of 0 turns that venue's gateway off", async () => {
    const zero = await put(w.adminA.headers, { key: 'DEFAULT_PRICE', value: '0', venueId: w.venueA.id });
    expect(await zero.json()).toMatchObject({ message: MESSAGES.product.priceZeroGatewayDisabled(false) });
    expect(await venueRows()).toEqual([
      { venueId: w.venueA.id, key: 'DEFAULT_PRICE', value: '0' },
      { venueId: w.venueA.id, key: 'ENABLE_PAYMENT_GATEWAY', value: 'false' },
    ]);
    const on = await put(w.adminA.headers, { key: 'ENABLE_PAYMENT_GATEWAY', value: 'true', venueId: w.venueA.id });
    expect(on.status).toBe(400);
    expect(await messageOf(on)).toBe(MESSAGES.product.gatewayNeedsPrice);
    expect((await put(w.adminB.headers, { key: 'ENABLE_PAYMENT_GATEWAY', value: 'true', venueId: w.venueB.id })).status).toBe(200);
  });

  it('audits every change with its venue', async () => {
    await put(w.adminA.headers, { key: 'DEFAULT_PRICE', value: '15000', venueId: w.venueA.id });
    await put(w.adminA.headers, { key: 'DEFAULT_PRICE', value: null, venueId: w.venueA.id });
    await put(w.superAdmin.headers, { key: 'DEFAULT_PRICE', value: '12000' });
    const audit = await w.t.db.selectFrom('audit_log').select(['action', 'entityId', 'venueId', 'before', 'after']).orderBy('id').execute();
    expect(audit).toEqual([
      {
        action: 'config.update',
        entityId: 'DEFAULT_PRICE',
        venueId: w.venueA.id,
        before: '{"DEFAULT_PRICE":null}',
        after: '{"DEFAULT_PRICE":"15000"}',
      },
      {
        action: 'config.update',
        entityId: 'DEFAULT_PRICE',
        venueId: w.venueA.id,
        before: '{"DEFAULT_PRICE":"15000"}',
        after: '{"DEFAULT_PRICE":null}',
      },
      {
        action: 'config.update',
        entityId: 'DEFAULT_PRICE',
        venueId: null,
        before: `{"DEFAULT_PRICE":"${PRICE}"}`,
        after: '{"DEFAULT_PRICE":"12000"}',
      },
    ]);
  });
});

describe('a price table that cannot undercut itself', () => {
  const tiers = serializePromoTable(DEFAULT_BUNDLING_TIERS);

  it('refuses a price under which 2 clips would cost less than 1, naming the quantities and totals, and stores nothing', async () => {
    await w.t.seed.config('PROMO_TABLE', tiers);
    const res = await put(w.superAdmin.headers, { key: 'DEFAULT_PRICE', value: '25000' });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(
      'With these prices 2 clips would cost Rp 20.000, less than 1 clip at Rp 25.000. Please lower the bundle prices or the video price so that every extra clip costs something.',
    );
    expect(entry(await get(w.superAdmin.headers), 'DEFAULT_PRICE')?.value).toBe(String(PRICE));
  });

  it('refuses a tier table that undercuts at the price in force, at a venue too', async () => {
    // 3 clips at 5.000 = 15.000 < 2 clips at 10.000 = 20.000.
    const table = serializePromoTable([{ QUANTITY: 3, PRICE: 5_000, ENABLED: true }]);
    const global = await put(w.superAdmin.headers, { key: 'PROMO_TABLE', value: table });
    expect(global.status).toBe(400);
    expect(await messageOf(global)).toContain('3 clips would cost Rp 15.000, less than 2 clips at Rp 20.000');
    const atVenue = await put(w.adminA.headers, {
      key: 'PROMO_TABLE_STAGING',
      value: serializePromoTable([{ QUANTITY: 2, PRICE: 0, ENABLED: true }]),
      venueId: w.venueA.id,
    });
    expect(atVenue.status).toBe(400);
    expect(await messageOf(atVenue)).toMatch(/^Staging: At Arena A, 2 clips would cost Rp 0, less than 1 clip at Rp 1\.000/);
    expect(await countRows(w.t.db, 'venue_config_entries')).toBe(0);
  });

  it('refuses a global change that would make one venue undercut, naming that venue', async () => {
    await w.t.seed.venueConfig(w.venueB.id, 'DEFAULT_PRICE', '25000');
    const res = await put(w.superAdmin.headers, { key: 'PROMO_TABLE', value: tiers });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toMatch(/^At Arena B, 2 clips would cost Rp 20\.000, less than 1 clip at Rp 25\.000/);
    // Where the venue keeps its own tiers too, the global change does not reach it.
    await w.t.seed.venueConfig(w.venueB.id, 'PROMO_TABLE', serializePromoTable([{ QUANTITY: 2, PRICE: 20_000, ENABLED: true }]));
    expect((await put(w.superAdmin.headers, { key: 'PROMO_TABLE', value: tiers })).status).toBe(200);
  });

  it("refuses removing a venue's own tiers when the global ones undercut its own price", async () => {
    await w.t.seed.config('PROMO_TABLE', tiers);
    await w.t.seed.venueConfig(w.venueA.id, 'DEFAULT_PRICE', '25000');
    await w.t.seed.venueConfig(w.venueA.id, 'PROMO_TABLE', serializePromoTable([{ QUANTITY: 2, PRICE: 20_000, ENABLED: true }]));
    const res = await put(w.adminA.headers, { key: 'PROMO_TABLE', value: null, venueId: w.venueA.id });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toMatch(/^At Arena A, 2 clips would cost Rp 20\.000/);
  });

  it('accepts a table where an extra clip costs the same or more, and keeps the rule of at least one tier', async () => {
    await w.t.seed.config('PROMO_TABLE', tiers);
    expect((await put(w.superAdmin.headers, { key: 'DEFAULT_PRICE', value: '20000' })).status).toBe(200);
    const empty = await put(w.superAdmin.headers, { key: 'PROMO_TABLE', value: '[]' });
    expect(empty.status).toBe(400);
    expect(await messageOf(empty)).toBe(MESSAGES.bundling.atLeastOne);
  });
});
