// The pricing rules of spec section 9. The server computes the authoritative total with quote();
// the kiosk shows the same quote before payment. All amounts are whole rupiah.
import { configKey, DEFAULT_BUNDLING_TIERS, type BundlingTier, type StagedConfigKey } from './config-keys.ts';
import { DEFAULT_PRICE_FALLBACK } from './constants.ts';

export type { BundlingTier } from './config-keys.ts';

/** The discount part of a promo code; only one of amount or percent is above 0. */
export interface PromoDiscount {
  amount: number;
  percent: number;
}

export interface PricingConfig {
  defaultPrice: number;
  promoTable: readonly BundlingTier[];
  gatewayEnabled: boolean;
}

export interface QuoteInput extends PricingConfig {
  /** How many videos are selected. */
  count: number;
  promo?: PromoDiscount | null;
}

export interface QuoteLine {
  /** 0-based position in the selection. */
  index: number;
  unitPrice: number;
  /** The QUANTITY of the bundling tier that priced this video; null at the default price. */
  tier: number | null;
}

export interface Quote {
  lines: QuoteLine[];
  subtotal: number;
  discount: number;
  total: number;
  /** No payment is taken: DEFAULT_PRICE is 0 or the payment gateway is off. */
  free: boolean;
}

const isWholeNonNegative = (n: number): boolean => Number.isSafeInteger(n) && n >= 0;

/**
 * The highest enabled tier whose QUANTITY is not above `count` (the first one listed when two
 * share a quantity), or null.
 */
export function applicableTier(promoTable: readonly BundlingTier[], count: number): BundlingTier | null {
  let best: BundlingTier | null = null;
  for (const tier of promoTable) {
    if (!tier.ENABLED || tier.QUANTITY < 1 || tier.QUANTITY > count) continue;
    if (best === null || tier.QUANTITY > best.QUANTITY) best = tier;
  }
  return best;
}

/**
 * Prices a selection of `count` videos (spec section 9):
 * - the applicable tier prices its QUANTITY videos at its PRICE each, the rest are at defaultPrice;
 *   a tier priced at or above defaultPrice never applies: a bundle never makes a clip dearer (a
 *   venue's own lower price under the global tiers, or a tier table left from an older price);
 * - free (defaultPrice 0 or gateway off): every line is 0, so subtotal, discount and total are 0 -
 *   the customer pays nothing and the order summary shows nothing to pay;
 * - a fixed promo subtracts its amount, capped at the subtotal so the total never goes below 0;
 * - a percent promo subtracts `Math.round(subtotal * percent / 100)`: whole rupiah, half a rupiah
 *   rounds up (in the customer's favour), percent capped at 100;
 * - when a promo carries both (the promo form never stores that) the fixed amount wins.
 * Throws RangeError on a count or price that is not a whole number >= 0 (a caller bug: stored
 * values go through parsePricingConfig first).
 */
export function quote(input: QuoteInput): Quote {
  const { count, defaultPrice, promoTable, gatewayEnabled, promo } = input;
  if (!isWholeNonNegative(count)) throw new RangeError(`count must be a whole number >= 0: ${count}`);
  if (!isWholeNonNegative(defaultPrice)) {
    throw new RangeError(`defaultPrice must be whole rupiah >= 0: ${defaultPrice}`);
  }
  for (const tier of promoTable) {
    if (!isWholeNonNegative(tier.PRICE)) {
      throw new RangeError(`tier PRICE must be whole rupiah >= 0: ${tier.PRICE}`);
    }
  }

  const free = defaultPrice === 0 || !gatewayEnabled;
  const tier = free
    ? null
    : applicableTier(
        promoTable.filter((t) => t.PRICE < defaultPrice),
        count,
      );
  const lines: QuoteLine[] = [];
  for (let index = 0; index < count; index++) {
    if (free) lines.push({ index, unitPrice: 0, tier: null });
    else if (tier !== null && index < tier.QUANTITY) {
      lines.push({ index, unitPrice: tier.PRICE, tier: tier.QUANTITY });
    } else lines.push({ index, unitPrice: defaultPrice, tier: null });
  }
  const subtotal = lines.reduce((sum, line) => sum + line.unitPrice, 0);
  const discount = promoDiscount(subtotal, promo);
  return { lines, subtotal, discount, total: subtotal - discount, free };
}

/** The discount a promo gives on a subtotal: whole rupiah, between 0 and the subtotal. */
export function promoDiscount(subtotal: number, promo: PromoDiscount | null | undefined): number {
  if (!promo || subtotal <= 0) return 0;
  const amount = Number.isFinite(promo.amount) ? promo.amount : 0;
  const percent = Number.isFinite(promo.percent) ? promo.percent : 0;
  if (amount > 0) return Math.min(Math.round(amount), subtotal);
  if (percent > 0) return Math.round((subtotal * Math.min(percent, 100)) / 100);
  return 0;
}

// ---------------------------------------------------------------- stored configuration strings

/** '5000' -> 5000. Missing, blank or anything but digits -> 1000 (spec section 9). */
export function parseDefaultPrice(value: string | null | undefined): number {
  const text = value?.trim() ?? '';
  if (!/^\d+$/.test(text)) return DEFAULT_PRICE_FALLBACK;
  const price = Number(text);
  return Number.isSafeInteger(price) ? price : DEFAULT_PRICE_FALLBACK;
}

/** 'false' (any case) turns the gateway off; missing or anything else leaves it on. */
export function parseGatewayEnabled(value: string | null | undefined): boolean {
  return value?.trim().toLowerCase() !== 'false';
}

const toWholeNumber = (value: unknown): number | null => {
  if (typeof value === 'number') return isWholeNonNegative(value) ? value : null;
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : null;
  }
  return null;
};

const toEnabled = (value: unknown): boolean | null => {
  if (value === undefined || value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return null;
};

/**
 * PROMO_TABLE JSON -> tiers; never throws. Missing, blank, not JSON or not a list -> no tiers.
 * A row whose QUANTITY is not a whole number >= 1, whose PRICE is not a whole number >= 0 or whose
 * ENABLED is not a boolean is dropped; the other rows still apply. Numbers may be stored as digit
 * strings (the form keeps digits only) and a row without ENABLED counts as enabled.
 */
export function parsePromoTable(value: string | null | undefined): BundlingTier[] {
  if (value === null || value === undefined || value.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const tiers: BundlingTier[] = [];
  for (const row of parsed as unknown[]) {
    if (typeof row !== 'object' || row === null) continue;
    const { QUANTITY, PRICE, ENABLED } = row as Record<string, unknown>;
    const quantity = toWholeNumber(QUANTITY);
    const price = toWholeNumber(PRICE);
    const enabled = toEnabled(ENABLED);
    if (quantity === null || quantity < 1 || price === null || enabled === null) continue;
    tiers.push({ QUANTITY: quantity, PRICE: price, ENABLED: enabled });
  }
  return tiers;
}

/** The JSON text to store under PROMO_TABLE. */
export function serializePromoTable(tiers: readonly BundlingTier[]): string {
  return JSON.stringify(tiers.map(({ QUANTITY, PRICE, ENABLED }) => ({ QUANTITY, PRICE, ENABLED })));
}

export interface StoredPricingValues {
  DEFAULT_PRICE?: string | null;
  PROMO_TABLE?: string | null;
  ENABLE_PAYMENT_GATEWAY?: string | null;
}

/** The three stored pricing strings -> a PricingConfig; bad values fall back to the defaults. */
export function parsePricingConfig(values: StoredPricingValues): PricingConfig {
  return {
    defaultPrice: parseDefaultPrice(values.DEFAULT_PRICE),
    promoTable: parsePromoTable(values.PROMO_TABLE),
    gatewayEnabled: parseGatewayEnabled(values.ENABLE_PAYMENT_GATEWAY),
  };
}

export interface ConfigEntry {
  key: string;
  value: string | null;
}

/**
 * Picks the pricing entries out of the stored configuration list (GET /admin/config). Staging
 * reads only the _STAGING twins: a missing staging key takes the default, never the live value,
 * so testing on /staging cannot change what /box charges, and the reverse.
 */
export function pricingFromConfig(entries: Iterable<ConfigEntry>, { staging }: { staging: boolean }): PricingConfig {
  const byKey = new Map<string, string | null>();
  for (const entry of entries) byKey.set(entry.key, entry.value);
  const read = (base: StagedConfigKey) => byKey.get(configKey(base, staging));
  return parsePricingConfig({
    DEFAULT_PRICE: read('DEFAULT_PRICE'),
    PROMO_TABLE: read('PROMO_TABLE'),
    ENABLE_PAYMENT_GATEWAY: read('ENABLE_PAYMENT_GATEWAY'),
  });
}

// ---------------------------------------------------------------- a table that cannot undercut itself

/** Where a price table makes more clips cost less than fewer: `count` clips at `total`, below `fewer` at `fewerTotal`. */
export interface Undercut {
  count: number;
  total: number;
  fewer: number;
  fewerTotal: number;
}

/**
 * The first number of clips (up to `maxCount`) that would cost less than one clip fewer under this
 * price and tier table, priced as the kiosk and the server price it (quote, gateway on: the table is
 * judged as it would charge); null when every extra clip costs something or nothing, never less.
 */
export function findUndercut(pricing: Pick<PricingConfig, 'defaultPrice' | 'promoTable'>, maxCount: number): Undercut | null {
  const totalOf = (count: number) => quote({ ...pricing, gatewayEnabled: true, count }).total;
  let previous = totalOf(1);
  for (let count = 2; count <= maxCount; count++) {
    const total = totalOf(count);
    if (total < previous) return { count, total, fewer: count - 1, fewerTotal: previous };
    previous = total;
  }
  return null;
}

/**
 * The tiers scaled from one video price to another, each keeping its percentage off, rounded to
 * Rp 100 from a price of Rp 1.000 on (to whole rupiah below that, or where Rp 100 steps would make
 * more clips cost less than fewer): 2 at 10.000 with a price of 12.000 becomes 2 at 20.800 with 25.000.
 */
export function scaleTiers(tiers: readonly BundlingTier[], fromPrice: number, toPrice: number): BundlingTier[] {
  if (fromPrice <= 0) return tiers.map((tier) => ({ ...tier }));
  const exact = tiers.map((tier) => ({ ...tier, PRICE: Math.round((tier.PRICE * toPrice) / fromPrice) }));
  if (toPrice < 1_000) return exact;
  const rounded = exact.map((tier) => ({ ...tier, PRICE: Math.round(tier.PRICE / 100) * 100 }));
  const maxCount = Math.max(1, ...tiers.map((tier) => tier.QUANTITY));
  return findUndercut({ defaultPrice: toPrice, promoTable: rounded }, maxCount) === null ? rounded : exact;
}

/** The spec's tiers as percentages off: against Rp 12.000 they are 17%, 25%, 33%, 42% and 50% off. */
export const SPEC_TIERS_REFERENCE_PRICE = 12_000;

/**
 * What "Use Default Tiers" fills for a video price (documented in docs/pricing.md): the spec's own
 * values when they make sense for it (every tier below the price, and no undercut: prices above
 * Rp 10.000 up to Rp 20.000); otherwise the same percentages off the price (see
 * SPEC_TIERS_REFERENCE_PRICE), rounded to Rp 100 from a price of Rp 1.000 on.
 */
export function defaultTiersFor(price: number, maxCount: number): BundlingTier[] {
  const spec = DEFAULT_BUNDLING_TIERS.map((tier) => ({ ...tier }));
  const fits = spec.every((tier) => tier.PRICE < price) && findUndercut({ defaultPrice: price, promoTable: spec }, maxCount) === null;
  if (fits || price <= 0) return spec;
  return scaleTiers(spec, SPEC_TIERS_REFERENCE_PRICE, price);
}
