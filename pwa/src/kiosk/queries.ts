// Server state the kiosk reads (TanStack Query key factory, style.md): this device's registration,
// the configuration (prices, gateway, CMS), the payment script the server names, and the product name.
import { queryOptions, useQuery } from '@tanstack/react-query';
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
    const status = {
      deviceId,
      authorized: device.isAuthorized === true,
      staging: device.staging === true,
      venueId: device.venueId,
      fieldId: device.fieldId,
      venueLanguage: device.venueLanguage,
    };
    setDeviceAuthorizedCookie(status.authorized);
    return status;
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.status === 401 || e.status === 403)) {
      setDeviceAuthorizedCookie(false);
      return { deviceId, authorized: false, staging: false, venueId: null, fieldId: null, venueLanguage: DEFAULT_KIOSK_LANGUAGE };
    }
    throw e;
  }
}

export const kioskKeys = {
  device: ['kiosk', 'device'] as const,
  config: ['kiosk', 'config'] as const,
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

export const configQuery = () =>
  queryOptions({
    queryKey: kioskKeys.config,
    queryFn: async (): Promise<KioskConfig> => ({ entries: await call('getConfig', {}) }),
    staleTime: 30_000,
    retry: 1,
  });

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
