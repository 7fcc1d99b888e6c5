import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  COMPARE_COLUMNS,
  COMPARE_MAX,
  COMPARE_PERIODS,
  DEFAULT_COMPARE_PERIOD,
  readCompareSymbols,
  seriesReturns,
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
import { newYorkStamp } from '../../../../../shared/market/freshness';
import { Choice } from '../../../components/Choice';
import { Loading } from '../../../components/Loading';
import { Page } from '../../../components/Page';
import { paths } from '../../../lib/paths';
import {
  useCompareRows,
  useCompareSeries,
  type CompareRowsData,
  type CompareSeriesData,
} from '../api/get-compare';
import { COMPARE_COLOURS } from './colours';
import '../compare.css';

const CompareChart = lazy(() => import('./CompareChart'));

export const SYMBOLS_PARAM = 'symbols';
export const PERIOD_PARAM = 'period';
export const RETURN_PARAM = 'return';

/** What the chart draws: the total return with dividends reinvested (the default), or the price alone. */
export type ReturnKind = 'total' | 'price';
const RETURN_OPTIONS: readonly { value: ReturnKind; label: string }[] = [
  { value: 'total', label: 'Total return' },
  { value: 'price', label: 'Price' },
];

/** The Compare page's address for a list of symbols (the company view and the watchlist link here). */
export function comparePath(symbols: readonly string[]): string {
  return `${paths.compare}?${SYMBOLS_PARAM}=${symbols.join(',')}`;
}

/** A row of the table: the snapshot's figures and the period's returns from the prices. */
type TableRow = CompareRow & { totalReturn: number | null; priceReturn: number | null };
type SortKey = CompareColumn | 'symbol' | 'totalReturn' | 'priceReturn';

/** "+12.3%" with its sign, to one place (the period's returns). */
export function returnText(value: number | null | undefined): string {
  if (value === null || value === undefined) return 'N/A';
  return `${value > 0 ? '+' : ''}${formatNumber(value, 1)}%`;
}

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
 * Compare: up to five companies' total return (dividends reinvested) and price return over a
 * period, each 100 at its start, and their fundamentals side by side, each column sortable. The
 * address holds the symbols, the period and the return drawn. `picker` is the stock search,
 * given by the route (it belongs to another feature).
 */
export function ComparePage({
  picker,
}: {
  picker: (onAdd: (symbol: string) => void) => ReactNode;
}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const asked = useMemo(() => readCompareSymbols(params.get(SYMBOLS_PARAM)), [params]);
  const symbols = asked.symbols;
  const askedPeriod = params.get(PERIOD_PARAM);
  const period: ComparePeriod = (COMPARE_PERIODS as readonly string[]).includes(askedPeriod ?? '')
    ? (askedPeriod as ComparePeriod)
    : DEFAULT_COMPARE_PERIOD;
  const kind: ReturnKind = params.get(RETURN_PARAM) === 'price' ? 'price' : 'total';
  const [sort, setSort] = useState<{ key: SortKey; order: 'asc' | 'desc' } | null>(null);
  const rows = useCompareRows(symbols);
  const prices = useCompareSeries(symbols, period);

  const write = (next: { symbols?: string[]; period?: ComparePeriod; kind?: ReturnKind }) => {
    const out = new URLSearchParams(params);
    if (next.symbols) {
      if (next.symbols.length) out.set(SYMBOLS_PARAM, next.symbols.join(','));
      else out.delete(SYMBOLS_PARAM);
    }
    if (next.period) out.set(PERIOD_PARAM, next.period);
    if (next.kind === 'price') out.set(RETURN_PARAM, 'price');
    else if (next.kind === 'total') out.delete(RETURN_PARAM);
    // Commas kept as commas: the address reads as the list it is.
    navigate(
      { search: `?${out.toString().replaceAll('%2C', ',')}` },
      { replace: Boolean(next.period || next.kind) && !next.symbols },
    );
  };
  const add = (symbol: string) => {
    if (!symbols.includes(symbol) && symbols.length < COMPARE_MAX)
      write({ symbols: [...symbols, symbol] });
  };
  const remove = (symbol: string) => write({ symbols: symbols.filter((s) => s !== symbol) });

  const series = symbols.map((symbol, i) => ({
    symbol,
    colour: COMPARE_COLOURS[i % COMPARE_COLOURS.length]!,
    query: prices[i]!,
  }));
  const ready = series.filter((s) => s.query.data && s.query.data.points.length > 0);
  const loading = series.some((s) => s.query.isPending);
  const returns = new Map(ready.map((s) => [s.symbol, seriesReturns(s.query.data!)]));
  const withoutDividends = ready.filter((s) => s.query.data!.dividendsMissing).map((s) => s.symbol);
  const drawn = kind === 'total' && withoutDividends.length === 0 ? 'total' : 'price';
  const lastDay = ready
    .map((s) => s.query.data!.points.at(-1)!.date)
    .sort()
    .at(-1);

  // Symbols the page cannot show: no prices and not in the screener's snapshot.
  const unknown = series
    .filter(
      (s) =>
        s.query.isSuccess &&
        s.query.data.points.length === 0 &&
        (rows.data?.freshness === null || rows.data?.missing.includes(s.symbol)),
    )
    .map((s) => s.symbol);

  const list = rows.data?.rows ?? [];
  // The table lists companies in the order chosen until a column is sorted.
  const ordered: TableRow[] = symbols
    .map((s) => list.find((r) => r.symbol === s))
    .filter((r): r is CompareRow => r !== undefined)
    .map((r) => ({
      ...r,
      totalReturn: returns.get(r.symbol)?.total ?? null,
      priceReturn: returns.get(r.symbol)?.price ?? null,
    }));
  const sorted = sort ? sortCompareRows(ordered, sort.key, sort.order) : ordered;

  return (
    <Page title="Compare" className="compare">
      <p className="lead">
        Up to {COMPARE_MAX} companies: their total return with dividends reinvested and their price
        return over a period, each 100 at its start, and their fundamentals side by side. Bookmark
        the page to come back to the same comparison.
      </p>
      <div className="compare__symbols" aria-label="Companies compared" role="group">
        {symbols.map((s, i) => (
          <span
            key={s}
            className={`compare__chip${unknown.includes(s) ? ' compare__chip--unknown' : ''}`}
          >
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
      <NotShown invalid={asked.invalid} extra={asked.extra} unknown={unknown} />
      {symbols.length < COMPARE_MAX ? (
        <div className="compare__add">{picker(add)}</div>
      ) : (
        <p className="compare__note">Five companies at most: remove one to add another.</p>
      )}
      {symbols.length === 0 ? (
        <p className="notice notice--info">Search for a company above to start a comparison.</p>
      ) : (
        <>
          <div className="compare__choices">
            <Choice
              label="Period"
              options={COMPARE_PERIODS.map((p) => ({ value: p, label: p }))}
              value={period}
              onChange={(p) => write({ period: p })}
            />
            <Choice
              label="Return"
              options={RETURN_OPTIONS}
              value={kind}
              onChange={(k) => write({ kind: k })}
            />
          </div>
          <section className="compare__section" aria-labelledby="compare-chart-title">
            <h2 id="compare-chart-title">
              {drawn === 'total'
                ? 'Total return, dividends reinvested: 100 at the start'
                : 'Price: 100 at the start'}
            </h2>
            {ready.length === 0 ? (
              loading ? (
                <Loading label="Loading prices…" />
              ) : (
                <p className="notice notice--info">No prices for this period.</p>
              )
            ) : (
              <Suspense fallback={<Loading label="Drawing…" />}>
                <CompareChart
                  series={ready.map((s) => ({
                    symbol: s.symbol,
                    colour: s.colour,
                    from: s.query.data!.startsLate ? s.query.data!.from : null,
                    points: s.query.data!.points.map((p) => ({
                      date: p.date,
                      value: drawn === 'total' ? p.total! : p.price,
                    })),
                  }))}
                  label={`${drawn === 'total' ? 'Total return' : 'Price'} of ${ready.map((s) => s.symbol).join(', ')}, 100 at the start of ${period}`}
                />
              </Suspense>
            )}
            {ready.length > 0 && (
              <>
                <ul className="compare__returns" aria-label={`Returns over ${period}`}>
                  {ready.map((s) => (
                    <SeriesReturn
                      key={s.symbol}
                      symbol={s.symbol}
                      colour={s.colour}
                      data={s.query.data!}
                    />
                  ))}
                </ul>
                <p className="compare__note" data-testid="compare-prices-as-of">
                  Closing prices from {ready[0]!.query.data!.start} to {lastDay}
                  {ready.some((s) => s.query.data!.startsLate)
                    ? '; a company listed within the period starts at 100 on its first close (marked ●) and its returns are since then'
                    : ''}
                  . Total return reinvests each dividend at the close of its ex-dividend date.
                  {withoutDividends.length > 0 &&
                    ` The dividends of ${withoutDividends.join(', ')} could not be read: the chart shows prices alone.`}
                </p>
              </>
            )}
          </section>
          <section className="compare__section" aria-labelledby="compare-table-title">
            <h2 id="compare-table-title">Fundamentals</h2>
            {rows.isPending ? (
              <Loading label="Loading fundamentals…" />
            ) : rows.isError ? (
              <p className="notice notice--error" role="alert">
                The fundamentals could not be loaded. Please try again.
              </p>
            ) : rows.data.freshness === null ? (
              <p className="notice notice--info">
                The fundamentals are being prepared: they appear once the screener’s first snapshot
                is stored, within a few minutes.
              </p>
            ) : (
              <>
                <FundamentalsAsOf data={rows.data} />
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
                        <SortHeader
                          label={`Total Return (${period})`}
                          sortKey="totalReturn"
                          sort={sort}
                          onSort={setSort}
                        />
                        <SortHeader
                          label={`Price Return (${period})`}
                          sortKey="priceReturn"
                          sort={sort}
                          onSort={setSort}
                        />
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
                          <td data-col="totalReturn">{returnText(row.totalReturn)}</td>
                          <td data-col="priceReturn">{returnText(row.priceReturn)}</td>
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
                {rows.data.missing.filter((s) => !unknown.includes(s)).length > 0 && (
                  <p className="compare__note" data-testid="compare-no-fundamentals">
                    No fundamentals in the screener’s universe for{' '}
                    {rows.data.missing.filter((s) => !unknown.includes(s)).join(', ')}.
                  </p>
                )}
                <p className="compare__note">
                  Returns over {period} from the closing prices (a later listing’s since its first
                  close); the other figures as the screener computes them, trailing twelve months
                  where a flow.
                </p>
              </>
            )}
          </section>
        </>
      )}
    </Page>
  );
}

/** One company's returns beside the chart: total and price, since when if it listed later. */
function SeriesReturn({
  symbol,
  colour,
  data,
}: {
  symbol: string;
  colour: string;
  data: CompareSeriesData;
}) {
  const r = seriesReturns(data);
  return (
    <li data-symbol={symbol} data-starts-late={data.startsLate ? 'true' : 'false'}>
      <span className="compare__swatch" style={{ background: colour }} aria-hidden="true" />{' '}
      <strong>{symbol}</strong>: total return{' '}
      <span data-figure="total">{returnText(r?.total)}</span>, price{' '}
      <span data-figure="price">{returnText(r?.price)}</span>
      {data.startsLate && (
        <span className="compare__late"> since its first close on {data.from} ●</span>
      )}
    </li>
  );
}

/** When the fundamentals were taken and whose session the one-day change is (decision 166). */
function FundamentalsAsOf({ data }: { data: CompareRowsData }) {
  const f = data.freshness;
  if (!f) return null;
  const session =
    f.session === data.today ? `today’s session (${f.session})` : `the session of ${f.session}`;
  return data.stale ? (
    <p
      className="notice notice--warning compare__stale"
      role="status"
      data-testid="compare-as-of"
      data-stale="true"
    >
      <strong>Out of date.</strong> These fundamentals are from a snapshot taken{' '}
      {newYorkStamp(f.snapshotAt)}, older than its {f.refreshMinutes}-minute refresh allows; the
      1-day change is that of {session} as it stood then.
    </p>
  ) : (
    <p className="compare__note" data-testid="compare-as-of" data-stale="false">
      Fundamentals as of {newYorkStamp(data.asOf)}, refreshed every {f.refreshMinutes} minutes while
      the market trades; the 1-day change is that of {session}.
    </p>
  );
}

/** The symbols of the address the page cannot show, each named with the reason. */
function NotShown({
  invalid,
  extra,
  unknown,
}: {
  invalid: readonly string[];
  extra: readonly string[];
  unknown: readonly string[];
}) {
  if (invalid.length + extra.length + unknown.length === 0) return null;
  return (
    <div
      className="notice notice--warning compare__not-shown"
      role="status"
      data-testid="compare-not-shown"
    >
      <strong>Not shown:</strong>
      <ul>
        {unknown.length > 0 && (
          <li data-reason="unknown">
            {unknown.join(', ')}: no company found by {unknown.length === 1 ? 'this' : 'these'}{' '}
            symbol{unknown.length === 1 ? '' : 's'}
          </li>
        )}
        {invalid.length > 0 && (
          <li data-reason="invalid">
            {invalid.map((s) => `“${s}”`).join(', ')}: not a stock symbol
          </li>
        )}
        {extra.length > 0 && (
          <li data-reason="extra">
            {extra.join(', ')}: {COMPARE_MAX} companies at most (remove one to compare{' '}
            {extra.length === 1 ? 'it' : 'another'})
          </li>
        )}
      </ul>
    </div>
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
