// Loading and error states shown in place of a list while its query runs or after it failed.
import { messageOf } from './errors.ts';

interface Props {
  isPending: boolean;
  error: unknown;
  fallback: string;
}

export function QueryState({ isPending, error, fallback }: Props) {
  if (isPending)
    return (
      <p className="muted" role="status">
        Loading...
      </p>
    );
  if (error)
    return (
      <p className="notice notice-error" role="alert">
        {messageOf(error, fallback)}
      </p>
    );
  return null;
}
