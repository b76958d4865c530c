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
    const invalid = (verify.isSuccess && verify.data?.valid !== true) || (verify.isError && !isNetworkError(verify.error));
    if (invalid) clearSession();
  }, [session, verify.isSuccess, verify.isError, verify.data, verify.error]);
  return null;
}
