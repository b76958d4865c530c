import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, OLD_FILE_THRESHOLD_DAYS } from '@courtreplay/shared';
import { api } from '../../lib/api-client.ts';
import { storageError, storageQueries } from './queries.ts';

const T = MESSAGES.storage;

interface CleanupAnswer {
  success?: boolean;
  filesDeleted?: number;
  error?: string;
}

async function cleanup(path: string, body: unknown, fallback: string): Promise<number> {
  let answer: CleanupAnswer;
  try {
    answer = await api<CleanupAnswer>(path, { method: 'POST', body });
  } catch (e) {
    throw storageError(e, fallback);
  }
  if (answer && answer.success === false) throw storageError(null, answer.error || fallback);
  return answer?.filesDeleted ?? 0;
}

export function useDeleteOldFilesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => {
      const olderThan = new Date(Date.now() - OLD_FILE_THRESHOLD_DAYS * 24 * 60 * 60 * 1000).toISOString();
      return cleanup('/google-drive/delete-old-files', { olderThan }, T.deleteOldFailed);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storageQueries.all() }),
  });
}

export function useEmptyDriveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cleanup('/google-drive/empty-drive', undefined, T.emptyFailed),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storageQueries.all() }),
  });
}
