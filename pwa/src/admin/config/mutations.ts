import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfigKey } from '@courtreplay/shared';
import { call } from '../../lib/api-client.ts';
import { withFallback } from '../common/errors.ts';
import { configQueries } from './queries.ts';

/** PUT /admin/config for one key; `fallback` is the spec's message for the setting being saved. */
export function useSetConfigMutation(fallback: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withFallback(fallback, (entry: { key: ConfigKey; value: string }) => call('updateConfig', { body: entry })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configQueries.all() }),
  });
}
