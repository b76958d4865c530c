import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, OLD_FILE_THRESHOLD_DAYS } from '@courtreplay/shared';
import { call } from '../../lib/api-client.ts';
import { withFallback } from '../common/errors.ts';
import { storageQueries } from './queries.ts';

const T = MESSAGES.storage;

/** The cut-off of 'Delete Files > 2 Days', fixed when the admin asks so the count and the deletion agree. */
export const oldFilesCutoff = (now = Date.now()) => new Date(now - OLD_FILE_THRESHOLD_DAYS * 24 * 60 * 60 * 1000).toISOString();

const deleteOldFiles = withFallback(T.deleteOldFailed, async (olderThan: string) => {
  return (await call('deleteOldFiles', { body: { olderThan } })).filesDeleted;
});

/** What a clean-up would remove: with a cut-off, Delete Old Files; without, Empty Drive. */
export const previewCleanup = withFallback(T.countFailed, (olderThan: string | undefined) =>
  call('storageCleanupPreview', { query: olderThan === undefined ? {} : { olderThan } }),
);

const emptyDrive = withFallback(T.emptyFailed, async () => (await call('emptyDrive', {})).filesDeleted);

export function useDeleteOldFilesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (olderThan: string) => deleteOldFiles(olderThan),
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
