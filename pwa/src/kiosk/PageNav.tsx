// The selection grid's page buttons and 'Showing X - Y of N videos' (spec section 2).
import { useMessages } from '../i18n/language.ts';
import type { PageLayout } from './pagination.ts';
import './PageNav.css';

interface Props {
  layout: PageLayout;
  onGoTo: (page: number) => void;
}

export function PageNav({ layout, onGoTo }: Props) {
  const M = useMessages().selection;
  return (
    <>
      <nav className="pagination" aria-label={M.pages}>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={layout.page <= 1}
          onClick={() => onGoTo(layout.page - 1)}
          aria-label={M.previousPage}
        >
          ‹
        </button>
        {Array.from({ length: layout.pageCount }, (_, i) => i + 1).map((p) => (
          <button
            key={p}
            type="button"
            className={`btn page-number${p === layout.page ? ' is-current' : ''}`}
            aria-current={p === layout.page ? 'page' : undefined}
            onClick={() => onGoTo(p)}
          >
            {p}
          </button>
        ))}
        <button
          type="button"
          className="btn btn-secondary"
          disabled={layout.page >= layout.pageCount}
          onClick={() => onGoTo(layout.page + 1)}
          aria-label={M.nextPage}
        >
          ›
        </button>
      </nav>
      <p className="pagination-info" data-testid="pagination-info">
        {M.showing(layout.from, layout.to, layout.total)}
      </p>
    </>
  );
}
