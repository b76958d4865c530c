import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { EmailCopy, KioskLanguage } from '@courtreplay/shared';
import { call } from '../../lib/api-client.ts';

export const cmsQueries = {
  all: () => ['cms'] as const,
  /** The e-mail the server would send with this copy (a sample purchase): the same compose function as every real one. */
  emailPreview: (copy: EmailCopy, language: KioskLanguage) =>
    queryOptions({
      queryKey: [...cmsQueries.all(), 'email-preview', copy, language] as const,
      queryFn: () => call('emailPreview', { body: { copy, language } }),
      placeholderData: keepPreviousData,
    }),
};
