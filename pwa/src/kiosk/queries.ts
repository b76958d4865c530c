// Server state the kiosk reads (TanStack Query key factory, docs/contributing.md): this device's registration,
// the configuration (prices, gateway, CMS), the payment script the server names, and the product name.
import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import {
  DEFAULT_KIOSK_LANGUAGE,
  PRODUCT_NAME_DEFAULT,
  pricingFromConfig,
  configKey,
  type ConfigEntry,
  type KioskLanguage,
  type StagedConfigKey,
} from '@courtreplay/shared';
import { ApiError, call } from '../lib/api-client.ts';
import { ensureDeviceId, setDeviceAuthorizedCookie } from '../lib/device-identity.ts';

export interface DeviceStatus {
  deviceId: string;
  authorized: boolean;
  /** A test device (marked by a super admin): the only kind whose /staging screens sell. */
  staging: boolean;
  venueId: number | null;
  fieldId: number | null;
  /** The venue's kiosk language: the screens start in it and go back to it after each player. */
  venueLanguage: KioskLanguage;
  /** The server's fingerprint of the configuration this device reads; a new one means read it again. */
  configVersion: string | null;
  /** The venue's courts, to match the folder's subfolders (issue 25 point 1). */
  courts: { id: number; name: string }[];
  /** Moments marked from phones on the venue's courts, on this kiosk's clock (issue 25 point 4). */
  marks: { fieldId: number; at: number }[];
}

let askedSinceLoad = false;
const pageLoadedAt = Date.now();

/** True once the server has answered (or failed to answer) about this device since the page loaded. */
export const deviceAskedSinceLoad = () => askedSinceLoad;

/**
 * True for a stored answer that was already too old to decide when this page loaded. An answer
 * fresh at load decides until the first poll replaces it: judging it by its age at each poll
 * would flash the checking screen over (and remount) whatever screen the player is on.
 */
export const deviceAnswerStaleAtLoad = (answeredAt: number) => answeredAt < pageLoadedAt - DEVICE_ANSWER_FRESH_MS;

/** This kiosk as the server knows it; unknown to the server, or not authorised (false), means not authorised. */
async function fetchDeviceStatus(): Promise<DeviceStatus> {
  try {
    return await askServer();
  } finally {
    askedSinceLoad = true;
  }
}

async function askServer(): Promise<DeviceStatus> {
  const deviceId = await ensureDeviceId();
  try {
    const device = await call('getDevice', { params: { deviceId } });
    // The server's clock against ours, so a mark (server time) lands among the clips (kiosk time).
    const offset = Date.parse(device.serverTime) - Date.now();
    const status = {
      deviceId,
      authorized: device.isAuthorized === true,
      staging: device.staging === true,
      venueId: device.venueId,
      fieldId: device.fieldId,
      venueLanguage: device.venueLanguage,
      configVersion: device.configVersion,
      courts: device.courts ?? [],
      marks: (device.marks ?? []).map((m) => ({ fieldId: m.fieldId, at: Date.parse(m.at) - (Number.isFinite(offset) ? offset : 0) })),
    };
    setDeviceAuthorizedCookie(status.authorized);
    return status;
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.status === 401 || e.status === 403)) {
      setDeviceAuthorizedCookie(false);
      return {
        deviceId,
        authorized: false,
        staging: false,
        venueId: null,
        fieldId: null,
        venueLanguage: DEFAULT_KIOSK_LANGUAGE,
        configVersion: null,
        courts: [],
        marks: [],
      };
    }
    throw e;
  }
}

export const kioskKeys = {
  device: ['kiosk', 'device'] as const,
  /** Every configuration read (prefix). */
  configs: ['kiosk', 'config'] as const,
  /** The configuration as the server answers this device in its present state (issue 24 point 1). */
  config: (device: ConfigAudience) => ['kiosk', 'config', device] as const,
  paymentClient: (staging: boolean) => ['kiosk', 'payment-client', staging] as const,
  product: ['kiosk', 'product'] as const,
};

/** How often an open kiosk screen asks the server about this device (issue 12 point 1: changes show within 5 s). */
export const DEVICE_POLL_MS = 3_000;
/** An answer older than this (a persisted one, after a reload) waits for the server before it decides. */
export const DEVICE_ANSWER_FRESH_MS = 5_000;

export const deviceStatusQuery = () =>
  queryOptions({
    queryKey: kioskKeys.device,
    queryFn: fetchDeviceStatus,
    staleTime: DEVICE_ANSWER_FRESH_MS,
    refetchInterval: DEVICE_POLL_MS,
    refetchIntervalInBackground: true,
    retry: 1,
  });

export interface KioskConfig {
  entries: ConfigEntry[];
}

/** What the server's configuration answer depends on: the device's authorisation, test status, venue and the version it announces. */
export interface ConfigAudience {
  authorized: boolean;
  staging: boolean;
  venueId: number | null;
  version: string | null;
}

export const configAudience = (device: DeviceStatus): ConfigAudience => ({
  authorized: device.authorized,
  staging: device.staging,
  venueId: device.venueId,
  version: device.configVersion ?? null,
});

const sameAudience = (a: ConfigAudience, b: unknown): boolean => {
  const other = b as Partial<ConfigAudience> | undefined;
  return other?.authorized === a.authorized && other.staging === a.staging && other.venueId === a.venueId;
};

/** Belt and braces beside the version in the device poll: an open screen reads the configuration at least this often. */
export const CONFIG_REFRESH_MS = 30_000;

/**
 * The configuration for this device as it stands: keyed by what the server answers it, so a change
 * of authorisation, test status or venue reads it afresh at once, and so does a new version in the
 * 3 s device poll (a price, tier, gateway or media change). While a new version loads, the previous
 * answer for the same device stands in; an answer for another audience (an unauthorised kiosk's
 * media only) never does.
 */
export const configQuery = (device: ConfigAudience) =>
  queryOptions({
    queryKey: kioskKeys.config(device),
    queryFn: async (): Promise<KioskConfig> => ({ entries: await call('getConfig', {}) }),
    staleTime: CONFIG_REFRESH_MS,
    refetchInterval: CONFIG_REFRESH_MS,
    placeholderData: (previous: KioskConfig | undefined, previousQuery: Query<KioskConfig> | undefined) =>
      previousQuery && sameAudience(device, previousQuery.queryKey[2]) ? previous : undefined,
    retry: 1,
  });

/** The kiosk screens' configuration: waits for the device's status, then follows it. */
export function useKioskConfig() {
  const device = useQuery(deviceStatusQuery()).data;
  const audience = device ? configAudience(device) : UNKNOWN_AUDIENCE;
  const query = useQuery({ ...configQuery(audience), enabled: device !== undefined });
  const queryClient = useQueryClient();
  const current = query.isSuccess && !query.isPlaceholderData;
  const key = JSON.stringify(kioskKeys.config(audience));
  useEffect(() => {
    // Persisted queries are kept forever (offline/query-persistence.ts): drop the answers of older versions.
    if (!current) return;
    queryClient.removeQueries({ queryKey: kioskKeys.configs, predicate: (q) => JSON.stringify(q.queryKey) !== key });
  }, [current, key, queryClient]);
  return query;
}

const UNKNOWN_AUDIENCE: ConfigAudience = { authorized: false, staging: false, venueId: null, version: null };

export function configValue(config: KioskConfig | undefined, key: StagedConfigKey, staging: boolean): string | null {
  const entry = config?.entries.find((e) => e.key === configKey(key, staging));
  return entry?.value ? entry.value : null;
}

export const pricingOf = (config: KioskConfig | undefined, staging: boolean) => pricingFromConfig(config?.entries ?? [], { staging });

export const paymentClientQuery = (staging: boolean) =>
  queryOptions({
    queryKey: kioskKeys.paymentClient(staging),
    queryFn: () => call('paymentClientConfig', { query: { staging: String(staging) } }),
    staleTime: Infinity,
    retry: 1,
  });

/** The product name the server is configured with (PRODUCT_NAME); persisted, so known offline after the first load. */
export const productQuery = () =>
  queryOptions({
    queryKey: kioskKeys.product,
    queryFn: () => call('productInfo', {}),
    staleTime: 5 * 60_000,
    retry: 1,
  });

/** The product name shown in labels: the server's, or the shared default until it is known. */
export function useProductName(): string {
  return useQuery(productQuery()).data?.productName ?? PRODUCT_NAME_DEFAULT;
}
