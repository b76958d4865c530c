import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BUNDLING_TIERS } from './config-keys.ts';
import {
  applicableTier,
  parseDefaultPrice,
  parseGatewayEnabled,
  parsePricingConfig,
  parsePromoTable,
  pricingFromConfig,
  promoDiscount,
  quote,
  serializePromoTable,
  type BundlingTier,
  type QuoteInput,
} from './pricing.ts';

const defaultTable = serializePromoTable(DEFAULT_BUNDLING_TIERS);
const base = (overrides: Partial<QuoteInput> = {}): QuoteInput => ({
  count: 1,
  defaultPrice: 12_000,
  promoTable: DEFAULT_BUNDLING_TIERS,
  gatewayEnabled: true,
  promo: null,
  ...overrides,
});
const prices = (input: QuoteInput) => quote(input).lines.map((line) => line.unitPrice);

describe('parsePricingConfig (stored strings)', () => {
  it.each([
    ['missing', undefined, 1000],
    ['null', null, 1000],
    ['blank', '  ', 1000],
    ['not a number', 'abc', 1000],
    ['negative', '-5', 1000],
    ['decimal', '1500.5', 1000],
    ['digits', '12000', 12000],
    ['digits with spaces', ' 7000 ', 7000],
    ['zero', '0', 0],
  ])('DEFAULT_PRICE %s -> %s', (_name, stored, expected) => {
    expect(parseDefaultPrice(stored)).toBe(expected);
  });

  it.each([
    ['missing', undefined, []],
    ['blank', '', []],
    ['not JSON', '{oops', []],
    ['not a list', '{"QUANTITY":2}', []],
    ['empty list', '[]', []],
  ])('PROMO_TABLE %s gives no tiers', (_name, stored, expected) => {
    expect(parsePromoTable(stored)).toEqual(expected);
  });

  it('reads the default tiers back exactly', () => {
    expect(parsePromoTable(defaultTable)).toEqual(DEFAULT_BUNDLING_TIERS);
  });

  it('drops bad rows but keeps the good ones, accepting digit strings', () => {
    const stored = JSON.stringify([
      { QUANTITY: '2', PRICE: '10000', ENABLED: true },
      { QUANTITY: 0, PRICE: 5000, ENABLED: true },
      { QUANTITY: 3, PRICE: -1, ENABLED: true },
      { QUANTITY: 4, PRICE: 8000, ENABLED: 'yes' },
      { QUANTITY: 2.5, PRICE: 8000, ENABLED: true },
      null,
      'row',
      { QUANTITY: 5, PRICE: 7000 },
      { QUANTITY: 6, PRICE: 6000, ENABLED: 'false' },
    ]);
    expect(parsePromoTable(stored)).toEqual([
      { QUANTITY: 2, PRICE: 10000, ENABLED: true },
      { QUANTITY: 5, PRICE: 7000, ENABLED: true },
      { QUANTITY: 6, PRICE: 6000, ENABLED: false },
    ]);
  });

  it.each([
    [undefined, true],
    ['', true],
    ['true', true],
    ['TRUE', true],
    ['garbage', true],
    ['false', false],
    [' False ', false],
  ])('ENABLE_PAYMENT_GATEWAY %j -> %s', (stored, expected) => {
    expect(parseGatewayEnabled(stored)).toBe(expected);
  });

  it('falls back to every default when nothing is stored', () => {
    expect(parsePricingConfig({})).toEqual({
      defaultPrice: 1000,
      promoTable: [],
      gatewayEnabled: true,
    });
  });

  it('never throws on any stored text', () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.option(fc.oneof(fc.string(), fc.json())), fc.option(fc.string()), (price, table, gateway) => {
        const config = parsePricingConfig({
          DEFAULT_PRICE: price,
          PROMO_TABLE: table,
          ENABLE_PAYMENT_GATEWAY: gateway,
        });
        expect(Number.isSafeInteger(config.defaultPrice)).toBe(true);
        expect(() => quote({ ...config, count: 6 })).not.toThrow();
      }),
    );
  });
});

describe('pricingFromConfig', () => {
  const entries = [
    { key: 'DEFAULT_PRICE', value: '15000' },
    { key: 'PROMO_TABLE', value: defaultTable },
    { key: 'ENABLE_PAYMENT_GATEWAY', value: 'true' },
    { key: 'DEFAULT_PRICE_STAGING', value: '500' },
    { key: 'ENABLE_PAYMENT_GATEWAY_STAGING', value: 'false' },
    { key: 'CMS_EMAIL_COPY', value: '{}' },
  ];

  it('reads the live keys for /box', () => {
    expect(pricingFromConfig(entries, { staging: false })).toEqual({
      defaultPrice: 15000,
      promoTable: DEFAULT_BUNDLING_TIERS,
      gatewayEnabled: true,
    });
  });

  it('reads only the _STAGING twins for /staging, defaults where a twin is missing', () => {
    expect(pricingFromConfig(entries, { staging: true })).toEqual({
      defaultPrice: 500,
      promoTable: [],
      gatewayEnabled: false,
    });
  });

  it('gives the defaults for an empty configuration', () => {
    expect(pricingFromConfig([], { staging: false })).toEqual({
      defaultPrice: 1000,
      promoTable: [],
      gatewayEnabled: true,
    });
  });
});

describe('quote', () => {
  it('DEFAULT_PRICE missing gives 1000 per video', () => {
    const config = parsePricingConfig({ PROMO_TABLE: '[]' });
    expect(quote({ ...config, count: 2 })).toEqual({
      lines: [
        { index: 0, unitPrice: 1000, tier: null },
        { index: 1, unitPrice: 1000, tier: null },
      ],
      subtotal: 2000,
      discount: 0,
      total: 2000,
      free: false,
    });
  });

  it('PROMO_TABLE missing gives no tiers: every video at the default price', () => {
    const config = parsePricingConfig({ DEFAULT_PRICE: '12000' });
    expect(prices({ ...config, count: 6 })).toEqual(Array(6).fill(12000));
    expect(quote({ ...config, count: 6 }).total).toBe(72000);
  });

  // Default tiers: 2 at 10000, 3 at 9000, 4 at 8000, 5 at 7000, 6 at 6000; default price 12000.
  it.each([
    [0, [], null, 0],
    [1, [12000], null, 12000],
    [2, [10000, 10000], 2, 20000],
    [3, [9000, 9000, 9000], 3, 27000],
    [4, [8000, 8000, 8000, 8000], 4, 32000],
    [5, [7000, 7000, 7000, 7000, 7000], 5, 35000],
    [6, [6000, 6000, 6000, 6000, 6000, 6000], 6, 36000],
  ])('default tiers, %i clips', (count, unitPrices, tier, total) => {
    const result = quote(base({ count }));
    expect(result.lines.map((line) => line.unitPrice)).toEqual(unitPrices);
    expect(result.lines.map((line) => line.index)).toEqual(unitPrices.map((_p, i) => i));
    expect(result.lines.every((line) => line.tier === tier)).toBe(true);
    expect(result).toMatchObject({ subtotal: total, discount: 0, total, free: false });
  });

  it('a disabled tier is skipped: tier 3 off, 3 clips = two at tier 2 plus one at default', () => {
    const table = DEFAULT_BUNDLING_TIERS.map((tier) => (tier.QUANTITY === 3 ? { ...tier, ENABLED: false } : tier));
    expect(quote(base({ count: 3, promoTable: table })).lines).toEqual([
      { index: 0, unitPrice: 10000, tier: 2 },
      { index: 1, unitPrice: 10000, tier: 2 },
      { index: 2, unitPrice: 12000, tier: null },
    ]);
    expect(quote(base({ count: 3, promoTable: table })).total).toBe(32000);
  });

  it('the highest applicable tier wins whatever the table order', () => {
    const table: BundlingTier[] = [
      { QUANTITY: 4, PRICE: 8000, ENABLED: true },
      { QUANTITY: 2, PRICE: 10000, ENABLED: true },
    ];
    expect(prices(base({ count: 5, promoTable: table }))).toEqual([8000, 8000, 8000, 8000, 12000]);
    expect(applicableTier(table, 3)).toEqual(table[1]);
    expect(applicableTier(table, 1)).toBeNull();
  });

  it('DEFAULT_PRICE 0 makes it free: every line, subtotal and total are 0', () => {
    const result = quote(base({ count: 3, defaultPrice: 0, promo: { amount: 5000, percent: 0 } }));
    expect(result).toEqual({
      lines: [0, 1, 2].map((index) => ({ index, unitPrice: 0, tier: null })),
      subtotal: 0,
      discount: 0,
      total: 0,
      free: true,
    });
  });

  it('gateway off makes it free even with a price and tiers', () => {
    const result = quote(base({ count: 2, gatewayEnabled: false }));
    expect(result).toMatchObject({ subtotal: 0, discount: 0, total: 0, free: true });
    expect(result.lines.every((line) => line.unitPrice === 0 && line.tier === null)).toBe(true);
  });

  it.each([
    ['smaller than the subtotal', 5000, 5000, 7000],
    ['equal to the subtotal', 12000, 12000, 0],
    ['larger than the subtotal: total stops at 0', 50000, 12000, 0],
  ])('a fixed promo %s', (_name, amount, discount, total) => {
    expect(quote(base({ count: 1, promo: { amount, percent: 0 } }))).toMatchObject({
      subtotal: 12000,
      discount,
      total,
    });
  });

  it.each([
    // subtotal, percent, discount: Math.round(subtotal * percent / 100), half a rupiah rounds up
    [27000, 10, 2700],
    [1005, 50, 503],
    [1003, 50, 502],
    [1001, 33, 330],
    [1002, 15, 150],
    [3, 50, 2],
    [27000, 100, 27000],
    [27000, 150, 27000],
    [27000, 12.5, 3375],
  ])('percent promo: subtotal %i at %s%% gives a discount of %i', (subtotal, percent, discount) => {
    expect(promoDiscount(subtotal, { amount: 0, percent })).toBe(discount);
    const result = quote({
      count: 1,
      defaultPrice: subtotal,
      promoTable: [],
      gatewayEnabled: true,
      promo: { amount: 0, percent },
    });
    expect(result).toMatchObject({ subtotal, discount, total: subtotal - discount });
  });

  it('a promo with both fields uses the fixed amount; zero or junk values give nothing', () => {
    expect(promoDiscount(10000, { amount: 1000, percent: 50 })).toBe(1000);
    expect(promoDiscount(10000, { amount: 0, percent: 0 })).toBe(0);
    expect(promoDiscount(10000, { amount: -500, percent: Number.NaN })).toBe(0);
    expect(promoDiscount(10000, null)).toBe(0);
  });

  it.each([
    ['count -1', { count: -1 }],
    ['count 1.5', { count: 1.5 }],
    ['defaultPrice -1', { defaultPrice: -1 }],
    ['defaultPrice 10.5', { defaultPrice: 10.5 }],
    ['tier price NaN', { promoTable: [{ QUANTITY: 1, PRICE: Number.NaN, ENABLED: true }] }],
  ])('refuses %s', (_name, overrides) => {
    expect(() => quote(base(overrides))).toThrow(RangeError);
  });
});

describe('quote properties', () => {
  const tierArb = fc.record({
    QUANTITY: fc.integer({ min: 1, max: 6 }),
    PRICE: fc.integer({ min: 0, max: 100_000 }),
    ENABLED: fc.boolean(),
  });
  const inputArb = fc.record({
    count: fc.integer({ min: 0, max: 6 }),
    defaultPrice: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100_000 })),
    promoTable: fc.array(tierArb, { maxLength: 8 }),
    gatewayEnabled: fc.boolean(),
    promo: fc.option(
      fc.oneof(
        fc.record({ amount: fc.integer({ min: 0, max: 1_000_000 }), percent: fc.constant(0) }),
        fc.record({ amount: fc.constant(0), percent: fc.integer({ min: 0, max: 100 }) }),
        fc.record({
          amount: fc.double({ noNaN: false }),
          percent: fc.double({ noNaN: false }),
        }),
      ),
    ),
  });

  it('total is a whole number, never negative and never above the subtotal', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = quote(input);
        expect(Number.isSafeInteger(result.total)).toBe(true);
        expect(result.total).toBeGreaterThanOrEqual(0);
        expect(result.total).toBeLessThanOrEqual(result.subtotal);
        expect(result.subtotal - result.discount).toBe(result.total);
        expect(result.lines).toHaveLength(input.count);
        expect(result.lines.reduce((sum, line) => sum + line.unitPrice, 0)).toBe(result.subtotal);
      }),
    );
  });

  it('free exactly when DEFAULT_PRICE is 0 or the gateway is off, and then the total is 0', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = quote(input);
        expect(result.free).toBe(input.defaultPrice === 0 || !input.gatewayEnabled);
        if (result.free) expect(result.total).toBe(0);
      }),
    );
  });
});
