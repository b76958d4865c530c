import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { TRANSACTIONS_EXPORT_LIMIT, TRANSACTIONS_PAGE_SIZE, type Purchase } from '@courtreplay/shared';
import { call } from '../../lib/api-client.ts';

/** A purchase as the back-office lists it (spec section 3). */
export type Transaction = Purchase;

/** The filters as the inputs hold them ('' = not set); dates are 'YYYY-MM-DD' days at the venue. */
export interface TransactionFilters {
  email: string;
  startDate: string;
  endDate: string;
  venueId: string;
  fieldId: string;
  /** Staging (test) purchases are hidden unless this is on. */
  includeStaging: boolean;
}

export const noFilters: TransactionFilters = { email: '', startDate: '', endDate: '', venueId: '', fieldId: '', includeStaging: false };

function fetchTransactions(filters: TransactionFilters, page: number, limit: number, exporting: boolean) {
  return call('listPurchases', {
    query: {
      page,
      limit,
      venueId: filters.venueId,
      fieldId: filters.fieldId,
      email: filters.email.trim(),
      startDate: filters.startDate,
      endDate: filters.endDate,
      export: exporting ? 'true' : undefined,
      includeStaging: filters.includeStaging ? 'true' : undefined,
    },
  });
}

/** Every filter of the list, so the cards sum exactly the purchases the list shows. */
const reportFilters = (filters: TransactionFilters) => ({
  venueId: filters.venueId,
  fieldId: filters.fieldId,
  email: filters.email.trim(),
  startDate: filters.startDate,
  endDate: filters.endDate,
  includeStaging: filters.includeStaging ? 'true' : undefined,
});

export const transactionQueries = {
  all: () => ['transactions'] as const,
  page: (filters: TransactionFilters, page: number) =>
    queryOptions({
      queryKey: [...transactionQueries.all(), 'page', filters, page] as const,
      queryFn: () => fetchTransactions(filters, page, TRANSACTIONS_PAGE_SIZE, false),
      placeholderData: keepPreviousData,
    }),
  /** The summary cards, chart and per-court table for the list's filters (the e-mail search aside). */
  salesReport: (filters: TransactionFilters) =>
    queryOptions({
      queryKey: [...transactionQueries.all(), 'sales-report', reportFilters(filters)] as const,
      queryFn: () => call('salesReport', { query: reportFilters(filters) }),
      placeholderData: keepPreviousData,
    }),
  /** One purchase's history and links, for its detail drawer. */
  timeline: (id: string) =>
    queryOptions({
      queryKey: [...transactionQueries.all(), 'timeline', id] as const,
      queryFn: () => call('purchaseTimeline', { params: { id } }),
    }),
  /** Where each listed purchase's delivery stands (uploading n of m, link saved, e-mailed, ...). */
  deliveries: (ids: string[]) =>
    queryOptions({
      queryKey: [...transactionQueries.all(), 'delivery', ids] as const,
      queryFn: () => call('deliveryReport', { query: { ids: ids.join(',') } }),
      enabled: ids.length > 0,
      // Uploads run on the kiosk while the admin watches; keep the states fresh.
      refetchInterval: DELIVERY_REFRESH_MS,
    }),
};

const DELIVERY_REFRESH_MS = 10_000;

/** Every matching row (up to the export limit) for the Excel export. */
export const fetchForExport = (filters: TransactionFilters) => fetchTransactions(filters, 1, TRANSACTIONS_EXPORT_LIMIT, true);
