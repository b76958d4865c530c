// Server state the kiosk reads (TanStack Query key factory, docs/contributing.md): this device's registration,
// the configuration (prices, gateway, CMS), the payment script the server names, and the product name.
// The device and configuration rules live in device-layer.ts (no React, tested in Vitest); this
// file wires them to the API client and turns them into query options.
import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { PRODUCT_NAME_DEFAULT, pricingFromConfig, configKey, type StagedConfigKey } from '@courtreplay/shared';
import { call } from '../lib/api-client.ts';
import { ensureDeviceId, setDeviceAuthorizedCookie } from '../lib/device-identity.ts';
import { takeBootDeviceAnswer, takeBootProductAnswer } from './boot-requests.ts';
import {
  CONFIG_REFRESH_MS,
  configAudience,
  createDeviceLayer,
  DEVICE_ANSWER_FRESH_MS,
  DEVICE_POLL_MS,
  sameAudience,
  UNKNOWN_AUDIENCE,
  type ConfigAudience,
  type DeviceLayer,
  type KioskConfig,
} from './device-layer.ts';

export type { ConfigAudience, DeviceStatus, KioskConfig } from './device-layer.ts';
export { CONFIG_REFRESH_MS, configAudience, DEVICE_ANSWER_FRESH_MS, DEVICE_POLL_MS } from './device-layer.ts';

/** The page's one device layer: the API client (its first answer asked at boot), this browser's id and cookie, the real clock. */
const layer = createDeviceLayer({
  client: {
    getDevice: (deviceId) => takeBootDeviceAnswer(deviceId) ?? call('getDevice', { params: { deviceId } }),
    getConfig: () => call('getConfig', {}),
  },
  identity: { ensureDeviceId, rememberAuthorized: setDeviceAuthorizedCookie },
  now: () => Date.now(),
});

/** True once the server has answered (or failed to answer) about this device since the page loaded. */
export const deviceAskedSinceLoad = () => layer.askedSinceLoad();

/** True for a stored answer that was already too old to decide when this page loaded (DeviceLayer.answerStaleAtLoad). */
export const deviceAnswerStaleAtLoad = (answeredAt: number) => layer.answerStaleAtLoad(answeredAt);

export const kioskKeys = {
  device: ['kiosk', 'device'] as const,
  /** Every configuration read (prefix). */
  configs: ['kiosk', 'config'] as const,
  /** The configuration as the server answers this device in its present state. */
  config: (device: ConfigAudience) => ['kiosk', 'config', device] as const,
  paymentClient: (staging: boolean) => ['kiosk', 'payment-client', staging] as const,
  product: ['kiosk', 'product'] as const,
};

/** The device and configuration query options over a device layer (the page's, or a test's). */
export function deviceQueries(deviceLayer: DeviceLayer) {
  return {
    deviceStatus: () =>
      queryOptions({
        queryKey: kioskKeys.device,
        queryFn: deviceLayer.fetchDeviceStatus,
        staleTime: DEVICE_ANSWER_FRESH_MS,
        refetchInterval: DEVICE_POLL_MS,
        refetchIntervalInBackground: true,
        retry: 1,
      }),
    /**
     * The configuration for this device as it stands: keyed by what the server answers it, so a change
     * of authorisation, test status or venue reads it afresh at once, and so does a new version in the
     * 3 s device poll (a price, tier, gateway or media change). While a new version loads, the previous
     * answer for the same device stands in; an answer for another audience (an unauthorised kiosk's
     * media only) never does.
     */
    config: (device: ConfigAudience) =>
      queryOptions({
        queryKey: kioskKeys.config(device),
        queryFn: deviceLayer.fetchConfig,
        staleTime: CONFIG_REFRESH_MS,
        refetchInterval: CONFIG_REFRESH_MS,
        placeholderData: (previous: KioskConfig | undefined, previousQuery: Query<KioskConfig> | undefined) =>
          previousQuery && sameAudience(device, previousQuery.queryKey[2]) ? previous : undefined,
        retry: 1,
      }),
  };
}

const pageQueries = deviceQueries(layer);
export const deviceStatusQuery = pageQueries.deviceStatus;
export const configQuery = pageQueries.config;

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
    queryFn: () => takeBootProductAnswer() ?? call('productInfo', {}),
    staleTime: 5 * 60_000,
    retry: 1,
  });

/** The product name shown in labels: the server's, or the shared default until it is known. */
export function useProductName(): string {
  return useQuery(productQuery()).data?.productName ?? PRODUCT_NAME_DEFAULT;
}
