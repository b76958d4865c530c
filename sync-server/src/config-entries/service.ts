import { createHash } from 'node:crypto';
import { recordAudit } from '../audit/record.ts';
import type { SessionAdmin } from '../auth/queries.ts';
import { CONFIG_MESSAGES, CONFIG_KEYS, MESSAGES, parseDefaultPrice, type ConfigKey, type StoredConfigEntry } from '@courtreplay/shared';
import type { AppDeps } from '../app.ts';
import { findConfigValue, listConfigEntries, upsertConfigEntries } from './queries.ts';
import { invalidInput } from '../errors.ts';
import { checkConfigValue, isStagingKey, twinKey } from './config-rules.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** What a kiosk shows before it is authorised: the home screen's media only. */
export const PUBLIC_CONFIG_KEYS: readonly ConfigKey[] = CONFIG_KEYS.filter((key) => /^CMS_(PROMO_VIDEO|BG_IMAGE|WATERMARK)/.test(key));

/** The stored entries (missing keys take the shared domain's defaults on the reading side). */
/**
 * 'all' for admins and test devices; 'live' for a live kiosk, which gets no _STAGING entries (its
 * staging prices are not its business); 'public' for anyone else: the home screen's media only.
 */
export async function readConfig(deps: Deps, scope: 'all' | 'live' | 'public'): Promise<StoredConfigEntry[]> {
  const entries = await listConfigEntries(deps.db, scope === 'public' ? PUBLIC_CONFIG_KEYS : undefined);
  return scope === 'live' ? entries.filter((entry) => !isStagingKey(entry.key as ConfigKey)) : entries;
}

export type ConfigScope = 'all' | 'live' | 'public';

/** What a kiosk may read: a test kiosk everything, a live one no staging twins, an unauthorised one the media. */
export function kioskConfigScope(device: { isAuthorized: boolean; staging: boolean } | undefined): ConfigScope {
  if (!device?.isAuthorized) return 'public';
  return device.staging ? 'all' : 'live';
}

/**
 * The fingerprint of the entries a kiosk reads (issue 24 point 1): carried by the device status the
 * kiosk polls every 3 s, so a price, tier, gateway or media change, or a change of the kiosk's
 * authorisation or test status, makes it read the configuration again at once.
 */
export async function kioskConfigVersion(
  deps: Deps,
  device: { isAuthorized: boolean; staging: boolean; venueId: number },
): Promise<string> {
  const scope = kioskConfigScope(device);
  const entries = await readConfig(deps, scope);
  const canonical = entries.map(({ key, value }) => [key, value]).sort(([a], [b]) => String(a).localeCompare(String(b)));
  return createHash('sha256')
    .update(JSON.stringify([scope, device.venueId, canonical]))
    .digest('hex')
    .slice(0, 16);
}

export async function writeConfig(
  deps: Deps,
  actor: SessionAdmin,
  rawKey: string,
  rawValue: string,
): Promise<{ message: string; entries: StoredConfigEntry[] }> {
  const { key, value } = checkConfigValue(rawKey, rawValue);
  const staging = isStagingKey(key);
  const entries: StoredConfigEntry[] = [{ key, value }];
  let message: string = CONFIG_MESSAGES.updated;

  if (key === twinKey(key, 'ENABLE_PAYMENT_GATEWAY')) {
    if (value === 'true' && parseDefaultPrice(await findConfigValue(deps.db, twinKey(key, 'DEFAULT_PRICE'))) === 0) {
      throw invalidInput(MESSAGES.product.gatewayNeedsPrice);
    }
    message = MESSAGES.product.gatewayToggled(value === 'true', staging);
  } else if (key === twinKey(key, 'DEFAULT_PRICE')) {
    if (value === '0') {
      entries.push({ key: twinKey(key, 'ENABLE_PAYMENT_GATEWAY'), value: 'false' });
      message = MESSAGES.product.priceZeroGatewayDisabled(staging);
    } else {
      message = MESSAGES.product.priceUpdated(staging);
    }
  } else if (key === twinKey(key, 'PROMO_TABLE')) {
    message = MESSAGES.bundling.updated(staging);
  }

  const at = deps.clock.now().toISOString();
  const before: Record<string, string | null> = {};
  for (const entry of entries) before[entry.key] = (await findConfigValue(deps.db, entry.key)) ?? null;
  const after = Object.fromEntries(entries.map((entry) => [entry.key, entry.value]));
  await upsertConfigEntries(deps.db, entries, at, (trx) =>
    recordAudit(trx, { actor, at, action: 'config.update', entity: 'config', entityId: key, before, after }),
  );
  return { message, entries };
}
