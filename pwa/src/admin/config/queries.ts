import { queryOptions } from '@tanstack/react-query';
import type { ConfigEntry } from '@courtreplay/shared';
import { call } from '../../lib/api-client.ts';

export const configQueries = {
  all: () => ['config'] as const,
  list: () =>
    queryOptions({
      queryKey: [...configQueries.all(), 'list'] as const,
      queryFn: () => call('getConfig', {}),
    }),
};

/** The stored value of one key, or undefined when the key was never saved. */
export function configValue(entries: readonly ConfigEntry[] | undefined, key: string): string | undefined {
  return entries?.find((e) => e.key === key)?.value ?? undefined;
}
