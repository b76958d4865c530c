import { describe, expect, it } from 'vitest';
import { pageLayout } from './pagination.ts';

describe('selection paging', () => {
  it('shows 15 per page with the Older Videos divider after 9 on page 1', () => {
    const p = pageLayout(40, 1);
    expect([p.start, p.end, p.from, p.to, p.total, p.pageCount]).toEqual([0, 15, 1, 15, 40, 3]);
    expect(p.showOlderDivider).toBe(true);
    expect(p.recentCount).toBe(9);
  });
  it('has no Older Videos divider on later pages, and the last page is short', () => {
    const p = pageLayout(40, 3);
    expect([p.start, p.end, p.from, p.to]).toEqual([30, 40, 31, 40]);
    expect(p.showOlderDivider).toBe(false);
    expect(p.recentCount).toBe(10);
  });
  it('has no Older Videos divider with 9 videos or fewer', () => {
    expect(pageLayout(9, 1).showOlderDivider).toBe(false);
    expect(pageLayout(10, 1).showOlderDivider).toBe(true);
  });
  it('clamps the page and reports 0 - 0 of 0 when empty', () => {
    expect(pageLayout(20, 9).page).toBe(2);
    const empty = pageLayout(0, 1);
    expect([empty.from, empty.to, empty.total, empty.pageCount]).toEqual([0, 0, 0, 1]);
  });
});
