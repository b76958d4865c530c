import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type IntegrationKindName, type IntegrationTestResponse } from '@courtreplay/shared';
import { call } from '../../lib/api-client.ts';
import { withFallback } from '../common/errors.ts';
import { putTestChunk, type BrowserUploadResult } from './browser-upload-test.ts';
import { integrationQueries } from './queries.ts';

export interface IntegrationTestOutcome {
  server: IntegrationTestResponse;
  /** Storage only, when the server's test opened a test upload session for this browser. */
  browserUpload?: BrowserUploadResult;
}

/** Test connection: the server's test, then (storage) the browser's own one-chunk upload. */
export function useTestIntegrationMutation(kind: IntegrationKindName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withFallback(MESSAGES.integrations.testRequestFailed, async (): Promise<IntegrationTestOutcome> => {
      const server = await call('testIntegration', { params: { kind } });
      const uploadUrl = server.details?.uploadUrl;
      if (kind !== 'storage' || typeof uploadUrl !== 'string') return { server };
      return { server, browserUpload: await putTestChunk(uploadUrl) };
    }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationQueries.all() }),
  });
}
