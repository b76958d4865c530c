// Server state the kiosk reads (TanStack Query key factory, style.md): this device's registration,
// the configuration (prices, gateway, CMS), and the payment script the server names.
import { queryOptions } from '@tanstack/react-query';
import { PRODUCT_NAME_DEFAULT, pricingFromConfig, configKey, type ConfigEntry, type StagedConfigKey } from '@courtreplay/shared';
import { api, ApiError, call } from '../lib/api-client.ts';
import { ensureDeviceId, setDeviceAuthorizedCookie } from '../lib/device-identity.ts';

export interface DeviceStatus {
  deviceId: string;
  authorized: boolean;
  /** A test device (marked by a super admin): the only kind whose /staging screens sell. */
  staging: boolean;
  venueId: number | null;
  fieldId: number | null;
}

interface DeviceAnswer {
  isAuthorized?: boolean | number;
  staging?: boolean;
  venueId?: number | null;
  fieldId?: number | null;
  device?: DeviceAnswer;
}

async function fetchDeviceStatus(): Promise<DeviceStatus> {
  const deviceId = await ensureDeviceId();
  try {
    const answer = await api<DeviceAnswer>(`/device/${encodeURIComponent(deviceId)}`);
    const d = answer.device ?? answer;
    const status = { deviceId, authorized: d.isAuthorized === undefined ? true : !!d.isAuthorized, staging: d.staging === true, venueId: d.venueId ?? null, fieldId: d.fieldId ?? null };
    setDeviceAuthorizedCookie(status.authorized);
    return status;
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.status === 401 || e.status === 403)) {
      setDeviceAuthorizedCookie(false);
      return { deviceId, authorized: false, staging: false, venueId: null, fieldId: null };
    }
    throw e;
  }
}

export const kioskKeys = {
  device: ['kiosk', 'device'] as const,
  config: ['kiosk', 'config'] as const,
  paymentClient: (staging: boolean) => ['kiosk', 'payment-client', staging] as const,
};

export const deviceStatusQuery = () =>
  queryOptions({ queryKey: kioskKeys.device, queryFn: fetchDeviceStatus, staleTime: 60_000, retry: 1 });

export interface KioskConfig {
  entries: ConfigEntry[];
}

export const configQuery = () =>
  queryOptions({
    queryKey: kioskKeys.config,
    queryFn: async (): Promise<KioskConfig> => {
      const answer = await api<ConfigEntry[] | { configs?: ConfigEntry[]; config?: ConfigEntry[] }>('/admin/config');
      const entries = Array.isArray(answer) ? answer : (answer.configs ?? answer.config ?? []);
      return { entries };
    },
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

/** The product name shown in labels; the server does not publish it, so the shared default. */
export const productName = PRODUCT_NAME_DEFAULT;
