import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErrorKind, ErrorStatus } from '@courtreplay/shared';
import { call } from '../../lib/api-client.ts';

/** The error log's filters as the inputs hold them ('' = not set). */
export interface ErrorFilters {
  kind: ErrorKind | '';
  venueId: string;
  status: ErrorStatus;
  includeStaging: boolean;
}

export const noErrorFilters: ErrorFilters = { kind: '', venueId: '', status: 'open', includeStaging: false };

/** Kiosks go offline and e-mails fail while the tab is open: keep it fresh. */
const REFRESH_MS = 30_000;

export const errorQueries = {
  all: () => ['errors'] as const,
  log: (filters: ErrorFilters) =>
    queryOptions({
      queryKey: [...errorQueries.all(), 'log', filters] as const,
      queryFn: () =>
        call('listErrors', {
          query: {
            kind: filters.kind,
            venueId: filters.venueId,
            status: filters.status,
            includeStaging: filters.includeStaging ? 'true' : undefined,
          },
        }),
      placeholderData: keepPreviousData,
      refetchInterval: REFRESH_MS,
    }),
};

export function useResolveErrorMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('resolveError', { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: errorQueries.all() }),
  });
}
