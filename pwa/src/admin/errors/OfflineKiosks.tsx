import { useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@courtreplay/shared';
import { formatDateTime } from '../common/format.ts';
import { deviceQueries } from '../devices/queries.ts';

const T = MESSAGES.errorsTab;

/**
 * Kiosks that stopped reporting for more than 10 minutes (issue 14 point 1): authorised kiosks seen
 * before and silent since, judged by the server. Nothing is shown while there is none.
 */
export function OfflineKiosks() {
  const devices = useQuery(deviceQueries.list());
  const offline = devices.data?.filter((d) => d.offlineAlert) ?? [];
  if (offline.length === 0) return null;
  return (
    <div className="table-wrap">
      <table aria-label={T.offlineTable}>
        <thead>
          <tr>
            {T.offlineColumns.map((c) => (
              <th key={c}>{c}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {offline.map((d) => (
            <tr key={d.deviceId} data-device-id={d.deviceId}>
              <td>{formatDateTime(d.lastSeenAt)}</td>
              <td>{d.venueName}</td>
              <td>{d.name ?? <span className="mono">{d.deviceId}</span>}</td>
              <td>{T.offlineWhat}</td>
              <td>{T.offlineAdvice}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
