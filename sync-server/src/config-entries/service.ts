import { createHash } from 'node:crypto';
import { recordAudit } from '../audit/record.ts';
import { assertVenueAccess, type SessionAdmin } from '../auth/venue-access.ts';
import {
  CONFIG_MESSAGES,
  CONFIG_KEYS,
  configKey,
  findUndercut,
  MAX_VIDEOS_PER_PURCHASE,
  MESSAGES,
  parseDefaultPrice,
  parsePromoTable,
  VENUE_MESSAGES,
  type ConfigKey,
  type StagedConfigKey,
  type StoredConfigEntry,
} from '@courtreplay/shared';
import type { AppDeps } from '../app-env.ts';
import type { Db } from '../db/database.ts';
import {
  findConfigValue,
  findVenue,
  findVenueConfigValue,
  listConfigEntries,
  listVenueConfigEntries,
  listVenues,
  writeConfigEntries,
} from './queries.ts';
import { forbidden, invalidInput, notFound } from '../errors.ts';
import { checkConfigValue, isStagingKey, twinKey } from './config-rules.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** What a kiosk shows before it is authorised: the home screen's media only. */
export const PUBLIC_CONFIG_KEYS: readonly ConfigKey[] = CONFIG_KEYS.filter((key) => /^CMS_(PROMO_VIDEO|BG_IMAGE|WATERMARK)/.test(key));

/** The settings a venue may set for itself, with their staging twins. */
const VENUE_BASE_KEYS = ['DEFAULT_PRICE', 'PROMO_TABLE', 'ENABLE_PAYMENT_GATEWAY'] as const satisfies readonly StagedConfigKey[];
export const VENUE_CONFIG_KEYS: readonly ConfigKey[] = VENUE_BASE_KEYS.flatMap((key) => [configKey(key, false), configKey(key, true)]);
const isVenueKey = (key: ConfigKey) => VENUE_CONFIG_KEYS.includes(key);

/** Throws 404 for a venue that does not exist; its name otherwise. */
async function venueNamed(db: Db, venueId: number): Promise<string> {
  const venue = await findVenue(db, venueId);
  if (!venue) throw notFound(VENUE_MESSAGES.notFound);
  return venue.name;
}

/**
 * The entries in force: the global ones (venueId null), and with `venueId` that venue's own values
 * over them. 'all' for admins and test devices; 'live' for a live kiosk, which gets no _STAGING
 * entries (its staging prices are not its business); 'public' for anyone else: the home screen's
 * media only (never a venue's).
 */
export type ConfigScope = 'all' | 'live' | 'public';

export async function readConfig(deps: Deps, scope: ConfigScope, venueId?: number): Promise<StoredConfigEntry[]> {
  const keys = scope === 'public' ? PUBLIC_CONFIG_KEYS : undefined;
  const byKey = new Map<string, StoredConfigEntry>();
  for (const { key, value } of await listConfigEntries(deps.db, keys)) byKey.set(key, { key, value, venueId: null });
  if (venueId !== undefined && scope !== 'public') {
    for (const { key, value } of await listVenueConfigEntries(deps.db, venueId, VENUE_CONFIG_KEYS)) byKey.set(key, { key, value, venueId });
  }
  const entries = [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return scope === 'live' ? entries.filter((entry) => !isStagingKey(entry.key as ConfigKey)) : entries;
}

/** What a kiosk may read: a test kiosk everything, a live one no staging twins, an unauthorised one the media. */
export function kioskConfigScope(device: { isAuthorized: boolean; staging: boolean } | undefined): ConfigScope {
  if (!device?.isAuthorized) return 'public';
  return device.staging ? 'all' : 'live';
}

/**
 * The fingerprint of the entries a kiosk reads: carried by the device status the
 * kiosk polls every 3 s, so a price, tier, gateway or media change, or a change of the kiosk's
 * authorisation or test status, makes it read the configuration again at once.
 */
export async function kioskConfigVersion(
  deps: Deps,
  device: { isAuthorized: boolean; staging: boolean; venueId: number },
): Promise<string> {
  const scope = kioskConfigScope(device);
  const entries = await readConfig(deps, scope, device.isAuthorized ? device.venueId : undefined);
  const canonical = entries.map(({ key, value }) => [key, value]).sort(([a], [b]) => String(a).localeCompare(String(b)));
  return createHash('sha256')
    .update(JSON.stringify([scope, device.venueId, canonical]))
    .digest('hex')
    .slice(0, 16);
}

/** GET for an admin: the global entries, or one venue's in force (a venue admin: their own only). */
export async function readConfigForAdmin(deps: Deps, admin: SessionAdmin, venueId: number | undefined): Promise<StoredConfigEntry[]> {
  if (venueId === undefined) return readConfig(deps, 'all');
  assertVenueAccess(admin, venueId);
  await venueNamed(deps.db, venueId);
  return readConfig(deps, 'all', venueId);
}

export interface ConfigChange {
  key: string;
  value: string | null;
  venueId?: number | null | undefined;
}

export async function writeConfig(
  deps: Deps,
  actor: SessionAdmin,
  change: ConfigChange,
): Promise<{ message: string; entries: StoredConfigEntry[] }> {
  const venueId = change.venueId ?? null;
  if (venueId === null) {
    if (actor.role !== 'super_admin') throw forbidden(CONFIG_MESSAGES.globalOnly);
    if (change.value === null) throw invalidInput(CONFIG_MESSAGES.removeNeedsVenue);
  } else {
    assertVenueAccess(actor, venueId);
  }
  const venueName = venueId === null ? undefined : await venueNamed(deps.db, venueId);
  const key = checkKeyOnly(change.key);
  if (venueId !== null && !isVenueKey(key)) throw invalidInput(CONFIG_MESSAGES.notPerVenue(key));

  const staging = isStagingKey(key);
  /** The value in force at this scope for a key of the same twin. */
  const inForce = async (k: ConfigKey) =>
    (venueId === null ? undefined : await findVenueConfigValue(deps.db, venueId, k)) ?? (await findConfigValue(deps.db, k));

  const writes: { key: ConfigKey; value: string | null }[] = [];
  let message: string = CONFIG_MESSAGES.updated;
  if (change.value === null) {
    writes.push({ key, value: null });
  } else {
    const { value } = checkConfigValue(key, change.value);
    writes.push({ key, value });
    if (key === twinKey(key, 'ENABLE_PAYMENT_GATEWAY')) {
      if (value === 'true' && parseDefaultPrice(await inForce(twinKey(key, 'DEFAULT_PRICE'))) === 0) {
        throw invalidInput(MESSAGES.product.gatewayNeedsPrice);
      }
      message = MESSAGES.product.gatewayToggled(value === 'true', staging);
    } else if (key === twinKey(key, 'DEFAULT_PRICE')) {
      if (value === '0') {
        writes.push({ key: twinKey(key, 'ENABLE_PAYMENT_GATEWAY'), value: 'false' });
        message = MESSAGES.product.priceZeroGatewayDisabled(staging);
      } else {
        message = MESSAGES.product.priceUpdated(staging);
      }
    } else if (key === twinKey(key, 'PROMO_TABLE')) {
      message = MESSAGES.bundling.updated(staging);
    }
  }
  if (key === twinKey(key, 'DEFAULT_PRICE') || key === twinKey(key, 'PROMO_TABLE')) {
    await refuseUndercut(deps.db, { venueId, key, value: writes[0]!.value, staging, venueName });
  }

  const at = deps.clock.now().toISOString();
  const before: Record<string, string | null> = {};
  for (const write of writes) {
    before[write.key] =
      (venueId === null ? await findConfigValue(deps.db, write.key) : await findVenueConfigValue(deps.db, venueId, write.key)) ?? null;
  }
  const after = Object.fromEntries(writes.map((write) => [write.key, write.value]));
  await writeConfigEntries(deps.db, venueId, writes, at, (trx) =>
    recordAudit(trx, { actor, at, action: 'config.update', entity: 'config', entityId: key, venueId, before, after }),
  );

  const entries: StoredConfigEntry[] = [];
  for (const write of writes) {
    if (write.value !== null) entries.push({ key: write.key, value: write.value, venueId });
    else {
      const global = await findConfigValue(deps.db, write.key);
      if (global !== undefined) entries.push({ key: write.key, value: global, venueId: null });
    }
  }
  if (change.value === null) message = CONFIG_MESSAGES.updated;
  return { message, entries };
}

function checkKeyOnly(rawKey: string): ConfigKey {
  if (!(CONFIG_KEYS as readonly string[]).includes(rawKey)) throw invalidInput(CONFIG_MESSAGES.unknownKey(rawKey));
  return rawKey as ConfigKey;
}

/**
 * Refuses a price or tier table change under which more clips would cost less than fewer, wherever
 * it would apply: at the venue it is for, or (a global change) globally and at every venue that
 * keeps the global value of the price or of the tiers.
 */
async function refuseUndercut(
  db: Db,
  change: { venueId: number | null; key: ConfigKey; value: string | null; staging: boolean; venueName: string | undefined },
): Promise<void> {
  const priceKey = configKey('DEFAULT_PRICE', change.staging);
  const tiersKey = configKey('PROMO_TABLE', change.staging);
  const global = new Map<string, string | undefined>([
    [priceKey, await findConfigValue(db, priceKey)],
    [tiersKey, await findConfigValue(db, tiersKey)],
  ]);
  if (change.venueId === null) global.set(change.key, change.value ?? undefined);
  const undercutOf = (values: Map<string, string | undefined>) =>
    findUndercut(
      { defaultPrice: parseDefaultPrice(values.get(priceKey)), promoTable: parsePromoTable(values.get(tiersKey)) },
      MAX_VIDEOS_PER_PURCHASE,
    );
  const own = await listVenueConfigEntries(db, change.venueId ?? undefined, [priceKey, tiersKey]);
  const ownOf = (venueId: number) => {
    const values = new Map(global);
    for (const row of own) if (row.venueId === venueId) values.set(row.key, row.value);
    return values;
  };

  if (change.venueId !== null) {
    const values = ownOf(change.venueId);
    if (change.value === null) values.set(change.key, global.get(change.key));
    else values.set(change.key, change.value);
    const undercut = undercutOf(values);
    if (undercut) throw invalidInput(CONFIG_MESSAGES.undercut(undercut, change.venueName, change.staging));
    return;
  }
  const globalUndercut = undercutOf(global);
  if (globalUndercut) throw invalidInput(CONFIG_MESSAGES.undercut(globalUndercut, undefined, change.staging));
  for (const venue of await listVenues(db)) {
    // A venue with its own value of the changed key does not feel the change.
    if (own.some((row) => row.venueId === venue.id && row.key === change.key)) continue;
    const undercut = undercutOf(ownOf(venue.id));
    if (undercut) throw invalidInput(CONFIG_MESSAGES.undercut(undercut, venue.name, change.staging));
  }
}

// What the other features use of this one; its queries.ts is its own.
export { findConfigValue, loadEntriesInForce, upsertConfigEntries } from './queries.ts';
