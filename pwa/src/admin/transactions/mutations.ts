import { useMutation, useQueryClient } from '@tanstack/react-query';
import { exportTransactions, exportTransactionsCsv } from './export.ts';
import type { Transaction, TransactionFilters } from './queries.ts';
import { transactionQueries } from './queries.ts';
import { resendEmail } from './resend.ts';

export function useResendEmailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tx: Transaction) => resendEmail(tx),
    onSettled: () => queryClient.invalidateQueries({ queryKey: transactionQueries.all() }),
  });
}

export function useExportTransactionsMutation() {
  return useMutation({ mutationFn: (filters: TransactionFilters) => exportTransactions(filters) });
}

export function useExportCsvMutation() {
  return useMutation({ mutationFn: (filters: TransactionFilters) => exportTransactionsCsv(filters) });
}
