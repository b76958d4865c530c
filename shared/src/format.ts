// Rupiah, date and size formatting shown to users. Intl only (Node and browsers both have it), with
// the time zone passed explicitly: a kiosk or server clock set to UTC still shows venue time.
import { BYTES_PER_MB, QUOTA_AMBER_ABOVE_PERCENT, QUOTA_RED_ABOVE_PERCENT, VENUE_TIME_ZONE } from './constants.ts';

const rupiahNumber = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });

/**
 * 27000 -> 'Rp 27.000' (Indonesian grouping with dots, whole rupiah, rounded). 0 -> 'Rp 0';
 * a negative amount (a discount line) -> '-Rp 5.000'; NaN or Infinity -> 'Rp 0'.
 */
export function formatRupiah(amount: number): string {
  const whole = Number.isFinite(amount) ? Math.round(amount) : 0;
  const digits = rupiahNumber.format(Math.abs(whole));
  return whole < 0 ? `-Rp ${digits}` : `Rp ${digits}`;
}

export type DateInput = Date | string | number;

interface DateParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function dateParts(input: DateInput, timeZone: string): DateParts | null {
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) return null;
  let formatter = partFormatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    partFormatters.set(timeZone, formatter);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(date)) parts[part.type] = part.value;
  return {
    year: parts.year ?? '',
    month: parts.month ?? '',
    day: parts.day ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
    second: parts.second ?? '',
  };
}

/** What the date formatters show for a value that is not a date. */
export const INVALID_DATE_TEXT = '-';

/** '22/11/2026 14:05' (day/month/year, 24-hour) in the venue's time zone. */
export function formatDateTime24(input: DateInput, timeZone: string = VENUE_TIME_ZONE): string {
  const p = dateParts(input, timeZone);
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : INVALID_DATE_TEXT;
}

/** '22/11/2026' in the venue's time zone. */
export function formatDate(input: DateInput, timeZone: string = VENUE_TIME_ZONE): string {
  const p = dateParts(input, timeZone);
  return p ? `${p.day}/${p.month}/${p.year}` : INVALID_DATE_TEXT;
}

/** '14:05' (24-hour) in the venue's time zone: a video card's recorded time. */
export function formatTime24(input: DateInput, timeZone: string = VENUE_TIME_ZONE): string {
  const p = dateParts(input, timeZone);
  return p ? `${p.hour}:${p.minute}` : INVALID_DATE_TEXT;
}

/**
 * '2026-11-22': the calendar day in the venue's time zone, as a date input's value and the
 * filters' max. Null for an invalid date.
 */
export function localIsoDate(input: DateInput, timeZone: string = VENUE_TIME_ZONE): string | null {
  const p = dateParts(input, timeZone);
  return p ? `${p.year}-${p.month}-${p.day}` : null;
}

/** '14-05-09': the time of day in the venue's time zone, safe in a file or folder name. */
export function localFileTime(input: DateInput, timeZone: string = VENUE_TIME_ZONE): string | null {
  const p = dateParts(input, timeZone);
  return p ? `${p.hour}-${p.minute}-${p.second}` : null;
}

/** True when both instants fall on the same calendar day in the time zone ("videos of today"). */
export function isSameLocalDay(a: DateInput, b: DateInput, timeZone: string = VENUE_TIME_ZONE): boolean {
  const dayA = localIsoDate(a, timeZone);
  return dayA !== null && dayA === localIsoDate(b, timeZone);
}

/** 95 -> '1:35'; 3725 -> '1:02:05' (a video card's duration). Fractions are dropped. */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Cuts text longer than `max` characters to `max` plus '...' (the Video Titles column). */
export function truncateText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** Bytes to whole megabytes, by 1048576 (spec section 9), rounded to the nearest. */
export function bytesToMB(bytes: number): number {
  return Math.round(bytes / BYTES_PER_MB);
}

/** A size people read at a glance: KB below a megabyte (at least 1 KB when not empty), MB, then GB. */
export function formatSize(bytes: number): string {
  if (bytes < BYTES_PER_MB) return `${Math.max(bytes === 0 ? 0 : 1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 * BYTES_PER_MB) return `${Math.round(bytes / BYTES_PER_MB)} MB`;
  return `${(bytes / (1024 * BYTES_PER_MB)).toFixed(1)} GB`;
}

/** Share of the quota used, 0..100+ (0 when the limit is unknown or 0). */
export function quotaPercentUsed(usage: number, limit: number): number {
  return limit > 0 ? (usage / limit) * 100 : 0;
}

export type QuotaColour = 'green' | 'amber' | 'red';

/** Green up to 70 %, amber above 70 %, red above 90 %. */
export function quotaColour(percent: number): QuotaColour {
  if (percent > QUOTA_RED_ABOVE_PERCENT) return 'red';
  if (percent > QUOTA_AMBER_ABOVE_PERCENT) return 'amber';
  return 'green';
}
