// Sales at a glance, above the Transactions table: cards for the current filters,
// a daily revenue chart (plain SVG: no chart library in any bundle) and a per-court breakdown. All
// figures come from GET /api/reports/sales; the browser adds nothing up.
import { useQuery } from '@tanstack/react-query';
import { formatRupiah, type SalesReport } from '@courtreplay/shared';
import { ApiError } from '../../lib/api-client.ts';
import { ScreenError } from '../common/errors.ts';
import { QueryState } from '../common/QueryState.tsx';
import { transactionQueries, type TransactionFilters } from './queries.ts';
import { useAdminMessages } from '../i18n/admin-language.ts';
import './SalesSummary.css';

/** `listEmpty`: the list below already says nothing matches, so the summary does not say it again. */
export function SalesSummary({ filters, enabled, listEmpty }: { filters: TransactionFilters; enabled: boolean; listEmpty: boolean }) {
  const T = useAdminMessages().transactions;
  const R = T.report;
  const report = useQuery({ ...transactionQueries.salesReport(filters), enabled });
  const error = report.error instanceof ApiError && report.error.status === 401 ? new ScreenError(T.notLoggedIn, 401) : report.error;
  const data = enabled ? report.data : undefined;
  return (
    <section className="sales-summary" aria-label={R.title} aria-busy={report.isFetching}>
      {!data && <QueryState isPending={report.isPending && enabled} error={error} fallback={R.loadFailed} />}
      {data && <Figures report={data} filters={filters} listEmpty={listEmpty} />}
      {data && error ? (
        <p className="notice notice-error" role="alert">
          {R.loadFailed}
        </p>
      ) : null}
    </section>
  );
}

function Figures({ report, filters, listEmpty }: { report: SalesReport; filters: TransactionFilters; listEmpty: boolean }) {
  const R = useAdminMessages().transactions.report;
  const cards: { key: string; label: string; value: string; hint?: string }[] = [
    { key: 'revenue', label: R.revenue, value: formatRupiah(report.revenue), hint: R.revenueHint },
    { key: 'purchases', label: R.purchases, value: String(report.purchases) },
    { key: 'clips', label: R.clips, value: String(report.clips) },
    { key: 'averageOrder', label: R.averageOrder, value: formatRupiah(report.averageOrder) },
    { key: 'free', label: R.free, value: String(report.free) },
    {
      key: 'staging',
      label: R.staging,
      value: String(report.staging),
      hint: filters.includeStaging ? undefined : R.stagingHidden,
    },
    { key: 'discounts', label: R.discounts, value: formatRupiah(report.discounts) },
    { key: 'undelivered', label: R.undelivered, value: String(report.undelivered), hint: R.undeliveredHint },
  ];
  const nothing = report.purchases === 0 && report.free === 0 && report.staging === 0;
  return (
    <>
      <div className="summary-cards">
        {cards.map((card) => (
          <div key={card.key} className="summary-card" data-card={card.key}>
            <span className="summary-label">{card.label}</span>
            <strong className="summary-value" data-testid={`card-${card.key}`}>
              {card.value}
            </strong>
            {card.hint && <span className="summary-hint">{card.hint}</span>}
          </div>
        ))}
      </div>
      {nothing ? (
        !listEmpty && (
          <p className="muted" data-testid="sales-empty">
            {R.empty}
          </p>
        )
      ) : (
        <div className="summary-details">
          <DailyChart days={report.byDay} />
          <CourtTable courts={report.byCourt} />
        </div>
      )}
    </>
  );
}

const WIDTH = 600;
const HEIGHT = 160;
const AXIS = 18;
/** A bar never grows wider than this, so a short range does not paint one slab across the chart. */
const MAX_BAR = 36;

function DailyChart({ days }: { days: SalesReport['byDay'] }) {
  const R = useAdminMessages().transactions.report;
  if (days.length === 0) return null;
  const best = Math.max(0, ...days.map((d) => d.revenue));
  const max = Math.max(1, best);
  const slot = WIDTH / days.length;
  const bar = Math.max(1, Math.min(slot * 0.8, MAX_BAR));
  const first = days[0]!.date;
  const last = days.at(-1)!.date;
  return (
    <figure className="sales-chart">
      <figcaption>{R.chartTitle}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`} role="img" aria-label={R.chartLabel(first, last)} preserveAspectRatio="none">
        <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="sales-chart-axis" />
        {days.map((d, i) => {
          const h = (d.revenue / max) * (HEIGHT - 4);
          return (
            <rect
              key={d.date}
              x={i * slot + (slot - bar) / 2}
              y={HEIGHT - h}
              width={bar}
              height={h}
              className="sales-chart-bar"
              data-date={d.date}
              data-revenue={d.revenue}
              data-purchases={d.purchases}
            >
              <title>{R.dayTitle(d.date, formatRupiah(d.revenue), d.purchases)}</title>
            </rect>
          );
        })}
        {first === last ? (
          <text x={WIDTH / 2} y={HEIGHT + AXIS - 4} textAnchor="middle" className="sales-chart-label">
            {first}
          </text>
        ) : (
          <>
            <text x={0} y={HEIGHT + AXIS - 4} className="sales-chart-label">
              {first}
            </text>
            <text x={WIDTH} y={HEIGHT + AXIS - 4} textAnchor="end" className="sales-chart-label">
              {last}
            </text>
          </>
        )}
      </svg>
      {best > 0 && <span className="summary-hint">{R.bestDay(formatRupiah(best))}</span>}
    </figure>
  );
}

// Divs with table roles, not a <table>: the Transactions table stays the tab's only <table>.
function CourtTable({ courts }: { courts: SalesReport['byCourt'] }) {
  const R = useAdminMessages().transactions.report;
  if (courts.length === 0) return null;
  return (
    <div className="sales-courts">
      <div className="sales-courts-title" id="sales-courts-title">
        {R.byCourtTitle}
      </div>
      <div role="table" aria-labelledby="sales-courts-title" className="sales-courts-grid">
        <div role="row" className="sales-courts-row sales-courts-head">
          {R.courtColumns.map((c) => (
            <span role="columnheader" key={c}>
              {c}
            </span>
          ))}
        </div>
        {courts.map((c) => (
          <div role="row" className="sales-courts-row" key={c.fieldId ?? 'none'} data-field-id={c.fieldId ?? ''}>
            <span role="cell">{c.fieldId === null ? R.noCourt : (c.fieldName ?? R.unknownCourt)}</span>
            <span role="cell" className="num">
              {c.purchases}
            </span>
            <span role="cell" className="num">
              {formatRupiah(c.revenue)}
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
