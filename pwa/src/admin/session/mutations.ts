import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@courtreplay/shared';
import { ApiError, call, errorMessage } from '../../lib/api-client.ts';
import { clearSession, saveSession, toAdminUser } from './session.ts';

const T = MESSAGES.adminLogin;

/**
 * The login error the spec asks for: the server's message when it sent one; a refusal without one
 * says 'Login failed. Please check your credentials.'; no answer at all says 'Login failed'.
 */
export function loginErrorMessage(e: unknown): string {
  if (e instanceof ApiError && e.status !== 0) return errorMessage(e, T.failedCheckCredentials);
  return T.failed;
}

export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: { email: string; password: string }) => {
      const answer = await call('login', { body: credentials });
      return { token: answer.token, user: toAdminUser(answer.user) };
    },
    onSuccess: (session) => {
      queryClient.clear();
      saveSession(session);
    },
  });
}

/** Ends the session on the server; the local session goes whatever the server answers. */
export function useLogoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('logout', {}),
    onSettled: () => {
      clearSession();
      queryClient.clear();
    },
  });
}
