import { queryOptions } from '@tanstack/react-query';
import type { ConfigEntry } from '@courtreplay/shared';
import { call } from '../../lib/api-client.ts';

export const configQueries = {
  all: () => ['config'] as const,
  /** The global entries (venueId null), or one venue's entries in force. */
  list: (venueId: number | null = null) =>
    queryOptions({
      queryKey: [...configQueries.all(), 'list', venueId ?? 'all'] as const,
      queryFn: () => call('getConfig', { query: venueId === null ? {} : { venueId: String(venueId) } }),
    }),
};

/** The stored value of one key, or undefined when the key was never saved. */
export function configValue(entries: readonly ConfigEntry[] | undefined, key: string): string | undefined {
  return entries?.find((e) => e.key === key)?.value ?? undefined;
}

/** Whether the venue has its own value of `key` (an entry of GET ?venueId names its venue). */
export function isVenueOwn(entries: readonly { key: string; venueId?: number | null }[] | undefined, key: string): boolean {
  return (entries?.find((e) => e.key === key)?.venueId ?? null) !== null;
}
