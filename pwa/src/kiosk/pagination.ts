// The selection grid's paging (spec sections 2 and 9): 15 per page, and on page 1 with more than 9
// videos an 'Older Videos' divider after the first 9.
import { RECENT_VIDEOS_COUNT, VIDEOS_PER_PAGE } from '@courtreplay/shared';

export interface PageLayout {
  page: number;
  pageCount: number;
  /** 0-based, end exclusive, into the full list. */
  start: number;
  end: number;
  /** 1-based numbers for 'Showing X - Y of N videos' (0 - 0 of 0 when empty). */
  from: number;
  to: number;
  total: number;
  /** Items [start, start + recentCount) go under 'Recent Videos'; the rest of the page under 'Older Videos'. */
  recentCount: number;
  showOlderDivider: boolean;
}

export function pageLayout(total: number, requestedPage: number, perPage = VIDEOS_PER_PAGE): PageLayout {
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(Math.max(1, Math.floor(requestedPage) || 1), pageCount);
  const start = (page - 1) * perPage;
  const end = Math.min(start + perPage, total);
  const showOlderDivider = page === 1 && total > RECENT_VIDEOS_COUNT;
  return {
    page,
    pageCount,
    start,
    end,
    from: total === 0 ? 0 : start + 1,
    to: end,
    total,
    recentCount: showOlderDivider ? RECENT_VIDEOS_COUNT : end - start,
    showOlderDivider,
  };
}
