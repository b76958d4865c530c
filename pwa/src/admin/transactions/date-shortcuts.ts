// The sales report's date shortcuts: venue days (Asia/Jakarta), both ends included, as the date
// inputs hold them.
import { localIsoDate } from '@courtreplay/shared';

export const DATE_SHORTCUTS = ['Today', 'Yesterday', 'Last 7 days', 'This month'] as const;
export type DateShortcut = (typeof DATE_SHORTCUTS)[number];

const DAY_MS = 86_400_000;

/** { startDate, endDate } (YYYY-MM-DD) of a shortcut at `now`. */
export function shortcutRange(shortcut: DateShortcut, now: Date): { startDate: string; endDate: string } {
  const day = (daysAgo: number) => localIsoDate(new Date(now.getTime() - daysAgo * DAY_MS)) ?? '';
  const today = day(0);
  switch (shortcut) {
    case 'Today':
      return { startDate: today, endDate: today };
    case 'Yesterday':
      return { startDate: day(1), endDate: day(1) };
    case 'Last 7 days':
      return { startDate: day(6), endDate: today };
    case 'This month':
      return { startDate: `${today.slice(0, 8)}01`, endDate: today };
  }
}
