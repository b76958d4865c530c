// What a configuration value may be, per key (spec sections 3, 4 and 5), and the price/gateway rule:
// the gateway cannot be enabled while that twin's price is 0, and a price of 0 turns it off.
import {
  BUNDLING_QUANTITY_MAX,
  BUNDLING_QUANTITY_MIN,
  CONFIG_MESSAGES,
  EMAIL_COPY_FIELDS,
  EMAIL_COPY_KEY,
  MESSAGES,
  STAGING_KEY_SUFFIX,
  isConfigKey,
  serializeEmailCopy,
  serializePromoTable,
  type BundlingTier,
  type ConfigKey,
  type EmailCopy,
} from '@courtreplay/shared';
import { invalidInput } from '../errors.ts';

export interface CheckedValue {
  key: ConfigKey;
  /** The value as stored (normalised: '0500' -> '500', tiers and e-mail copy re-serialised). */
  value: string;
}

const baseKey = (key: ConfigKey): string => (key.endsWith(STAGING_KEY_SUFFIX) ? key.slice(0, -STAGING_KEY_SUFFIX.length) : key);
export const isStagingKey = (key: ConfigKey): boolean => key !== baseKey(key);
/** The key of the same setting on the same twin: twinKey('DEFAULT_PRICE_STAGING', 'ENABLE_PAYMENT_GATEWAY'). */
export const twinKey = (key: ConfigKey, base: string): ConfigKey => `${base}${isStagingKey(key) ? STAGING_KEY_SUFFIX : ''}` as ConfigKey;

export function checkConfigValue(rawKey: string, value: string): CheckedValue {
  if (!isConfigKey(rawKey)) throw invalidInput(CONFIG_MESSAGES.unknownKey(rawKey));
  const key = rawKey;
  switch (baseKey(key)) {
    case 'DEFAULT_PRICE':
      return { key, value: checkPrice(value) };
    case 'ENABLE_PAYMENT_GATEWAY':
      if (value !== 'true' && value !== 'false') throw invalidInput(CONFIG_MESSAGES.gatewayValue);
      return { key, value };
    case 'PROMO_TABLE':
      return { key, value: serializePromoTable(checkTiers(value)) };
    case EMAIL_COPY_KEY:
      return { key, value: serializeEmailCopy(checkEmailCopy(value)) };
    default:
      return { key, value: checkMediaUrl(value) };
  }
}

function checkPrice(value: string): string {
  const text = value.trim();
  if (text === '') throw invalidInput(MESSAGES.product.invalidPrice);
  if (/^-\d+$/.test(text)) throw invalidInput(MESSAGES.product.invalidPriceNegative);
  if (!/^\d{1,12}$/.test(text)) throw invalidInput(MESSAGES.product.invalidPrice);
  return String(Number(text));
}

function checkTiers(value: string): BundlingTier[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw invalidInput(CONFIG_MESSAGES.tierRules);
  }
  if (!Array.isArray(parsed)) throw invalidInput(CONFIG_MESSAGES.tierRules);
  if (parsed.length === 0) throw invalidInput(MESSAGES.bundling.atLeastOne);
  if (parsed.length > 50) throw invalidInput(CONFIG_MESSAGES.tierRules);
  const tiers = parsed.map((row: unknown) => {
    const tier = row as Partial<Record<keyof BundlingTier, unknown>> | null;
    const ok =
      typeof tier === 'object' &&
      tier !== null &&
      Object.keys(tier).every((k) => k === 'QUANTITY' || k === 'PRICE' || k === 'ENABLED') &&
      Number.isInteger(tier.QUANTITY) &&
      (tier.QUANTITY as number) >= BUNDLING_QUANTITY_MIN &&
      (tier.QUANTITY as number) <= BUNDLING_QUANTITY_MAX &&
      Number.isSafeInteger(tier.PRICE) &&
      (tier.PRICE as number) >= 0 &&
      typeof tier.ENABLED === 'boolean';
    if (!ok) throw invalidInput(CONFIG_MESSAGES.tierRules);
    return tier as BundlingTier;
  });
  // Two enabled tiers for one quantity would leave the price to the order they were saved in.
  const enabled = new Set<number>();
  for (const tier of tiers) {
    if (!tier.ENABLED) continue;
    if (enabled.has(tier.QUANTITY)) throw invalidInput(CONFIG_MESSAGES.tierDuplicate(tier.QUANTITY));
    enabled.add(tier.QUANTITY);
  }
  return tiers;
}

function checkEmailCopy(value: string): EmailCopy {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw invalidInput(CONFIG_MESSAGES.emailCopy);
  }
  const fields = EMAIL_COPY_FIELDS as readonly string[];
  const copy = parsed as Record<string, unknown> | null;
  const ok =
    typeof copy === 'object' &&
    copy !== null &&
    !Array.isArray(copy) &&
    Object.keys(copy).every((k) => fields.includes(k)) &&
    fields.every((f) => typeof copy[f] === 'string' && (copy[f] as string).length <= 5000);
  if (!ok) throw invalidInput(CONFIG_MESSAGES.emailCopy);
  return copy as EmailCopy;
}

/** CMS media: empty (none), a path on this server, or an https address (e.g. a Drive link). */
function checkMediaUrl(value: string): string {
  const text = value.trim();
  if (text === '') return '';
  const sameOrigin = /^\/(?!\/)[^\s\\]*$/.test(text);
  let https = false;
  try {
    https = new URL(text).protocol === 'https:';
  } catch {
    https = false;
  }
  if ((!sameOrigin && !https) || text.length > 2048) throw invalidInput(CONFIG_MESSAGES.mediaUrl);
  return text;
}
