// Export to Excel (spec section 9, made summable ): sheet 'Transactions', the
// spec's columns then Staging and Discount; Amount and Discount are number cells that read
// 'Rp 25.000', Date is a date-time cell, statuses are words; Court is the clips' courts. Sheet
// 'Clips' has one row per clip with its court and its share of the amount, so revenue by court can be
// summed from it (docs/back-office.md, Courts). Also a CSV of the same rows (RFC 4180, safe against
// formula injection). write-excel-file, not the abandoned `xlsx`.
import writeXlsxFile from 'write-excel-file/browser';
import {
  clipShares,
  courtLabel,
  courtNameOf,
  EXPORT_CLIP_COLUMNS,
  EXPORT_CLIP_SHEET_NAME,
  EXPORT_COLUMNS,
  EXPORT_DATE_FORMAT,
  EXPORT_RUPIAH_FORMAT,
  EXPORT_SHEET_NAME,
  MESSAGES,
  VENUE_TIME_ZONE,
} from '@courtreplay/shared';
import { ScreenError } from '../common/errors.ts';
import { today } from '../common/format.ts';
import { fetchForExport, type Transaction, type TransactionFilters } from './queries.ts';

const T = MESSAGES.transactions;

export const emailStatusLabel = (status: Transaction['emailSent']) => status ?? T.emailNotSet;

/** One exported row, typed: the Excel and the CSV both write it. */
export interface ExportRow {
  id: string;
  email: string;
  videoCount: number;
  videoTitles: string;
  amount: number;
  paymentStatus: string;
  emailStatus: string;
  /** The venue's wall-clock time (Asia/Jakarta) of the purchase. */
  date: { year: number; month: number; day: number; hour: number; minute: number };
  venue: string;
  court: string;
  promoCode: string;
  zipUrl: string;
  staging: string;
  discount: number;
  /** E.164, '' when the player gave no number. */
  phone: string;
  whatsappStatus: string;
  /** 'Kiosk', or 'Phone' for a sale made on the phone that marked its rallies. */
  soldOn: string;
}

const wallClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: VENUE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function venueTime(iso: string): ExportRow['date'] {
  const parts = Object.fromEntries(wallClock.formatToParts(new Date(iso)).map((p) => [p.type, Number(p.value)]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute! };
}

export function exportRow(t: Transaction): ExportRow {
  return {
    id: t.id,
    email: t.email,
    videoCount: t.videoCount,
    videoTitles: t.videoTitles.join(', '),
    amount: t.totalAmount,
    paymentStatus: T.paymentStatusWord[t.paymentStatus] ?? T.paymentStatusWord.pending,
    emailStatus: t.emailSent ? T.emailStatusWord[t.emailSent] : T.emailNotSet,
    date: venueTime(t.createdAt),
    venue: t.venueName || T.unknownVenue,
    court: courtLabel(t.courts, T.report),
    promoCode: t.promoCode ?? '',
    zipUrl: t.zipUrl ?? '',
    staging: t.isStaging ? T.yes : T.no,
    discount: t.discount,
    phone: t.phone ?? '',
    whatsappStatus: t.phone ? (t.whatsappSent ? T.emailStatusWord[t.whatsappSent] : T.whatsappNotSent) : '',
    soldOn: t.channel === 'phone' ? T.phoneBadge : T.kioskSale,
  };
}

/** One row of the Clips sheet. */
export interface ClipExportRow {
  id: string;
  /** 1-based position in the purchase. */
  clip: number;
  title: string;
  court: string;
  amount: number;
}

/** A purchase's clips, each with its court and its share of the amount (the shares add up to it). */
export function clipRows(t: Transaction): ClipExportRow[] {
  const shares = clipShares(t);
  const names = new Map(t.courts.map((court) => [court.fieldId, courtNameOf(court, T.report)]));
  return t.videoCourts.map((fieldId, i) => ({
    id: t.id,
    clip: i + 1,
    title: t.videoTitles[i] ?? '',
    court: names.get(fieldId) ?? courtNameOf({ fieldId, fieldName: null }, T.report),
    amount: shares[i] ?? 0,
  }));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The Excel cells, in EXPORT_COLUMNS order. */
function excelCells(r: ExportRow) {
  const rupiah = (value: number) => ({ value, type: Number, format: EXPORT_RUPIAH_FORMAT });
  // Excel dates carry no time zone: the cell holds the venue's wall-clock time.
  const date = new Date(Date.UTC(r.date.year, r.date.month - 1, r.date.day, r.date.hour, r.date.minute));
  return [
    r.id,
    r.email,
    r.videoCount,
    r.videoTitles,
    rupiah(r.amount),
    r.paymentStatus,
    r.emailStatus,
    { value: date, type: Date, format: EXPORT_DATE_FORMAT },
    r.venue,
    r.court,
    r.promoCode,
    r.zipUrl,
    r.staging,
    rupiah(r.discount),
    r.phone,
    r.whatsappStatus,
    r.soldOn,
  ];
}

/** The CSV values, in EXPORT_COLUMNS order: plain numbers and 'YYYY-MM-DD HH:mm' (venue time). */
function csvValues(r: ExportRow): (string | number)[] {
  const d = r.date;
  return [
    r.id,
    r.email,
    r.videoCount,
    r.videoTitles,
    r.amount,
    r.paymentStatus,
    r.emailStatus,
    `${d.year}-${pad(d.month)}-${pad(d.day)} ${pad(d.hour)}:${pad(d.minute)}`,
    r.venue,
    r.court,
    r.promoCode,
    r.zipUrl,
    r.staging,
    r.discount,
    r.phone,
    r.whatsappStatus,
    r.soldOn,
  ];
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled.
 * Text a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return)
 * gets a leading apostrophe (OWASP's advice); numbers are written as they are.
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The whole CSV file: header and rows, CRLF line ends, with a BOM so spreadsheets read UTF-8. */
export function toCsv(rows: ExportRow[]): string {
  const lines = [[...EXPORT_COLUMNS], ...rows.map(csvValues)].map((values) => values.map(csvField).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export const exportFileName = (extension: 'xlsx' | 'csv' = 'xlsx') => `transactions_${today()}.${extension}`;

/** The purchases of an export, or the spec's messages when there are none or the fetch failed. */
async function purchasesFor(filters: TransactionFilters): Promise<Transaction[]> {
  let rows: Transaction[];
  try {
    rows = (await fetchForExport(filters)).transactions;
  } catch {
    throw new ScreenError(T.exportFetchFailed, 0);
  }
  if (!rows.length) throw new ScreenError(T.nothingToExport, 0);
  return rows;
}

const rowsFor = async (filters: TransactionFilters): Promise<ExportRow[]> => (await purchasesFor(filters)).map(exportRow);

/** The Clips sheet's cells, in EXPORT_CLIP_COLUMNS order. */
const clipCells = (r: ClipExportRow) => [r.id, r.clip, r.title, r.court, { value: r.amount, type: Number, format: EXPORT_RUPIAH_FORMAT }];

/** Downloads the file; resolves to the number of rows written, rejects with the spec's message. */
export async function exportTransactions(filters: TransactionFilters): Promise<number> {
  const purchases = await purchasesFor(filters);
  const rows = purchases.map(exportRow);
  try {
    await writeXlsxFile([
      { data: [[...EXPORT_COLUMNS], ...rows.map(excelCells)], sheet: EXPORT_SHEET_NAME },
      { data: [[...EXPORT_CLIP_COLUMNS], ...purchases.flatMap(clipRows).map(clipCells)], sheet: EXPORT_CLIP_SHEET_NAME },
    ]).toFile(exportFileName());
  } catch {
    throw new ScreenError(T.exportFailed, 0);
  }
  return rows.length;
}

/** The same rows as a CSV download. */
export async function exportTransactionsCsv(filters: TransactionFilters): Promise<number> {
  const rows = await rowsFor(filters);
  try {
    const url = URL.createObjectURL(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = exportFileName('csv');
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  } catch {
    throw new ScreenError(T.exportFailed, 0);
  }
  return rows.length;
}
