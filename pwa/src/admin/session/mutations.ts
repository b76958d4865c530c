import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@courtreplay/shared';
import { api, ApiError, errorMessage } from '../../lib/api-client.ts';
import { clearSession, saveSession, toAdminUser, type ServerAdminUser } from './session.ts';

const T = MESSAGES.adminLogin;

interface LoginAnswer {
  user?: ServerAdminUser;
  token?: string;
  message?: string;
}

/** A login answer without a session: the server's message, else 'Login failed'. */
class LoginRefused extends Error {}

/**
 * The login error the spec asks for: the server's message when it sent one; a refusal without one
 * says 'Login failed. Please check your credentials.'; no answer at all says 'Login failed'.
 */
export function loginErrorMessage(e: unknown): string {
  if (e instanceof LoginRefused) return e.message;
  if (e instanceof ApiError && e.status !== 0) return errorMessage(e, T.failedCheckCredentials);
  return T.failed;
}

export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: { email: string; password: string }) => {
      const answer = await api<LoginAnswer>('/admin/login', { method: 'POST', body: credentials });
      if (!answer?.token || !answer.user) throw new LoginRefused(answer?.message || T.failed);
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
    mutationFn: () => api('/admin/logout', { method: 'POST' }),
    onSettled: () => {
      clearSession();
      queryClient.clear();
    },
  });
}
