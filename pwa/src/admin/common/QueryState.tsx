// Loading and error states shown in place of a list while its query runs or after it failed.
import { messageOf } from './errors.ts';
import { useAdminMessages, useAdminTranslate } from '../i18n/admin-language.ts';

interface Props {
  isPending: boolean;
  error: unknown;
  fallback: string;
}

export function QueryState({ isPending, error, fallback }: Props) {
  const T = useAdminMessages().adminScreens;
  const translate = useAdminTranslate();
  if (isPending)
    return (
      <p className="muted" role="status">
        {T.loading}
      </p>
    );
  if (error)
    return (
      <p className="notice notice-error" role="alert">
        {translate(messageOf(error, fallback))}
      </p>
    );
  return null;
}
