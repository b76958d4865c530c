import { useQuery } from '@tanstack/react-query';
import { formatRupiah, MESSAGES } from '@courtreplay/shared';
import { formatDateTime } from '../common/format.ts';
import { QueryState } from '../common/QueryState.tsx';
import { CredentialAlerts } from './CredentialAlerts.tsx';
import { errorQueries } from './queries.ts';

const T = MESSAGES.errorsTab;

/**
 * 'Error Logs' (spec section 2). What lands here: purchases a kiosk accepted offline that the
 * server later refused, parked by the kiosk's outbox with the server's reason, so an operator can
 * follow up with the player instead of the kiosk retrying forever. Above them, the credential
 * alerts of the outside services (CredentialAlerts).
 */
export function ErrorsTab() {
  const parked = useQuery(errorQueries.parked());
  const rows = parked.data?.parked ?? [];
  return (
    <div className="panel">
      <h2>{T.title}</h2>
      <CredentialAlerts />
      <QueryState isPending={parked.isPending} error={parked.error} fallback={T.loadFailed} />
      {parked.isSuccess && rows.length === 0 && <p className="empty">{T.empty}</p>}
      {rows.length > 0 && (
        <div className="table-wrap">
          <table aria-label={T.parkedTable}>
            <thead>
              <tr>
                {T.parkedColumns.map((c) => (
                  <th key={c}>{c}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.id}>
                  <td>{formatDateTime(p.parkedAt)}</td>
                  <td>{p.venueName}</td>
                  <td>{p.email}</td>
                  <td className="num">{p.videoCount}</td>
                  <td className="num">{formatRupiah(p.totalAmount)}</td>
                  <td>
                    {p.reason} <span className="muted">({p.status})</span>
                  </td>
                  <td className="num">{p.attempts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
