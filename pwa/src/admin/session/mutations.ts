import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type AdminLanguage } from '@courtreplay/shared';
import { ApiError, call, errorMessage } from '../../lib/api-client.ts';
import { rememberBrowserLanguage } from '../i18n/browser-language.ts';
import { sessionQueries } from './queries.ts';
import { clearSession, readSession, saveSession, toAdminUser, useAdminSession } from './session.ts';

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
      rememberBrowserLanguage(session.user.language);
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

/**
 * The header's language switch: signed in, the choice is saved on the server for
 * this admin and then applied; on the login page it is only the browser's.
 */
export function useChooseAdminLanguage() {
  const session = useAdminSession();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (language: AdminLanguage) => call('setAdminLanguage', { body: { language } }),
    onSuccess: ({ language }) => {
      const current = readSession();
      if (!current) return;
      // The session check's answer is kept for the session's life: it must not bring the old language back.
      queryClient.setQueryData(sessionQueries.verify(current.token).queryKey, (verified) =>
        verified ? { ...verified, user: { ...verified.user, language } } : verified,
      );
      saveSession({ ...current, user: { ...current.user, language } });
      rememberBrowserLanguage(language);
    },
  });
  const choose = (language: AdminLanguage) => (session ? save.mutate(language) : rememberBrowserLanguage(language));
  return { choose, isPending: save.isPending, isError: save.isError };
}
