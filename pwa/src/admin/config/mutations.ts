import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfigKey } from '@courtreplay/shared';
import { call } from '../../lib/api-client.ts';
import { withFallback } from '../common/errors.ts';
import { configQueries } from './queries.ts';

export interface ConfigWrite {
  key: ConfigKey;
  /** null (with a venueId) removes the venue's own value. */
  value: string | null;
  /** The venue whose own value this is; null or absent: the global entry. */
  venueId?: number | null;
}

/** PUT /admin/config for one key; `fallback` is the spec's message for the setting being saved. */
export function useSetConfigMutation(fallback: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withFallback(fallback, (entry: ConfigWrite) => call('updateConfig', { body: entry })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configQueries.all() }),
  });
}
