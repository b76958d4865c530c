// Display helpers of the back-office tables, over the shared formatters (venue time zone).
import { formatDate as formatDay, formatDateTime24, localIsoDate } from '@courtreplay/shared';

/** Today as a date input's value ('2026-11-22') at the venue. */
export const today = (): string => localIsoDate(new Date()) ?? '';

/** Date and 24-hour time, e.g. '22/11/2026 14:05'; blank when there is no value. */
export const formatDateTime = (value: string | null | undefined): string => (value ? formatDateTime24(value) : '');

export const formatDate = (value: string | null | undefined): string => (value ? formatDay(value) : '');
