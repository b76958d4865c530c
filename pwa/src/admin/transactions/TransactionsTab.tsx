import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { EXPORT_MESSAGE_MS, RESEND_MESSAGE_MS, validateDateFilters, type DashboardTab } from '@courtreplay/shared';
import { ApiError } from '../../lib/api-client.ts';
import { ScreenError } from '../common/errors.ts';
import { failure, Notice, success, useTimedNotice } from '../common/Notice.tsx';
import { QueryState } from '../common/QueryState.tsx';
import type { AdminUser } from '../session/session.ts';
import { Filters } from './Filters.tsx';
import { useExportCsvMutation, useExportTransactionsMutation, useResendEmailMutation } from './mutations.ts';
import { noFilters, transactionQueries, type Transaction, type TransactionFilters } from './queries.ts';
import { PurchaseDrawer } from './PurchaseDrawer.tsx';
import { SalesSummary } from './SalesSummary.tsx';
import { SetupChecklist } from '../setup/SetupChecklist.tsx';
import { TransactionsTable } from './TransactionsTable.tsx';
import { useAdminMessages } from '../i18n/admin-language.ts';
import './TransactionsTab.css';

const SEARCH_DELAY_MS = 300;

export function TransactionsTab({ user, onOpenTab }: { user: AdminUser; onOpenTab?: (tab: DashboardTab) => void }) {
  const MESSAGES = useAdminMessages();
  const T = MESSAGES.transactions;
  const S = MESSAGES.adminScreens.transactions;
  const superAdmin = user.role === 'superadmin';
  // An admin's venue is fixed: it is always in the filters and Reset Filters keeps it.
  const baseFilters: TransactionFilters = superAdmin ? noFilters : { ...noFilters, venueId: user.venueId ? String(user.venueId) : '' };
  const [filters, setFilters] = useState<TransactionFilters>(baseFilters);
  const [page, setPage] = useState(1);
  // The e-mail search asks the server once typing pauses, not on every key.
  const [emailQuery, setEmailQuery] = useState(filters.email);
  useEffect(() => {
    const timer = setTimeout(() => setEmailQuery(filters.email), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filters.email]);
  const problem = validateDateFilters(filters.startDate, filters.endDate, new Date());
  const list = useQuery({ ...transactionQueries.page({ ...filters, email: emailQuery }, page), enabled: !problem });
  const loadError = list.error instanceof ApiError && list.error.status === 401 ? new ScreenError(T.notLoggedIn, 401) : list.error;
  const exporter = useExportTransactionsMutation();
  const csvExporter = useExportCsvMutation();
  const resend = useResendEmailMutation();
  const [exportNotice, setExportNotice] = useTimedNotice(EXPORT_MESSAGE_MS);
  const [resendNotice, setResendNotice] = useTimedNotice(RESEND_MESSAGE_MS);
  const [rowNotice, setRowNotice] = useTimedNotice(RESEND_MESSAGE_MS);
  const [emailStatus, setEmailStatus] = useState<Record<string, 'sent' | 'failed'>>({});
  const [sendingIds, setSendingIds] = useState<ReadonlySet<string>>(new Set());
  const [detailsId, setDetailsId] = useState<string | null>(null);

  const changeFilters = (patch: Partial<TransactionFilters>) => {
    setFilters((f) => ({ ...f, ...patch, ...(patch.venueId === '' ? { fieldId: '' } : {}) }));
    setPage(1);
  };
  const reset = () => {
    setFilters(baseFilters);
    setPage(1);
  };
  const filtered = Object.entries(filters).some(([k, v]) => v !== baseFilters[k as keyof TransactionFilters]);
  // While the dates are refused, the previous filters' rows are not shown as if they matched.
  const rows = problem ? [] : (list.data?.transactions ?? []);
  const totalPages = Math.max(1, list.data?.totalPages ?? 1);
  const deliveries = useQuery(transactionQueries.deliveries(rows.map((r) => r.id)));
  const deliveryById = new Map((deliveries.data?.deliveries ?? []).map((d) => [d.transactionId, d]));

  // mutateAsync, not mutate: each row's outcome arrives even when several resends overlap.
  const onResend = async (tx: Transaction) => {
    setSendingIds((s) => new Set(s).add(tx.id));
    try {
      const outcome = await resend.mutateAsync(tx);
      // A WhatsApp resend leaves the e-mail's status alone: the refreshed row shows the message's.
      if (outcome.channel === 'email') setEmailStatus((m) => ({ ...m, [tx.id]: outcome.emailStatus }));
      setResendNotice(outcome.emailStatus === 'sent' ? success(outcome.message) : failure(outcome.message));
    } finally {
      setSendingIds((s) => {
        const next = new Set(s);
        next.delete(tx.id);
        return next;
      });
    }
  };

  return (
    <div className="panel">
      <div className="panel-header">
        <h2>{S.title}</h2>
        <div className="row-actions">
          <button type="button" className="btn" onClick={reset}>
            {T.resetFilters}
          </button>
          {(rows.length > 0 || filtered) && (
            <button
              type="button"
              className="btn btn-primary"
              disabled={exporter.isPending || !!problem}
              onClick={() =>
                exporter.mutate(filters, {
                  onSuccess: (n) => setExportNotice(success(T.exported(n))),
                  onError: (err) => setExportNotice(failure(err.message)),
                })
              }
            >
              {T.exportToExcel}
            </button>
          )}
          {(rows.length > 0 || filtered) && (
            <button
              type="button"
              className="btn"
              disabled={csvExporter.isPending || !!problem}
              onClick={() =>
                csvExporter.mutate(filters, {
                  onSuccess: (n) => setExportNotice(success(T.exportedCsv(n))),
                  onError: (err) => setExportNotice(failure(err.message)),
                })
              }
            >
              {T.exportToCsv}
            </button>
          )}
        </div>
      </div>
      {superAdmin && <SetupChecklist onOpenTab={onOpenTab} />}
      <Filters filters={filters} onChange={changeFilters} canPickVenue={superAdmin} />
      {problem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
      <SalesSummary filters={filters} enabled={!problem} listEmpty={list.isSuccess && rows.length === 0} />
      <Notice notice={exportNotice} />
      <Notice notice={resendNotice} />
      <Notice notice={rowNotice} />
      <QueryState isPending={list.isPending && !problem} error={loadError} fallback={T.loadFailed} />
      {list.isSuccess && !problem && rows.length === 0 && (
        <div className="empty">
          <p>{T.empty}</p>
          <button type="button" className="btn" onClick={reset}>
            {T.resetFilters}
          </button>
        </div>
      )}
      {rows.length > 0 && (
        <>
          <TransactionsTable
            rows={rows}
            showVenue={superAdmin}
            emailStatus={emailStatus}
            deliveries={deliveryById}
            sendingIds={sendingIds}
            onResend={onResend}
            onNotice={setRowNotice}
            onDetails={setDetailsId}
          />
          <nav className="pagination" aria-label={S.pagination}>
            <button type="button" className="btn btn-sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              {S.previous}
            </button>
            <span>{S.page(Math.min(page, totalPages), totalPages)}</span>
            <button type="button" className="btn btn-sm" disabled={page >= totalPages} onClick={() => setPage((p) => p + 1)}>
              {S.next}
            </button>
          </nav>
        </>
      )}
      {detailsId && <PurchaseDrawer id={detailsId} onClose={() => setDetailsId(null)} />}
    </div>
  );
}
