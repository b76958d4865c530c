import { CONFIG_MESSAGES, DEFAULT_EMAIL_COPY, MESSAGES, type StoredConfigEntry } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

const stored = async () =>
  Object.fromEntries((await t.db.selectFrom('config_entries').select(['key', 'value']).execute()).map((e) => [e.key, e.value]));
const put = (key: string, value: unknown, headers = superAdmin.headers) => t.json('PUT', '/api/admin/config', { key, value }, headers);

describe('GET /api/admin/config', () => {
  beforeEach(async () => {
    await t.seed.config('DEFAULT_PRICE', '5000');
    await t.seed.config('CMS_PROMO_VIDEO', '/media/promo.mp4');
  });
  const keys = async (res: Response) => ((await res.json()) as StoredConfigEntry[]).map((e) => e.key);

  it('gives an authorised kiosk and any admin every stored entry', async () => {
    const venue = await t.seed.venue();
    const kiosk = await t.seed.device({ venueId: venue.id });
    for (const headers of [kiosk.headers, admin.headers, superAdmin.headers]) {
      const res = await t.call('getConfig', {}, { headers, raw: true });
      expect(res.status).toBe(200);
      expect(await keys(res)).toEqual(['CMS_PROMO_VIDEO', 'DEFAULT_PRICE']);
    }
  });

  it('gives anyone else only the home screen media', async () => {
    const venue = await t.seed.venue();
    const blocked = await t.seed.device({ venueId: venue.id, authorized: false });
    for (const headers of [{}, blocked.headers, { 'X-Device-Id': 'unknown-device-123456' }]) {
      expect(await keys(await t.call('getConfig', {}, { headers, raw: true }))).toEqual(['CMS_PROMO_VIDEO']);
    }
  });
});

describe('PUT /api/admin/config', () => {
  it('stores a price (normalised) and answers the spec notice', async () => {
    const res = await put('DEFAULT_PRICE', '0500');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      message: 'Price updated successfully',
      entries: [{ key: 'DEFAULT_PRICE', value: '500', venueId: null }],
    });
    expect(await stored()).toEqual({ DEFAULT_PRICE: '500' });
  });

  it('turns the gateway of the same twin off when the price becomes 0', async () => {
    await t.seed.config('ENABLE_PAYMENT_GATEWAY', 'true');
    const res = await put('DEFAULT_PRICE_STAGING', '0');
    expect(await res.json()).toMatchObject({ message: 'Staging Price updated to 0. Payment gateway has been automatically disabled.' });
    expect(await stored()).toEqual({ ENABLE_PAYMENT_GATEWAY: 'true', DEFAULT_PRICE_STAGING: '0', ENABLE_PAYMENT_GATEWAY_STAGING: 'false' });
  });

  it('refuses to enable the gateway while that twin’s price is 0', async () => {
    await t.seed.config('DEFAULT_PRICE', '0');
    await t.seed.config('ENABLE_PAYMENT_GATEWAY', 'false');
    const res = await put('ENABLE_PAYMENT_GATEWAY', 'true');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: MESSAGES.product.gatewayNeedsPrice });
    expect((await stored()).ENABLE_PAYMENT_GATEWAY).toBe('false');
    // The staging twin has its own price (missing: 1000), so it can be enabled.
    const staging = await put('ENABLE_PAYMENT_GATEWAY_STAGING', 'true');
    expect(await staging.json()).toMatchObject({ message: 'Staging Payment gateway enabled successfully' });
  });

  it('stores bundling tiers and e-mail copy', async () => {
    // A disabled tier may share its quantity with an enabled one (a price kept for later).
    const tiers = [
      { QUANTITY: 2, PRICE: 10000, ENABLED: true },
      { QUANTITY: 3, PRICE: 9000, ENABLED: false },
      { QUANTITY: 2, PRICE: 9500, ENABLED: false },
    ];
    expect(await (await put('PROMO_TABLE', JSON.stringify(tiers))).json()).toMatchObject({
      message: 'Bundling promo updated successfully',
    });
    expect(JSON.parse((await stored()).PROMO_TABLE ?? '')).toEqual(tiers);
    expect((await put('CMS_EMAIL_COPY', JSON.stringify(DEFAULT_EMAIL_COPY))).status).toBe(200);
    expect((await put('CMS_BG_IMAGE_STAGING', 'https://drive.google.com/uc?id=abc')).status).toBe(200);
  });

  const copy = { ...DEFAULT_EMAIL_COPY };
  it.each<[string, unknown, string]>([
    ['NOT_A_KEY', '1', CONFIG_MESSAGES.unknownKey('NOT_A_KEY')],
    ['DEFAULT_PRICE', '', MESSAGES.product.invalidPrice],
    ['DEFAULT_PRICE', '12a', MESSAGES.product.invalidPrice],
    ['DEFAULT_PRICE', '1.5', MESSAGES.product.invalidPrice],
    ['DEFAULT_PRICE', '-5', MESSAGES.product.invalidPriceNegative],
    ['DEFAULT_PRICE', 5000, 'value must be a text'],
    ['ENABLE_PAYMENT_GATEWAY', 'yes', CONFIG_MESSAGES.gatewayValue],
    ['PROMO_TABLE', '[]', MESSAGES.bundling.atLeastOne],
    ['PROMO_TABLE', 'not json', CONFIG_MESSAGES.tierRules],
    ['PROMO_TABLE', '[{"QUANTITY":0,"PRICE":1000,"ENABLED":true}]', CONFIG_MESSAGES.tierRules],
    ['PROMO_TABLE', '[{"QUANTITY":7,"PRICE":1000,"ENABLED":true}]', CONFIG_MESSAGES.tierRules],
    ['PROMO_TABLE', '[{"QUANTITY":2,"PRICE":-1,"ENABLED":true}]', CONFIG_MESSAGES.tierRules],
    ['PROMO_TABLE', '[{"QUANTITY":2,"PRICE":1000,"ENABLED":"yes"}]', CONFIG_MESSAGES.tierRules],
    [
      'PROMO_TABLE',
      '[{"QUANTITY":3,"PRICE":9000,"ENABLED":true},{"QUANTITY":2,"PRICE":9500,"ENABLED":false},{"QUANTITY":3,"PRICE":8000,"ENABLED":true}]',
      CONFIG_MESSAGES.tierDuplicate(3),
    ],
    ['CMS_EMAIL_COPY', '{"EMAIL_SUBJECT":"Hi"}', CONFIG_MESSAGES.emailCopy],
    ['CMS_EMAIL_COPY', JSON.stringify({ ...copy, EXTRA: 'x' }), CONFIG_MESSAGES.emailCopy],
    ['CMS_EMAIL_COPY', JSON.stringify({ ...copy, EMAIL_FOOTER: 5 }), CONFIG_MESSAGES.emailCopy],
    ['CMS_PROMO_VIDEO', 'javascript:alert(1)', CONFIG_MESSAGES.mediaUrl],
    ['CMS_PROMO_VIDEO', '//evil.example/x.mp4', CONFIG_MESSAGES.mediaUrl],
    ['CMS_PROMO_VIDEO', 'http://plain.example/x.mp4', CONFIG_MESSAGES.mediaUrl],
  ])('refuses %s = %j with 400 and stores nothing', async (key, value, message) => {
    const res = await put(key, value);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message });
    expect(await countRows(t.db, 'config_entries')).toBe(0);
  });

  it('refuses unknown body fields and missing values', async () => {
    expect(
      await (await t.json('PUT', '/api/admin/config', { key: 'DEFAULT_PRICE', value: '1', staging: true }, superAdmin.headers)).json(),
    ).toEqual({ message: 'Unknown field: staging' });
    expect(await (await t.json('PUT', '/api/admin/config', { key: 'DEFAULT_PRICE' }, superAdmin.headers)).json()).toEqual({
      message: 'value must be a text',
    });
    expect(await countRows(t.db, 'config_entries')).toBe(0);
  });

  it('is for super admins only', async () => {
    expect((await put('DEFAULT_PRICE', '1', admin.headers)).status).toBe(403);
    expect((await put('DEFAULT_PRICE', '1', {})).status).toBe(401);
    const venue = await t.seed.venue();
    const kiosk = await t.seed.device({ venueId: venue.id });
    expect((await put('DEFAULT_PRICE', '1', kiosk.headers)).status).toBe(401);
    expect(await countRows(t.db, 'config_entries')).toBe(0);
  });
});
