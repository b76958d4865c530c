import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../lib/api-client.ts';
import { formatDateTime } from '../common/format.ts';
import { QueryState } from '../common/QueryState.tsx';
import { auditSentence } from './audit-sentence.ts';
import { venueQueries } from '../venues/queries.ts';
import { useAdminMessages } from '../i18n/admin-language.ts';
import './AuditLog.css';

/** The audit log for super admins: newest first, filtered by an exact action or item, 50 a page. */
export function AuditLog() {
  const T = useAdminMessages().admins;
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const term = filter.trim();
  const query =
    term === '' ? { page: String(page) } : term.includes('.') ? { action: term, page: String(page) } : { entity: term, page: String(page) };
  const log = useQuery({
    queryKey: ['admins', 'audit-log', term, page] as const,
    queryFn: () => call('listAuditLog', { query }),
  });
  // Price, tier and promo entries name their venue.
  const venues = useQuery(venueQueries.list());
  const venueName = (id: number) => venues.data?.find((v) => v.id === id)?.name;
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / log.data.pageSize)) : 1;
  return (
    <section className="card audit-log" aria-label={T.auditTitle}>
      <div className="panel-header">
        <h2>{T.auditTitle}</h2>
        <label className="field">
          <span>{T.auditFilter}</span>
          <input
            name="auditFilter"
            value={filter}
            placeholder="config.update"
            onChange={(e) => {
              setFilter(e.target.value);
              setPage(1);
            }}
          />
        </label>
      </div>
      <QueryState isPending={log.isPending} error={log.error} fallback={T.auditLoadFailed} />
      {log.data?.entries.length === 0 && <p className="empty">{T.auditEmpty}</p>}
      {!!log.data?.entries.length && (
        <ol className="audit-entries" data-testid="audit-log">
          {log.data.entries.map((entry) => (
            <li key={entry.id} data-action={entry.action}>
              {auditSentence(entry, formatDateTime(entry.at), T, venueName)}
            </li>
          ))}
        </ol>
      )}
      {pages > 1 && (
        <div className="pager">
          <button type="button" className="btn" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {T.auditPrevious}
          </button>
          <span>
            {page} / {pages}
          </span>
          <button type="button" className="btn" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {T.auditNext}
          </button>
        </div>
      )}
    </section>
  );
}
