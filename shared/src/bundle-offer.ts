// Prices on the selection grid: the total of the cart, what ticking one more card
// adds, and the next bundling tier as an offer. Every amount comes from quote(), the formula the
// order summary and the server use, so the grid never shows a price checkout would not charge.
import { MAX_VIDEOS_PER_PURCHASE } from './constants.ts';
import { formatRupiah } from './format.ts';
import { MESSAGES } from './messages.ts';
import { applicableTier, quote, type PricingConfig } from './pricing.ts';

/** The next bundling tier the player can reach: add `more` videos, pay `each` per video, save `save`. */
export interface BundleOffer {
  more: number;
  each: number;
  save: number;
}

/** What the grid shows for a selection of `count` videos; null when it shows no prices. */
export interface GridPrices {
  total: number;
  /** The price of each selected video, in selection order (the order summary's lines). */
  lineTotals: number[];
  /** What ticking one more card adds to the total (below 0 when it lowers it); null when the cart is full. */
  addOne: number | null;
  offer: BundleOffer | null;
}

const totalFor = (pricing: PricingConfig, count: number) => quote({ ...pricing, count }).total;

/**
 * What one video costs the player now, per video: the lowest price among the videos they hold (with
 * none, what a first video costs). The offer measures a tier against it, like with like.
 */
function unitPriceNow(pricing: PricingConfig, count: number): number {
  if (count === 0) return quote({ ...pricing, count: 1 }).lines[0]?.unitPrice ?? pricing.defaultPrice;
  return Math.min(...quote({ ...pricing, count }).lines.map((line) => line.unitPrice));
}

/**
 * The next enabled tier above `count` (up to `max` videos) that saves money, or null. `save`
 * compares like with like: the tier's QUANTITY videos at what one video costs
 * the player now (the lowest price among the videos they hold), minus what the tier charges for
 * them; so it is at most what they save, never measured against the list price of videos priced
 * lower already. A tier that saves nothing on that measure is never offered.
 */
export function nextBundleOffer(pricing: PricingConfig, count: number, max = MAX_VIDEOS_PER_PURCHASE): BundleOffer | null {
  if (quote({ ...pricing, count }).free) return null;
  const unitNow = unitPriceNow(pricing, count);
  for (let quantity = count + 1; quantity <= max; quantity++) {
    const tier = applicableTier(pricing.promoTable, quantity);
    if (tier === null || tier.QUANTITY !== quantity) continue;
    const save = quantity * unitNow - totalFor(pricing, quantity);
    if (save > 0) return { more: quantity - count, each: tier.PRICE, save };
  }
  return null;
}

/** 'Add 1 more: Rp 9.000 each, save Rp 16.000', in the kiosk's language when given its words. */
export function bundleOfferText(
  offer: BundleOffer,
  words: { bundleOffer: (more: number, each: string, save: string) => string } = MESSAGES.selection,
): string {
  return words.bundleOffer(offer.more, formatRupiah(offer.each), formatRupiah(offer.save));
}

/**
 * The tag on a card not ticked yet: '+Rp 5.000' when ticking it adds to the total, 'saves Rp 5.000'
 * when it makes the total smaller (a bundle tier starts), never '+-Rp 5.000'.
 */
export function addOneText(
  addOne: number,
  words: { addsToTotal: (amount: string) => string; lowersTotal: (amount: string) => string } = MESSAGES.selection,
): string {
  return addOne < 0 ? words.lowersTotal(formatRupiah(-addOne)) : words.addsToTotal(formatRupiah(addOne));
}

/**
 * The grid's prices for `count` selected videos. Null when checkout takes no payment (the gateway
 * is off or the price is 0): then the grid shows no prices at all, as the purchase is free.
 */
export function gridPrices(pricing: PricingConfig, count: number, max = MAX_VIDEOS_PER_PURCHASE): GridPrices | null {
  const now = quote({ ...pricing, count });
  if (now.free) return null;
  return {
    total: now.total,
    lineTotals: now.lines.map((line) => line.unitPrice),
    addOne: count < max ? totalFor(pricing, count + 1) - now.total : null,
    offer: nextBundleOffer(pricing, count, max),
  };
}
