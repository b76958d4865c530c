import { queryOptions } from '@tanstack/react-query';
import { bytesToMB, MESSAGES, quotaPercentUsed } from '@courtreplay/shared';
import { call } from '../../lib/api-client.ts';
import { withFallback } from '../common/errors.ts';

const T = MESSAGES.storage;
export const QUOTA_CACHE_KEY = 'storageQuota';

export interface StorageQuota {
  limitMb: number;
  usageMb: number;
  usageInDriveMb: number;
  usageInTrashMb: number;
  /** Unlimited drives report no limit: 0 here. */
  percentUsed: number;
  lastUpdated: string;
}

export function readCachedQuota(): StorageQuota | undefined {
  try {
    const raw = localStorage.getItem(QUOTA_CACHE_KEY);
    return raw ? (JSON.parse(raw) as StorageQuota) : undefined;
  } catch {
    return undefined;
  }
}

/** The quota in MB for the tab, remembered so the next visit shows it at once. */
const fetchQuota = withFallback(T.quotaFailed, async (): Promise<StorageQuota> => {
  const { limit, usage, usageInDrive, usageInTrash } = (await call('storageQuota', {})).quota;
  const quota: StorageQuota = {
    limitMb: bytesToMB(limit),
    usageMb: bytesToMB(usage),
    usageInDriveMb: bytesToMB(usageInDrive),
    usageInTrashMb: bytesToMB(usageInTrash),
    percentUsed: Math.round(quotaPercentUsed(usage, limit) * 10) / 10,
    lastUpdated: new Date().toISOString(),
  };
  localStorage.setItem(QUOTA_CACHE_KEY, JSON.stringify(quota));
  return quota;
});

export const storageQueries = {
  all: () => ['storage'] as const,
  quota: () =>
    queryOptions({
      queryKey: [...storageQueries.all(), 'quota'] as const,
      queryFn: fetchQuota,
      retry: false,
    }),
};
