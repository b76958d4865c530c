import { describe, expect, it } from 'vitest';
import { DEFAULT_BUNDLING_TIERS } from './config-keys.ts';
import { MAX_VIDEOS_PER_PURCHASE } from './constants.ts';
import { defaultTiersFor, findUndercut, quote, scaleTiers, type BundlingTier } from './pricing.ts';

const totals = (defaultPrice: number, promoTable: readonly BundlingTier[]) =>
  Array.from({ length: MAX_VIDEOS_PER_PURCHASE }, (_, i) => quote({ defaultPrice, promoTable, gatewayEnabled: true, count: i + 1 }).total);

describe('findUndercut', () => {
  it('finds the first number of clips that costs less than one fewer, with both totals', () => {
    expect(findUndercut({ defaultPrice: 25_000, promoTable: DEFAULT_BUNDLING_TIERS }, 6)).toEqual({
      count: 2,
      total: 20_000,
      fewer: 1,
      fewerTotal: 25_000,
    });
    // 3 at 5.000 = 15.000 after 2 at the price, 20.000.
    expect(findUndercut({ defaultPrice: 10_000, promoTable: [{ QUANTITY: 3, PRICE: 5_000, ENABLED: true }] }, 6)).toEqual({
      count: 3,
      total: 15_000,
      fewer: 2,
      fewerTotal: 20_000,
    });
  });

  it('accepts a table where each extra clip costs the same or more, and ignores disabled tiers', () => {
    expect(findUndercut({ defaultPrice: 20_000, promoTable: DEFAULT_BUNDLING_TIERS }, 6)).toBeNull();
    expect(findUndercut({ defaultPrice: 25_000, promoTable: [{ QUANTITY: 2, PRICE: 1, ENABLED: false }] }, 6)).toBeNull();
    expect(findUndercut({ defaultPrice: 0, promoTable: DEFAULT_BUNDLING_TIERS }, 6)).toBeNull();
  });
});

describe('scaleTiers', () => {
  it("keeps each tier's percentage off when the price changes", () => {
    expect(scaleTiers([{ QUANTITY: 2, PRICE: 8_000, ENABLED: true }], 10_000, 25_000)).toEqual([
      { QUANTITY: 2, PRICE: 20_000, ENABLED: true },
    ]);
  });

  it('rounds to Rp 100 from a price of Rp 1.000 on, as a person would price them', () => {
    expect(scaleTiers(DEFAULT_BUNDLING_TIERS, 12_000, 25_000).map((t) => t.PRICE)).toEqual([20_800, 18_800, 16_700, 14_600, 12_500]);
    expect(scaleTiers([{ QUANTITY: 2, PRICE: 400, ENABLED: true }], 600, 700).map((t) => t.PRICE)).toEqual([467]);
  });
});

describe('a tier never makes a clip dearer', () => {
  it('a tier priced at or above the clip price is not applied (a venue cheaper than the global tiers)', () => {
    // The global tiers scaled for Rp 25.000, at a venue that charges Rp 17.000 a clip.
    const tiers = scaleTiers(DEFAULT_BUNDLING_TIERS, 12_000, 25_000);
    expect(totals(17_000, tiers)).toEqual([17_000, 34_000, 51_000, 66_800, 73_000, 75_000]);
    expect(quote({ defaultPrice: 17_000, promoTable: tiers, gatewayEnabled: true, count: 2 }).lines.map((l) => l.tier)).toEqual([
      null,
      null,
    ]);
  });

  it('a cheaper lower tier still applies when a higher one is dearer than the clip price', () => {
    const table = [
      { QUANTITY: 2, PRICE: 10_000, ENABLED: true },
      { QUANTITY: 3, PRICE: 13_000, ENABLED: true },
    ];
    expect(totals(12_000, table).slice(0, 3)).toEqual([12_000, 20_000, 32_000]);
  });
});

describe('defaultTiersFor', () => {
  it("fills the spec's values where they make sense for the price", () => {
    expect(defaultTiersFor(15_000, 6)).toEqual(DEFAULT_BUNDLING_TIERS);
    expect(defaultTiersFor(20_000, 6)).toEqual(DEFAULT_BUNDLING_TIERS);
  });

  it.each([1_000, 5_000, 10_000, 25_000, 50_000, 99_999, 7])(
    'scales them to Rp %i: every tier a discount and no number of clips cheaper than fewer',
    (price) => {
      const tiers = defaultTiersFor(price, 6);
      expect(tiers.map((t) => t.QUANTITY)).toEqual([2, 3, 4, 5, 6]);
      for (const tier of tiers) expect(tier.PRICE).toBeLessThan(price);
      const sums = totals(price, tiers);
      for (let i = 1; i < sums.length; i++) expect(sums[i]).toBeGreaterThanOrEqual(sums[i - 1]!);
      expect(findUndercut({ defaultPrice: price, promoTable: tiers }, 6)).toBeNull();
    },
  );

  it('keeps the percentages of the spec read against Rp 12.000, rounded to Rp 100', () => {
    expect(defaultTiersFor(24_000, 6).map((t) => t.PRICE)).toEqual([20_000, 18_000, 16_000, 14_000, 12_000]);
  });
});
