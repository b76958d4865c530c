import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { addOneText, bundleOfferText, gridPrices, nextBundleOffer } from './bundle-offer.ts';
import { DEFAULT_BUNDLING_TIERS } from './config-keys.ts';
import { MESSAGES_ID } from './messages-id.ts';
import { quote, type PricingConfig } from './pricing.ts';

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

describe('nextBundleOffer and its text', () => {
  it("reads 'Add 1 more: Rp 9.000 each, save Rp 16.000' for one video at 17.000 and 2 at 9.000 each", () => {
    const config = pricing({ defaultPrice: 17_000, promoTable: [{ QUANTITY: 2, PRICE: 9_000, ENABLED: true }] });
    expect(offerText(config, 1)).toBe('Add 1 more: Rp 9.000 each, save Rp 16.000');
  });

  it.each([
    [0, 'Add 2 more: Rp 10.000 each, save Rp 4.000'],
    [1, 'Add 1 more: Rp 10.000 each, save Rp 4.000'],
    // Measured against what a video costs the player now: 3 at 10.000 each, not at 12.000.
    [2, 'Add 1 more: Rp 9.000 each, save Rp 3.000'],
    [3, 'Add 1 more: Rp 8.000 each, save Rp 4.000'],
    [5, 'Add 1 more: Rp 6.000 each, save Rp 6.000'],
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
      offer: { more: 1, each: 8_000, save: 4_000 },
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

describe('grid money that reads right', () => {
  it('compares like with like: 4 at 8.000 against 4 at the 9.000 the player pays now, not at the 25.000 list price', () => {
    const config = pricing({ defaultPrice: 25_000 });
    // The 'save Rp 68.000' was 4 x 25.000 - 4 x 8.000, for a player already paying 9.000 a video.
    expect(offerText(config, 3)).toBe('Add 1 more: Rp 8.000 each, save Rp 4.000');
    expect(offerText(config, 0)).toBe('Add 2 more: Rp 10.000 each, save Rp 30.000');
  });

  it('offers no tier that saves nothing against what a video costs now', () => {
    const flat = pricing({
      promoTable: [
        { QUANTITY: 2, PRICE: 10_000, ENABLED: true },
        { QUANTITY: 3, PRICE: 10_000, ENABLED: true },
      ],
    });
    expect(nextBundleOffer(flat, 2)).toBeNull();
    expect(gridPrices(flat, 2)?.offer).toBeNull();
    // Dearer per video than now: no offer either.
    const dearer = pricing({
      promoTable: [
        { QUANTITY: 2, PRICE: 9_000, ENABLED: true },
        { QUANTITY: 3, PRICE: 9_500, ENABLED: true },
      ],
    });
    expect(nextBundleOffer(dearer, 2)).toBeNull();
  });

  it('never claims more than the tier saves on the same number of videos at the prices the player pays now', () => {
    for (const defaultPrice of [5_000, 12_000, 25_000, 60_000]) {
      const config = pricing({ defaultPrice });
      for (let count = 0; count < 6; count++) {
        const offer = nextBundleOffer(config, count);
        if (offer === null) continue;
        const quantity = count + offer.more;
        const tierTotal = quote({ ...config, count: quantity }).total;
        const now = quote({ ...config, count: Math.max(count, 1) }).lines.map((l) => l.unitPrice);
        expect(offer.save, `${defaultPrice} x ${count}`).toBeGreaterThan(0);
        expect(offer.save, `${defaultPrice} x ${count}`).toBeLessThanOrEqual(quantity * Math.max(...now) - tierTotal);
        expect(offer.save, `${defaultPrice} x ${count}`).toBe(quantity * Math.min(...now) - tierTotal);
      }
    }
  });

  it("says in words that a card makes the total smaller: 'saves Rp 5.000', never '+-Rp 5.000'", () => {
    // One clip at 25.000; two cost 10.000 each: ticking a second card takes 5.000 off the total.
    const config = pricing({ defaultPrice: 25_000, promoTable: [{ QUANTITY: 2, PRICE: 10_000, ENABLED: true }] });
    const addOne = gridPrices(config, 1)?.addOne;
    expect(addOne).toBe(-5_000);
    expect(addOneText(-5_000)).toBe('saves Rp 5.000');
    expect(addOneText(-5_000, MESSAGES_ID.selection)).toBe('hemat Rp 5.000');
    expect(addOneText(5_000)).toBe('+Rp 5.000');
    expect(addOneText(5_000, MESSAGES_ID.selection)).toBe('+Rp 5.000');
    expect(addOneText(0)).toBe('+Rp 0');
  });

  it('reads no card as +- at any count, for the default tiers at any price', () => {
    for (const defaultPrice of [1_000, 7_000, 12_000, 25_000]) {
      for (let count = 0; count < 6; count++) {
        const addOne = gridPrices(pricing({ defaultPrice }), count)?.addOne;
        if (addOne === null || addOne === undefined) continue;
        for (const words of [MESSAGES.selection, MESSAGES_ID.selection]) expect(addOneText(addOne, words)).not.toMatch(/\+-|--/);
      }
    }
  });

  it('words the offer in Bahasa Indonesia too', () => {
    const offer = nextBundleOffer(pricing({ defaultPrice: 25_000 }), 3);
    expect(offer && bundleOfferText(offer, MESSAGES_ID.selection)).toBe('Tambah 1 lagi: Rp 8.000 per video, hemat Rp 4.000');
  });
});
