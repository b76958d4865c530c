import { queryOptions } from '@tanstack/react-query';
import { bytesToMB, MESSAGES, quotaPercentUsed } from '@courtreplay/shared';
import { api, ApiError } from '../../lib/api-client.ts';
import { ScreenError } from '../common/errors.ts';

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

interface QuotaAnswer {
  success?: boolean;
  error?: string;
  quota?: { limit?: number | string; usage?: number | string; usageInDrive?: number | string; usageInTrash?: number | string };
}

const mb = (bytes: number | string | undefined) => bytesToMB(Number(bytes ?? 0));

/** The storage answers name their failure in `error` (spec section 8), preferred over our fallback. */
export function storageError(e: unknown, fallback: string): ScreenError {
  if (e instanceof ScreenError) return e;
  const body = e instanceof ApiError ? e.body : null;
  const text = body && typeof body === 'object' ? ((body as { error?: unknown; message?: unknown }).error ?? (body as { message?: unknown }).message) : null;
  return new ScreenError(typeof text === 'string' && text ? text : fallback, e instanceof ApiError ? e.status : 0);
}

export function readCachedQuota(): StorageQuota | undefined {
  try {
    const raw = localStorage.getItem(QUOTA_CACHE_KEY);
    return raw ? (JSON.parse(raw) as StorageQuota) : undefined;
  } catch {
    return undefined;
  }
}

async function fetchQuota(): Promise<StorageQuota> {
  let answer: QuotaAnswer;
  try {
    answer = await api<QuotaAnswer>('/google-drive/storage-quota');
  } catch (e) {
    throw storageError(e, T.quotaFailed);
  }
  if (!answer?.success || !answer.quota) throw new ScreenError(answer?.error || T.quotaInfoFailed, 200);
  const { limit, usage, usageInDrive, usageInTrash } = answer.quota;
  const quota: StorageQuota = {
    limitMb: mb(limit),
    usageMb: mb(usage),
    usageInDriveMb: mb(usageInDrive),
    usageInTrashMb: mb(usageInTrash),
    percentUsed: Math.round(quotaPercentUsed(Number(usage ?? 0), Number(limit ?? 0)) * 10) / 10,
    lastUpdated: new Date().toISOString(),
  };
  localStorage.setItem(QUOTA_CACHE_KEY, JSON.stringify(quota));
  return quota;
}

export const storageQueries = {
  all: () => ['storage'] as const,
  quota: () =>
    queryOptions({
      queryKey: [...storageQueries.all(), 'quota'] as const,
      queryFn: fetchQuota,
      retry: false,
    }),
};
