import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  COMPARE_COLUMNS,
  COMPARE_MAX,
  COMPARE_PERIODS,
  DEFAULT_COMPARE_PERIOD,
  parseCompareSymbols,
  sortCompareRows,
  type CompareColumn,
  type ComparePeriod,
  type CompareRow,
} from '../../../../../shared/compare/compare';
import {
  formatCompact,
  formatMultiple,
  formatNumber,
  formatPrice,
} from '../../../../../shared/format/money';
import { Choice } from '../../../components/Choice';
import { Loading } from '../../../components/Loading';
import { Page } from '../../../components/Page';
import { paths } from '../../../lib/paths';
import { useCompareRows, useRebasedPrices } from '../api/get-compare';
import { COMPARE_COLOURS } from './colours';
import '../compare.css';

const CompareChart = lazy(() => import('./CompareChart'));

export const SYMBOLS_PARAM = 'symbols';
export const PERIOD_PARAM = 'period';

/** The Compare page's address for a list of symbols (the company view and the watchlist link here). */
export function comparePath(symbols: readonly string[]): string {
  return `${paths.compare}?${SYMBOLS_PARAM}=${symbols.join(',')}`;
}

type SortKey = CompareColumn | 'symbol';

function cell(row: CompareRow, column: (typeof COMPARE_COLUMNS)[number]): string {
  const value = row[column.id];
  switch (column.format) {
    case 'price':
      return formatPrice(value, 'USD');
    case 'cap':
      return formatCompact(value);
    case 'multiple':
      return formatMultiple(value);
    case 'percent':
      return value === null ? 'N/A' : `${formatNumber(value, 2)}%`;
  }
}

/**
 * Compare: up to five companies' prices rebased to 100 over a period, and their fundamentals
 * side by side, each column sortable. The address holds the symbols and the period.
 * `picker` is the stock search, given by the route (it belongs to another feature).
 */
export function ComparePage({
  picker,
}: {
  picker: (onAdd: (symbol: string) => void) => ReactNode;
}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const symbols = useMemo(() => parseCompareSymbols(params.get(SYMBOLS_PARAM)), [params]);
  const asked = params.get(PERIOD_PARAM);
  const period: ComparePeriod = (COMPARE_PERIODS as readonly string[]).includes(asked ?? '')
    ? (asked as ComparePeriod)
    : DEFAULT_COMPARE_PERIOD;
  const [sort, setSort] = useState<{ key: SortKey; order: 'asc' | 'desc' } | null>(null);
  const rows = useCompareRows(symbols);
  const prices = useRebasedPrices(symbols, period);

  const write = (next: { symbols?: string[]; period?: ComparePeriod }) => {
    const out = new URLSearchParams(params);
    if (next.symbols) {
      if (next.symbols.length) out.set(SYMBOLS_PARAM, next.symbols.join(','));
      else out.delete(SYMBOLS_PARAM);
    }
    if (next.period) out.set(PERIOD_PARAM, next.period);
    // Commas kept as commas: the address reads as the list it is.
    navigate(
      { search: `?${out.toString().replaceAll('%2C', ',')}` },
      { replace: Boolean(next.period) && !next.symbols },
    );
  };
  const add = (symbol: string) => {
    if (!symbols.includes(symbol) && symbols.length < COMPARE_MAX)
      write({ symbols: [...symbols, symbol] });
  };
  const remove = (symbol: string) => write({ symbols: symbols.filter((s) => s !== symbol) });

  const sorted = useMemo(() => {
    const list = rows.data?.rows ?? [];
    // The table lists companies in the order chosen until a column is sorted.
    const ordered = symbols
      .map((s) => list.find((r) => r.symbol === s))
      .filter((r): r is CompareRow => r !== undefined);
    return sort ? sortCompareRows(ordered, sort.key, sort.order) : ordered;
  }, [rows.data, symbols, sort]);

  const series = symbols.map((symbol, i) => ({ symbol, query: prices[i]! }));
  const ready = series.filter((s) => s.query.data && s.query.data.length > 0);
  const loading = series.some((s) => s.query.isPending);

  return (
    <Page title="Compare" className="compare">
      <p className="lead">
        Up to {COMPARE_MAX} companies: their prices rebased to 100 at the start of the period, and
        their fundamentals side by side. Bookmark the page to come back to the same comparison.
      </p>
      <div className="compare__symbols" aria-label="Companies compared" role="group">
        {symbols.map((s, i) => (
          <span key={s} className="compare__chip">
            <span
              className="compare__swatch"
              style={{ background: COMPARE_COLOURS[i % COMPARE_COLOURS.length] }}
              aria-hidden="true"
            />
            <Link to={`${paths.market}?symbol=${s}`}>{s}</Link>
            <button
              type="button"
              className="compare__remove"
              aria-label={`Remove ${s}`}
              onClick={() => remove(s)}
            >
              ×
            </button>
          </span>
        ))}
      </div>
      {symbols.length < COMPARE_MAX ? (
        <div className="compare__add">{picker(add)}</div>
      ) : (
        <p className="compare__note">Five companies at most: remove one to add another.</p>
      )}
      {symbols.length === 0 ? (
        <p className="notice notice--info">Search for a company above to start a comparison.</p>
      ) : (
        <>
          <Choice
            label="Period"
            options={COMPARE_PERIODS.map((p) => ({ value: p, label: p }))}
            value={period}
            onChange={(p) => write({ period: p })}
          />
          <section className="compare__section" aria-labelledby="compare-chart-title">
            <h2 id="compare-chart-title">Price, rebased to 100</h2>
            {ready.length === 0 ? (
              loading ? (
                <Loading label="Loading prices…" />
              ) : (
                <p className="notice notice--info">No prices for this period.</p>
              )
            ) : (
              <Suspense fallback={<Loading label="Drawing…" />}>
                <CompareChart
                  series={ready.map((s) => ({ symbol: s.symbol, points: s.query.data! }))}
                  label={`Prices of ${ready.map((s) => s.symbol).join(', ')} rebased to 100 over ${period}`}
                />
              </Suspense>
            )}
            <ul className="compare__returns" aria-label="Change over the period">
              {ready.map((s) => {
                const last = s.query.data![s.query.data!.length - 1]!.value;
                return (
                  <li key={s.symbol} data-symbol={s.symbol}>
                    {s.symbol}: {last >= 100 ? '+' : ''}
                    {formatNumber(last - 100, 1)}%
                  </li>
                );
              })}
            </ul>
          </section>
          <section className="compare__section" aria-labelledby="compare-table-title">
            <h2 id="compare-table-title">Fundamentals</h2>
            {rows.isPending ? (
              <Loading label="Loading fundamentals…" />
            ) : rows.isError ? (
              <p className="notice notice--error" role="alert">
                The fundamentals could not be loaded. Please try again.
              </p>
            ) : (
              <>
                <div
                  className="table-scroll"
                  tabIndex={0}
                  role="region"
                  aria-label="Fundamentals, scrollable"
                >
                  <table className="compare__table">
                    <thead>
                      <tr>
                        <SortHeader label="Company" sortKey="symbol" sort={sort} onSort={setSort} />
                        {COMPARE_COLUMNS.map((c) => (
                          <SortHeader
                            key={c.id}
                            label={c.label}
                            sortKey={c.id}
                            sort={sort}
                            onSort={setSort}
                          />
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {sorted.map((row) => (
                        <tr key={row.symbol} data-symbol={row.symbol}>
                          <th scope="row">
                            <strong>{row.symbol}</strong>
                            <span className="compare__name">{row.company}</span>
                          </th>
                          {COMPARE_COLUMNS.map((c) => (
                            <td key={c.id} data-col={c.id}>
                              {cell(row, c)}
                            </td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                {rows.data.missing.length > 0 && (
                  <p className="compare__note">
                    Not in the screener’s universe (no fundamentals): {rows.data.missing.join(', ')}
                    .
                  </p>
                )}
                <p className="compare__note">
                  Figures as the screener computes them; trailing twelve months where a flow.
                </p>
              </>
            )}
          </section>
        </>
      )}
    </Page>
  );
}

function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
}: {
  label: string;
  sortKey: SortKey;
  sort: { key: SortKey; order: 'asc' | 'desc' } | null;
  onSort: (next: { key: SortKey; order: 'asc' | 'desc' }) => void;
}) {
  const active = sort?.key === sortKey;
  const order = active ? sort.order : undefined;
  return (
    <th
      scope="col"
      aria-sort={order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : 'none'}
    >
      <button
        type="button"
        className="compare__sort"
        onClick={() =>
          onSort({
            key: sortKey,
            // Figures sort largest first on the first click; names A to Z.
            order: active
              ? order === 'asc'
                ? 'desc'
                : 'asc'
              : sortKey === 'symbol'
                ? 'asc'
                : 'desc',
          })
        }
      >
        {label}
        <span aria-hidden="true">{order === 'asc' ? ' ▲' : order === 'desc' ? ' ▼' : ''}</span>
      </button>
    </th>
  );
}
