// Verifies the stored session once per token (spec section 4: an invalid or failed verification
// removes it). A network failure keeps the session so an admin on a flaky link is not logged out.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isNetworkError } from '../../lib/api-client.ts';
import { sessionQueries } from './queries.ts';
import { clearSession, useAdminSession } from './session.ts';

export function SessionGuard() {
  const session = useAdminSession();
  const token = session?.token ?? '';
  const verify = useQuery({ ...sessionQueries.verify(token), enabled: !!session });
  useEffect(() => {
    if (!session) return;
    // A session the server no longer knows answers 401; a success is always a valid session.
    if (verify.isError && !isNetworkError(verify.error)) clearSession();
  }, [session, verify.isError, verify.error]);
  return null;
}
