import { useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@courtreplay/shared';
import { formatDateTime } from '../common/format.ts';
import { integrationQueries } from '../integrations/queries.ts';

const T = MESSAGES.errorsTab;

/**
 * Credential alerts (issue 10): a revoked Google token, a wrong Midtrans key, a refused SMTP login.
 * The server keeps one per kind of problem, so each shows once, with what to do, until the service
 * works again. Nothing is shown while there is none (or the list cannot be read: the parked
 * purchases below still show).
 */
export function CredentialAlerts() {
  const status = useQuery(integrationQueries.status());
  const alerts = status.data?.alerts ?? [];
  if (alerts.length === 0) return null;
  return (
    <div className="table-wrap">
      <table aria-label={T.alertsTable}>
        <thead>
          <tr>
            {T.alertColumns.map((c) => (
              <th key={c}>{c}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {alerts.map((a) => (
            <tr key={a.code} data-code={a.code}>
              <td>{formatDateTime(a.firstAt)}</td>
              <td>{MESSAGES.integrations.kinds[a.integration]}</td>
              <td>{a.message}</td>
              <td>{a.advice}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
