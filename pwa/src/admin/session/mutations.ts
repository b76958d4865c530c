import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@courtreplay/shared';
import { api, ApiError } from '../../lib/api-client.ts';
import { clearSession, saveSession, toAdminUser, type ServerAdminUser } from './session.ts';

const T = MESSAGES.adminLogin;

interface LoginAnswer {
  user?: ServerAdminUser;
  token?: string;
  message?: string;
}

/** The login error the spec asks for: the server's message, else the generic failures. */
export function loginErrorMessage(e: unknown): string {
  if (e instanceof ApiError && e.status !== 0) {
    return e.body && typeof e.body === 'object' && 'message' in e.body && e.message ? e.message : T.failedCheckCredentials;
  }
  if (e instanceof Error && e.message === T.failed) return T.failed;
  return T.failedCheckCredentials;
}

export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: { email: string; password: string }) => {
      const answer = await api<LoginAnswer>('/admin/login', { method: 'POST', body: credentials });
      if (!answer?.token || !answer.user) throw new Error(answer?.message || T.failed);
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
