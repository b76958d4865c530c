// Export to Excel (spec section 9): sheet 'Transactions', the spec's columns, amounts as 'Rp' in
// Indonesian format, the file named with the date. write-excel-file, not the abandoned `xlsx`.
import writeXlsxFile from 'write-excel-file/browser';
import { EXPORT_COLUMNS, EXPORT_SHEET_NAME, formatRupiah, MESSAGES } from '@courtreplay/shared';
import { ScreenError } from '../common/errors.ts';
import { formatDateTime, today } from '../common/format.ts';
import { fetchForExport, type Transaction, type TransactionFilters } from './queries.ts';

const T = MESSAGES.transactions;

export const emailStatusLabel = (status: Transaction['emailSent']) => status ?? T.emailNotSet;

export function exportRow(t: Transaction): (string | number)[] {
  return [
    t.id,
    t.email,
    t.videoCount,
    t.videoTitles.join(', '),
    formatRupiah(t.totalAmount),
    (t.paymentStatus || 'pending').toLowerCase(),
    emailStatusLabel(t.emailSent),
    formatDateTime(t.createdAt),
    t.venueName || T.unknownVenue,
    t.fieldName ?? '',
    t.promoCode ?? '',
    t.zipUrl ?? '',
  ];
}

export const exportFileName = () => `transactions_${today()}.xlsx`;

/** Downloads the file; resolves to the number of rows written, rejects with the spec's message. */
export async function exportTransactions(filters: TransactionFilters): Promise<number> {
  let rows: Transaction[];
  try {
    rows = (await fetchForExport(filters)).transactions;
  } catch {
    throw new ScreenError(T.exportFetchFailed, 0);
  }
  if (!rows.length) throw new ScreenError(T.nothingToExport, 0);
  try {
    await writeXlsxFile([[...EXPORT_COLUMNS], ...rows.map(exportRow)], { sheet: EXPORT_SHEET_NAME }).toFile(exportFileName());
  } catch {
    throw new ScreenError(T.exportFailed, 0);
  }
  return rows.length;
}
