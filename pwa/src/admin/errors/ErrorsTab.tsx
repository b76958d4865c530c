import { useQuery } from '@tanstack/react-query';
import { ERROR_KINDS, ERROR_STATUSES, errorEntryText, type ErrorEntry, type ErrorKind, type ErrorStatus } from '@courtreplay/shared';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDateTime } from '../common/format.ts';
import { QueryState } from '../common/QueryState.tsx';
import type { AdminUser } from '../session/session.ts';
import { VenueSelect } from '../common/VenueSelect.tsx';
import { errorQueries, noErrorFilters, useResolveErrorMutation, type ErrorFilters } from './queries.ts';
import { useAdminLanguage, useAdminMessages } from '../i18n/admin-language.ts';
import './ErrorsTab.css';

/**
 * 'Error Logs' (spec section 2), the error log: one list of every problem to act
 * on (purchases the server refused after a kiosk queued them offline, uploads that ended short,
 * e-mails that failed, payments reversed after they were paid, kiosks offline, and for a super admin
 * credential alerts and failing services), each with what happened and what to do, newest first.
 * Open ones by default; an admin marks one resolved, and some resolve themselves.
 */
export function ErrorsTab({ user }: { user: AdminUser }) {
  const T = useAdminMessages().errorsTab;
  const superAdmin = user.role === 'superadmin';
  const [filters, setFilters] = useState<ErrorFilters>(noErrorFilters);
  const log = useQuery(errorQueries.log(filters));
  const entries = log.data?.entries ?? [];
  const change = (patch: Partial<ErrorFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const filtered = filters.kind !== '' || filters.venueId !== '' || filters.status !== 'open';

  return (
    <div className="panel">
      <h2>{T.title}</h2>
      <div className="filters" role="search">
        <label className="field">
          <span>{T.kindFilter}</span>
          <select value={filters.kind} onChange={(e) => change({ kind: e.target.value as ErrorKind | '' })}>
            <option value="">{T.allKinds}</option>
            {ERROR_KINDS.filter((k) => superAdmin || (k !== 'credential_alert' && k !== 'integration_failure')).map((k) => (
              <option key={k} value={k}>
                {T.kinds[k]}
              </option>
            ))}
          </select>
        </label>
        {superAdmin && <VenueSelect value={filters.venueId} onChange={(venueId) => change({ venueId })} />}
        <label className="field">
          <span>{T.statusFilter}</span>
          <select value={filters.status} onChange={(e) => change({ status: e.target.value as ErrorStatus })}>
            {ERROR_STATUSES.map((s) => (
              <option key={s} value={s}>
                {T.statuses[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="field field-inline">
          <input type="checkbox" checked={filters.includeStaging} onChange={(e) => change({ includeStaging: e.target.checked })} />
          <span>{T.showStaging}</span>
        </label>
      </div>
      <QueryState isPending={log.isPending} error={log.error} fallback={T.loadFailed} />
      {log.isSuccess && entries.length === 0 && <p className="empty">{filtered ? T.emptyFiltered : T.empty}</p>}
      {entries.length > 0 && (
        <div className="table-wrap">
          <table aria-label={T.table} className="error-log">
            <thead>
              <tr>
                {T.columns.map((c) => (
                  <th key={c}>{c}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <ErrorRow key={entry.id} entry={entry} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function ErrorRow({ entry }: { entry: ErrorEntry }) {
  const T = useAdminMessages().errorsTab;
  const said = errorEntryText(entry, useAdminLanguage());
  const resolve = useResolveErrorMutation();
  return (
    <tr data-id={entry.id} data-kind={entry.kind}>
      <td>{formatDateTime(entry.at)}</td>
      <td>
        <span className={`badge badge-error-${entry.kind}`}>{T.kinds[entry.kind]}</span>
      </td>
      <td>{entry.venueName ?? T.wholeInstall}</td>
      <td>{entry.deviceName ?? entry.deviceId ?? ''}</td>
      <td>
        {said.what}
        {said.detail && <div className="muted">{said.detail}</div>}
        {entry.transactionId && <div className="mono muted">{entry.transactionId}</div>}
      </td>
      <td>{said.todo}</td>
      <td data-testid="error-status">
        {entry.resolvedAt ? (
          <span className="muted">
            {entry.resolvedBy
              ? T.resolvedBy(entry.resolvedBy, formatDateTime(entry.resolvedAt))
              : T.resolvedItself(formatDateTime(entry.resolvedAt))}
          </span>
        ) : (
          <>
            <button type="button" className="btn btn-sm" disabled={resolve.isPending} onClick={() => resolve.mutate(entry.id)}>
              {resolve.isPending ? T.resolving : T.resolve}
            </button>
            {resolve.isError && (
              <span className="field-error" role="alert">
                {errorMessage(resolve.error, T.resolveFailed)}
              </span>
            )}
          </>
        )}
      </td>
    </tr>
  );
}
