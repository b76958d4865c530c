import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, OLD_FILE_THRESHOLD_DAYS } from '@courtreplay/shared';
import { call } from '../../lib/api-client.ts';
import { withFallback } from '../common/errors.ts';
import { storageQueries } from './queries.ts';

const T = MESSAGES.storage;

const deleteOldFiles = withFallback(T.deleteOldFailed, async () => {
  const olderThan = new Date(Date.now() - OLD_FILE_THRESHOLD_DAYS * 24 * 60 * 60 * 1000).toISOString();
  return (await call('deleteOldFiles', { body: { olderThan } })).filesDeleted;
});

const emptyDrive = withFallback(T.emptyFailed, async () => (await call('emptyDrive', {})).filesDeleted);

export function useDeleteOldFilesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteOldFiles(undefined),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storageQueries.all() }),
  });
}

export function useEmptyDriveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => emptyDrive(undefined),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storageQueries.all() }),
  });
}
