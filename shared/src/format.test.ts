import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bytesToMB,
  formatSize,
  formatDate,
  formatDateTime24,
  formatTime24,
  formatDuration,
  formatRupiah,
  isSameLocalDay,
  localFileTime,
  localIsoDate,
  quotaColour,
  quotaPercentUsed,
  truncateText,
} from './format.ts';

describe('formatRupiah', () => {
  it.each([
    [27000, 'Rp 27.000'],
    [0, 'Rp 0'],
    [-0, 'Rp 0'],
    [500, 'Rp 500'],
    [1000, 'Rp 1.000'],
    [1234567, 'Rp 1.234.567'],
    [10_000_000_000, 'Rp 10.000.000.000'],
    [24300.5, 'Rp 24.301'],
    [-5000, '-Rp 5.000'],
    [Number.NaN, 'Rp 0'],
    [Number.POSITIVE_INFINITY, 'Rp 0'],
  ])('%s -> %s', (amount, text) => {
    expect(formatRupiah(amount)).toBe(text);
  });

  it('groups every whole amount by threes with dots', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (amount) => {
        const text = formatRupiah(amount);
        expect(text).toMatch(/^Rp \d{1,3}(\.\d{3})*$/);
        expect(Number(text.slice(3).replaceAll('.', ''))).toBe(amount);
      }),
    );
  });
});

describe('dates in the venue time zone (Asia/Jakarta, UTC+7)', () => {
  const instant = '2026-11-22T07:05:09Z'; // 14:05:09 in Jakarta

  it('formats date and 24-hour time', () => {
    expect(formatDateTime24(instant)).toBe('22/11/2026 14:05');
    expect(formatDateTime24(new Date('2026-11-22T13:30:00Z'))).toBe('22/11/2026 20:30');
    expect(formatDateTime24(Date.parse('2026-01-05T17:00:00Z'))).toBe('06/01/2026 00:00');
    expect(formatDateTime24(instant, 'UTC')).toBe('22/11/2026 07:05');
    expect(formatDate(instant)).toBe('22/11/2026');
  });

  it('formats the 24-hour time of day in the venue time zone', () => {
    expect(formatTime24(instant)).toBe('14:05');
    expect(formatTime24(Date.parse('2026-01-05T17:00:00Z'))).toBe('00:00');
    expect(formatTime24('not a date')).toBe('-');
  });

  it('crosses midnight by the venue clock, not UTC', () => {
    expect(formatDate('2026-11-21T17:00:00Z')).toBe('22/11/2026');
    expect(formatDate('2026-11-21T16:59:59Z')).toBe('21/11/2026');
  });

  it('shows a dash for an invalid date', () => {
    expect(formatDateTime24('not a date')).toBe('-');
    expect(formatDate(Number.NaN)).toBe('-');
    expect(localIsoDate('nope')).toBeNull();
  });

  it('gives file-safe date and time parts', () => {
    expect(localIsoDate(instant)).toBe('2026-11-22');
    expect(localFileTime(instant)).toBe('14-05-09');
  });

  it.each([
    ['2026-11-21T17:00:00Z', '2026-11-22T16:59:59Z', true],
    ['2026-11-21T16:59:59Z', '2026-11-21T17:00:00Z', false],
    ['2026-11-22T01:00:00Z', '2026-11-22T23:00:00Z', false],
  ])('isSameLocalDay(%s, %s) = %s', (a, b, same) => {
    expect(isSameLocalDay(a, b)).toBe(same);
  });

  it('isSameLocalDay honours the zone passed in and refuses invalid dates', () => {
    expect(isSameLocalDay('2026-11-22T01:00:00Z', '2026-11-22T23:00:00Z', 'UTC')).toBe(true);
    expect(isSameLocalDay('x', 'x')).toBe(false);
  });
});

describe('small formatters', () => {
  it.each([
    [0, '0:00'],
    [5.9, '0:05'],
    [95, '1:35'],
    [3725, '1:02:05'],
    [Number.NaN, '0:00'],
  ])('duration %s -> %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('truncates titles to 30 characters plus an ellipsis', () => {
    const thirty = 'a'.repeat(30);
    expect(truncateText(thirty, 30)).toBe(thirty);
    expect(truncateText(`${thirty}b`, 30)).toBe(`${thirty}...`);
  });

  it.each([
    [0, 0],
    [1_048_576, 1],
    [1_572_864, 2],
    [1_572_863, 1],
    [15 * 1_073_741_824, 15_360],
  ])('bytesToMB(%i) = %i (by 1048576, rounded)', (bytes, mb) => {
    expect(bytesToMB(bytes)).toBe(mb);
  });

  it.each([
    [0, '0 KB'],
    [10, '1 KB'],
    [1536, '2 KB'],
    [5 * 1048576, '5 MB'],
    [3 * 1073741824 + 1073741824 / 2, '3.5 GB'],
  ])('formatSize(%i) = %s', (bytes, shown) => {
    expect(formatSize(bytes)).toBe(shown);
  });

  it('quota percentage', () => {
    expect(quotaPercentUsed(50, 200)).toBe(25);
    expect(quotaPercentUsed(50, 0)).toBe(0);
  });

  it.each([
    [0, 'green'],
    [70, 'green'],
    [70.1, 'amber'],
    [90, 'amber'],
    [90.1, 'red'],
    [100, 'red'],
  ])('quota colour at %s%% is %s', (percent, colour) => {
    expect(quotaColour(percent)).toBe(colour);
  });
});
