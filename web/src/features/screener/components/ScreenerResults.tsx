import { formatDisplayDate } from '../../../../../shared/format/dates';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  formatCompact,
  formatNumber,
  formatPercent,
  formatPrice,
  NOT_AVAILABLE,
} from '../../../../../shared/format/money';
import {
  COLUMN_LABELS,
  SCREENER_TAB_LABELS,
  SCREENER_TABS,
  type ScreenerColumn,
  type ScreenerRow,
} from '../../../../../shared/screener';
import { paths } from '../../../lib/paths';
import type { ScreenResponse } from '../api/screener-api';

export type ResultTab = keyof typeof SCREENER_TABS | 'snapshot';

export const RESULT_TABS: { id: ResultTab; label: string }[] = [
  ...(Object.keys(SCREENER_TABS) as (keyof typeof SCREENER_TABS)[]).map((id) => ({
    id,
    label: SCREENER_TAB_LABELS[id],
  })),
  { id: 'snapshot', label: 'SNAPSHOT' },
];

const TEXT_COLUMNS = new Set<ScreenerColumn>([
  'symbol',
  'company',
  'sector',
  'industry',
  'exchange',
  'earningsDate',
]);
/** Columns whose figures are rates in percent (12.5 means 12.5 %). */
export const PERCENT_COLUMNS: ReadonlySet<ScreenerColumn> = new Set<ScreenerColumn>([
  'changePercent',
  'epsGrowthPastYear',
  'epsGrowthPast5Years',
  'salesGrowthPast5Years',
  'dividendYield',
  'roa',
  'roe',
  'roi',
  'grossMargin',
  'operatingMargin',
  'netMargin',
  'perfWeek',
  'perfMonth',
  'perfQuarter',
  'perfHalf',
  'perfYear',
  'perfYtd',
]);

/** A cell as shown: money compact, prices with 2 decimals, rates with %, N/A for no figure. */
export function formatCell(column: ScreenerColumn, row: ScreenerRow): string {
  const value = row[column];
  if (value === null || value === undefined) return NOT_AVAILABLE;
  if (typeof value === 'string') return value;
  if (column === 'price') return formatPrice(value);
  if (column === 'marketCap' || column === 'volume' || column === 'avgVolume')
    return formatCompact(value);
  if (PERCENT_COLUMNS.has(column)) return formatPercent(value);
  return formatNumber(value);
}

/** The order a first click on a column sorts by: A to Z for text, largest first for figures. */
export const firstOrder = (column: ScreenerColumn): 'asc' | 'desc' =>
  TEXT_COLUMNS.has(column) ? 'asc' : 'desc';

interface ScreenerResultsProps {
  result: ScreenResponse;
  tab: ResultTab;
  onTab: (tab: ResultTab) => void;
  onSort: (column: ScreenerColumn) => void;
  onPage: (page: number) => void;
  loading: boolean;
  /** Shown beside the count, e.g. the export button. */
  tools?: ReactNode;
}

/** The screen's matches: a count, the result tabs, sortable columns and pages. */
export function ScreenerResults({
  result,
  tab,
  onTab,
  onSort,
  onPage,
  loading,
  tools,
}: ScreenerResultsProps) {
  const pages = Math.max(1, Math.ceil(result.total / result.pageSize));
  const count =
    result.total === 1 ? '1 stock matches' : `${result.total.toLocaleString('en-US')} stocks match`;

  return (
    <section className="screener-results" aria-label="Screener results" aria-busy={loading}>
      <div className="screener-results__head">
        <p className="screener-results__count" role="status">
          {count}
        </p>
        <p className="screener-muted">
          As of {formatDisplayDate(result.asOf, { withTime: true })}
          {result.source === 'demo' ? ' · Demo data' : ''}
        </p>
        {tools}
      </div>
      <div className="screener-tabs" role="tablist" aria-label="Result columns">
        {RESULT_TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={t.id === tab}
            className={t.id === tab ? 'is-active' : undefined}
            onClick={() => onTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={RESULT_TABS.find((t) => t.id === tab)?.label}>
        {result.total === 0 ? (
          <p className="screener-empty">No stocks match these filters. Try removing a filter.</p>
        ) : tab === 'snapshot' ? (
          <Snapshot rows={result.data} />
        ) : (
          <ResultTable
            rows={result.data}
            columns={SCREENER_TABS[tab]}
            sort={result.sort}
            order={result.order}
            onSort={onSort}
          />
        )}
      </div>
      {result.total > 0 && (
        <nav className="screener-pages" aria-label="Result pages">
          <button
            type="button"
            className="button button--ghost"
            disabled={result.page <= 1 || loading}
            onClick={() => onPage(result.page - 1)}
          >
            Previous
          </button>
          <span>
            Page {result.page} of {pages}
          </span>
          <button
            type="button"
            className="button button--ghost"
            disabled={result.page >= pages || loading}
            onClick={() => onPage(result.page + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </section>
  );
}

function ResultTable({
  rows,
  columns,
  sort,
  order,
  onSort,
}: {
  rows: ScreenResponse['data'];
  columns: readonly ScreenerColumn[];
  sort: ScreenerColumn;
  order: 'asc' | 'desc';
  onSort: (column: ScreenerColumn) => void;
}) {
  return (
    <div className="screener-table-wrap">
      <table className="screener-table">
        <thead>
          <tr>
            <th scope="col">No</th>
            {columns.map((c) => (
              <th
                key={c}
                scope="col"
                aria-sort={c === sort ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
              >
                <button type="button" onClick={() => onSort(c)}>
                  {COLUMN_LABELS[c]}
                  <span aria-hidden="true" className="screener-table__arrow">
                    {c === sort ? (order === 'asc' ? ' ▲' : ' ▼') : ''}
                  </span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.symbol} data-symbol={row.symbol}>
              <td>{row.no}</td>
              {columns.map((c) => (
                <td key={c} className={TEXT_COLUMNS.has(c) ? 'is-text' : undefined}>
                  {c === 'symbol' ? (
                    <Link to={`${paths.market}?symbol=${encodeURIComponent(row.symbol)}`}>
                      {row.symbol}
                    </Link>
                  ) : (
                    formatCell(c, row)
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** SNAPSHOT: a compact card per stock. */
function Snapshot({ rows }: { rows: ScreenResponse['data'] }) {
  return (
    <ul className="screener-snapshot">
      {rows.map((row) => (
        <li key={row.symbol} className="screener-snapshot__card" data-symbol={row.symbol}>
          <p className="screener-snapshot__title">
            <Link to={`${paths.market}?symbol=${encodeURIComponent(row.symbol)}`}>
              {row.symbol}
            </Link>{' '}
            <span>{row.company}</span>
          </p>
          <p className="screener-muted">{[row.sector, row.industry].filter(Boolean).join(' · ')}</p>
          <dl>
            {(
              ['price', 'changePercent', 'marketCap', 'pe', 'dividendYield', 'perfYtd'] as const
            ).map((c) => (
              <div key={c}>
                <dt>{COLUMN_LABELS[c]}</dt>
                <dd>{formatCell(c, row)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
