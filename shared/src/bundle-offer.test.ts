import { describe, expect, it } from 'vitest';
import { bundleOfferText, gridPrices, nextBundleOffer } from './bundle-offer.ts';
import { DEFAULT_BUNDLING_TIERS } from './config-keys.ts';
import type { PricingConfig } from './pricing.ts';

const pricing = (overrides: Partial<PricingConfig> = {}): PricingConfig => ({
  defaultPrice: 12_000,
  promoTable: DEFAULT_BUNDLING_TIERS,
  gatewayEnabled: true,
  ...overrides,
});
const offerText = (config: PricingConfig, count: number) => {
  const offer = nextBundleOffer(config, count);
  return offer && bundleOfferText(offer);
};

describe('nextBundleOffer and its text (issue 12 point 4)', () => {
  it("reads 'Add 1 more: Rp 9.000 each, save Rp 16.000' for one video at 17.000 and 2 at 9.000 each", () => {
    const config = pricing({ defaultPrice: 17_000, promoTable: [{ QUANTITY: 2, PRICE: 9_000, ENABLED: true }] });
    expect(offerText(config, 1)).toBe('Add 1 more: Rp 9.000 each, save Rp 16.000');
  });

  it.each([
    [0, 'Add 2 more: Rp 10.000 each, save Rp 4.000'],
    [1, 'Add 1 more: Rp 10.000 each, save Rp 4.000'],
    [2, 'Add 1 more: Rp 9.000 each, save Rp 9.000'],
    [3, 'Add 1 more: Rp 8.000 each, save Rp 16.000'],
    [5, 'Add 1 more: Rp 6.000 each, save Rp 36.000'],
  ])('offers the next of the default tiers at %s selected', (count, text) => {
    expect(offerText(pricing(), count)).toBe(text);
  });

  it('offers nothing once the highest tier is reached', () => {
    const config = pricing({ promoTable: [{ QUANTITY: 3, PRICE: 9_000, ENABLED: true }] });
    expect(nextBundleOffer(config, 3)).toBeNull();
    expect(nextBundleOffer(pricing({ promoTable: [] }), 1)).toBeNull();
  });

  it('never offers more than 6 clips', () => {
    expect(nextBundleOffer(pricing(), 6)).toBeNull();
    const beyond = pricing({ promoTable: [{ QUANTITY: 7, PRICE: 1_000, ENABLED: true }] });
    expect(nextBundleOffer(beyond, 5)).toBeNull();
    expect(nextBundleOffer(beyond, 5, 7)).toEqual({ more: 2, each: 1_000, save: 7 * 11_000 });
  });

  it('skips disabled tiers and tiers that save nothing', () => {
    const config = pricing({
      promoTable: [
        { QUANTITY: 2, PRICE: 9_000, ENABLED: false },
        { QUANTITY: 3, PRICE: 12_000, ENABLED: true },
        { QUANTITY: 4, PRICE: 8_000, ENABLED: true },
      ],
    });
    expect(offerText(config, 1)).toBe('Add 3 more: Rp 8.000 each, save Rp 16.000');
  });

  it('offers nothing when the price is 0 or the gateway is off', () => {
    expect(nextBundleOffer(pricing({ defaultPrice: 0 }), 1)).toBeNull();
    expect(nextBundleOffer(pricing({ gatewayEnabled: false }), 1)).toBeNull();
  });
});

describe('gridPrices', () => {
  it('totals the selection with quote() and says what one more adds', () => {
    expect(gridPrices(pricing(), 3)).toEqual({
      total: 27_000,
      lineTotals: [9_000, 9_000, 9_000],
      addOne: 5_000,
      offer: { more: 1, each: 8_000, save: 16_000 },
    });
    expect(gridPrices(pricing(), 0)).toEqual({ total: 0, lineTotals: [], addOne: 12_000, offer: { more: 2, each: 10_000, save: 4_000 } });
  });

  it('prices the videos beyond the tier at the default price', () => {
    const config = pricing({ promoTable: [{ QUANTITY: 2, PRICE: 10_000, ENABLED: true }] });
    expect(gridPrices(config, 3)?.lineTotals).toEqual([10_000, 10_000, 12_000]);
  });

  it('adds nothing more once 6 are selected', () => {
    expect(gridPrices(pricing(), 6)).toMatchObject({ total: 36_000, addOne: null, offer: null });
  });

  it('shows no prices when the price is 0 or the gateway is off', () => {
    expect(gridPrices(pricing({ defaultPrice: 0 }), 2)).toBeNull();
    expect(gridPrices(pricing({ gatewayEnabled: false }), 2)).toBeNull();
  });
});
