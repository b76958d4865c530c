import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EMAIL_COPY_KEY, MESSAGES, serializeEmailCopy, type EmailCopy } from '@courtreplay/shared';
import { call } from '../../lib/api-client.ts';
import { withFallback } from '../common/errors.ts';
import { configQueries } from '../config/queries.ts';
import { uploadMedia, type MediaRule } from './upload.ts';

export function useUploadMediaMutation(rule: MediaRule, onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadMedia(rule, file, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configQueries.all() }),
  });
}

/** Clears the portrait promo video: portrait screens go back to the landscape one. */
export function useRemovePortraitVideoMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withFallback(MESSAGES.cms.portraitRemoveFailed, () => call('deletePortraitPromoVideo', { query: {} })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configQueries.all() }),
  });
}

export function useSaveEmailCopyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withFallback(MESSAGES.emailConfig.saveFailed, (copy: EmailCopy) =>
      call('updateConfig', { body: { key: EMAIL_COPY_KEY, value: serializeEmailCopy(copy) } }),
    ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configQueries.all() }),
  });
}
