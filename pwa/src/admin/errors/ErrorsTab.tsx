import { useQuery } from '@tanstack/react-query';
import { formatRupiah, MESSAGES, type ReversedPayment } from '@courtreplay/shared';
import { formatDateTime } from '../common/format.ts';
import { QueryState } from '../common/QueryState.tsx';
import { CredentialAlerts } from './CredentialAlerts.tsx';
import { OfflineKiosks } from './OfflineKiosks.tsx';
import { errorQueries } from './queries.ts';

const T = MESSAGES.errorsTab;

/**
 * 'Error Logs' (spec section 2). What lands here: purchases a kiosk accepted offline that the
 * server later refused, parked by the kiosk's outbox with the server's reason, so an operator can
 * follow up with the player instead of the kiosk retrying forever; paid purchases whose payment
 * the provider reversed afterwards (issue 10), which stay paid until an admin decides; and above
 * them, the credential alerts of the outside services (CredentialAlerts) and the kiosks that stopped
 * reporting (OfflineKiosks).
 */
export function ErrorsTab() {
  const parked = useQuery(errorQueries.parked());
  const reversed = useQuery(errorQueries.reversed());
  const rows = parked.data?.parked ?? [];
  const reversedRows = reversed.data?.reversed ?? [];
  return (
    <div className="panel">
      <h2>{T.title}</h2>
      <CredentialAlerts />
      <OfflineKiosks />
      <QueryState isPending={parked.isPending} error={parked.error} fallback={T.loadFailed} />
      {parked.isSuccess && reversed.isSuccess && rows.length === 0 && reversedRows.length === 0 && <p className="empty">{T.empty}</p>}
      {reversedRows.length > 0 && <ReversedTable rows={reversedRows} />}
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

function ReversedTable({ rows }: { rows: ReversedPayment[] }) {
  return (
    <div className="table-wrap">
      <table aria-label={T.reversedTable}>
        <thead>
          <tr>
            {T.reversedColumns.map((c) => (
              <th key={c}>{c}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>{formatDateTime(r.paymentReversedAt)}</td>
              <td className="mono">{r.id}</td>
              <td>{r.venueName}</td>
              <td>{r.email}</td>
              <td className="num">{formatRupiah(r.totalAmount)}</td>
              <td>{T.reversalReason[r.paymentReversal]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
