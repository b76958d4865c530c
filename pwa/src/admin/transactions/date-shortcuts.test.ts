import { describe, expect, it } from 'vitest';
import { shortcutRange } from './date-shortcuts.ts';

describe('shortcutRange', () => {
  // 23:30 WIB on 1 December 2026 is still 16:30Z: the venue's day, not UTC's, counts.
  const now = new Date('2026-12-01T16:30:00.000Z');

  it('gives venue days, both ends included', () => {
    expect(shortcutRange('Today', now)).toEqual({ startDate: '2026-12-01', endDate: '2026-12-01' });
    expect(shortcutRange('Yesterday', now)).toEqual({ startDate: '2026-11-30', endDate: '2026-11-30' });
    expect(shortcutRange('Last 7 days', now)).toEqual({ startDate: '2026-11-25', endDate: '2026-12-01' });
    expect(shortcutRange('This month', now)).toEqual({ startDate: '2026-12-01', endDate: '2026-12-01' });
  });

  it('reads the day in Asia/Jakarta, past UTC midnight', () => {
    expect(shortcutRange('Today', new Date('2026-11-30T17:30:00.000Z'))).toEqual({ startDate: '2026-12-01', endDate: '2026-12-01' });
    expect(shortcutRange('This month', new Date('2026-11-20T03:00:00.000Z'))).toEqual({ startDate: '2026-11-01', endDate: '2026-11-20' });
  });
});
