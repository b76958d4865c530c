import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
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

/** PUT /api/transaction/{id}/email: the admin corrects the player's address (Resend then uses it). */
export function useUpdatePurchaseEmailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; email: string }) =>
      call('updatePurchaseEmail', { params: { id: input.id }, body: { email: input.email } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transactionQueries.all() }),
  });
}

/**
 * PUT /api/transaction/{id}/contact: the address, the WhatsApp number, or both. Only the
 * address changed goes through the e-mail route, whose answer names the new address.
 */
export function useUpdatePurchaseContactMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; email?: string; phone?: string }) =>
      input.phone === undefined && input.email !== undefined
        ? call('updatePurchaseEmail', { params: { id: input.id }, body: { email: input.email } })
        : call('updatePurchaseContact', {
            params: { id: input.id },
            body: {
              ...(input.email !== undefined ? { email: input.email } : {}),
              ...(input.phone !== undefined ? { phone: input.phone } : {}),
            },
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transactionQueries.all() }),
  });
}

/** POST /api/transaction/{id}/erase: the player's address and clips go; the figures stay. */
export function useErasePurchaseMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('erasePurchase', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transactionQueries.all() }),
  });
}
