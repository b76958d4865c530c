// Verifies the stored session once per token (spec section 4: an invalid or failed verification
// removes it). A network failure keeps the session so an admin on a flaky link is not logged out.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isNetworkError } from '../../lib/api-client.ts';
import { sessionQueries } from './queries.ts';
import { rememberBrowserLanguage } from '../i18n/browser-language.ts';
import { clearSession, saveSession, useAdminSession } from './session.ts';

export function SessionGuard() {
  const session = useAdminSession();
  const token = session?.token ?? '';
  const verify = useQuery({ ...sessionQueries.verify(token), enabled: !!session });
  useEffect(() => {
    if (!session) return;
    // A session the server no longer knows answers 401; a success is always a valid session.
    if (verify.isError && !isNetworkError(verify.error)) clearSession();
  }, [session, verify.isError, verify.error]);
  // On reload, the language the server keeps for this admin wins (chosen on another computer, say).
  const language = verify.data?.user.language;
  useEffect(() => {
    if (!session || !language) return;
    rememberBrowserLanguage(language);
    if (session.user.language !== language) saveSession({ ...session, user: { ...session.user, language } });
  }, [session, language]);
  return null;
}
