import { lazy, Suspense, useState, type FormEvent } from 'react';
import { formatPercent } from '../../../../../shared/format/money';
import { ACTIVITY_CSV_COLUMNS, activityFiles } from '../../../../../shared/portfolio/activity';
import type { Period } from '../../../../../shared/portfolio/returns';
import type {
  PerformanceData,
  RateFigureView,
} from '../../../../../shared/schemas/portfolio-performance';
import { ExportCsvButton } from '../../../components/ExportCsvButton';
import { portfolioActivity } from '../api/activity';
import { usePortfolioPerformance } from '../api/performance';
import { formatCents, formatQuantity, formatUsd } from '../returns';
import { FigureNote } from './FigureNote';
import { ImportDialog } from './ImportDialog';
import { LotsTables } from './LotsTables';
import type { DrawdownBand } from './PerformanceChart';
import { ChartSkeleton, PerformanceSkeleton } from './PerformanceSkeleton';
import { PerformanceSettings } from './PerformanceSettings';
import { RiskFigures } from './RiskFigures';
import { Segmented } from './Segmented';
import { TableScroll } from './TableScroll';
import { num, TableHead } from './TableHead';

const PerformanceChart = lazy(() => import('./PerformanceChart'));
const AllocationDonut = lazy(() => import('./AllocationChart'));

export const PERIODS: readonly { id: Period; label: string; title?: string }[] = [
  { id: '1M', label: '1M', title: 'One month' },
  { id: '3M', label: '3M', title: 'Three months' },
  { id: 'YTD', label: 'YTD', title: 'Year to date' },
  { id: '1Y', label: '1Y', title: 'One year' },
  { id: '3Y', label: '3Y', title: 'Three years' },
  { id: '5Y', label: '5Y', title: 'Five years' },
  { id: 'MAX', label: 'MAX', title: 'Since the portfolio began' },
  { id: 'custom', label: 'Custom' },
];

export const RETURN_NOTES = {
  twr: 'Time-weighted: how $1 invested at the start would have grown, whatever you paid in or took out (each day NAV ÷ (previous NAV + that day’s deposits), chained; per year only for a year or more).',
  mwr: 'Money-weighted (XIRR): the one yearly rate that turns the start value and your deposits and withdrawals, on their dates, into the end value; it rewards money added before a rise.',
} as const;

function rateText(figure: RateFigureView): string {
  if (figure.kind === 'unavailable') return 'N/A';
  const rate = formatPercent(figure.rate, { fromFraction: true });
  return figure.kind === 'annualised' ? `${rate} a year` : `${rate} over the period`;
}

function ReturnValue({ figure }: { figure: RateFigureView }) {
  return (
    <>
      {rateText(figure)}
      {figure.kind === 'unavailable' && <span className="figure__reason"> ({figure.message})</span>}
    </>
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Green for a gain, red for a loss, deeper with size; light enough for dark text (4.5:1). */
function heat(rate: number): string {
  const strength = Math.min(1, Math.abs(rate) / 0.1);
  return rate >= 0
    ? `rgba(22, 163, 74, ${0.1 + strength * 0.45})`
    : `rgba(220, 38, 38, ${0.1 + strength * 0.45})`;
}

function MonthlyHeatmap({ monthly }: { monthly: PerformanceData['monthly'] }) {
  const years = [...new Set(monthly.map((m) => m.year))].sort((a, b) => b - a);
  const at = new Map(monthly.map((m) => [`${m.year}-${m.month}`, m.rate]));
  return (
    <TableScroll label="Monthly returns">
      <table className="performance-heatmap" aria-label="Monthly time-weighted returns">
        <TableHead columns={['Year', ...MONTHS]} />
        <tbody>
          {years.map((year) => (
            <tr key={year}>
              <th scope="row">{year}</th>
              {MONTHS.map((m, i) => {
                const rate = at.get(`${year}-${i + 1}`);
                return (
                  <td key={m} style={rate === undefined ? undefined : { background: heat(rate) }}>
                    {rate === undefined ? '' : formatPercent(rate, { fromFraction: true })}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

type Grouping = 'holding' | 'sector' | 'industry';
const GROUPINGS = [
  { id: 'holding', label: 'Holding' },
  { id: 'sector', label: 'Sector' },
  { id: 'industry', label: 'Industry' },
] as const satisfies readonly { id: Grouping; label: string }[];

function allocationSlices(data: PerformanceData, by: Grouping) {
  const totals = new Map<string, number>();
  for (const a of data.allocation) {
    const key = by === 'holding' ? a.symbol : by === 'sector' ? a.sector : a.industry;
    totals.set(key, (totals.get(key) ?? 0) + a.value_cents);
  }
  return [...totals]
    .filter(([, v]) => v > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([name, cents]) => ({ name, value: cents / 100 }));
}

/** The largest drawdown as the chart shades it (its peak moved onto the chart's first day). */
export function drawdownBand(data: PerformanceData): DrawdownBand | null {
  const dd = data.risk.max_drawdown;
  const first = data.series[0]?.date;
  if (dd.kind !== 'value' || !dd.peak || !dd.trough || !first) return null;
  return {
    peak: dd.peak < first ? first : dd.peak,
    trough: dd.trough,
    recovery: dd.recovery,
    label: `Largest drawdown ${formatPercent(dd.value, { fromFraction: true })}`,
  };
}

function CustomRange({
  initial,
  onApply,
}: {
  initial: { from: string; to: string };
  onApply: (range: { from: string; to: string }) => void;
}) {
  const [range, setRange] = useState(initial);
  const invalid = !range.from || !range.to || range.from > range.to;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!invalid) onApply(range);
  };
  return (
    <form className="performance-custom" onSubmit={submit} aria-label="Custom period">
      <label className="field">
        <span className="field__label">From</span>
        <input
          className="field__input"
          type="date"
          value={range.from}
          max={range.to || undefined}
          onChange={(e) => setRange({ ...range, from: e.target.value })}
        />
      </label>
      <label className="field">
        <span className="field__label">To</span>
        <input
          className="field__input"
          type="date"
          value={range.to}
          min={range.from || undefined}
          onChange={(e) => setRange({ ...range, to: e.target.value })}
        />
      </label>
      <button type="submit" className="button button--primary" disabled={invalid}>
        Show
      </button>
      {range.from && range.to && range.from > range.to && (
        <p className="field__error" role="alert">
          The first day must not be after the last.
        </p>
      )}
    </form>
  );
}

/**
 * The portfolio's performance for a period: returns, the chart against the S&P 500 with the
 * largest drawdown, risk figures, the gain, holdings, allocation, monthly returns, FIFO lots
 * and the portfolio's settings; importing and exporting its activity.
 */
export function PerformancePanel({
  portfolioId,
  portfolioName = 'Portfolio',
}: {
  portfolioId: string;
  portfolioName?: string;
}) {
  const [period, setPeriod] = useState<Period>('1Y');
  const [applied, setApplied] = useState({ from: '', to: '' });
  const [view, setView] = useState<'value' | 'twr'>('value');
  const [grouping, setGrouping] = useState<Grouping>('holding');
  const ready = period !== 'custom' || (applied.from !== '' && applied.to !== '');
  const query = usePortfolioPerformance(
    { portfolioId, period, ...(period === 'custom' ? applied : {}) },
    ready,
  );

  const data = query.data;
  const flows = data ? data.series.filter((p) => p.flow_cents !== 0) : [];
  const band = data ? drawdownBand(data) : null;
  const updating = query.isFetching && query.isPlaceholderData;
  return (
    <section className="portfolio-performance" aria-label="Performance">
      <div className="performance-head">
        <h2>Performance</h2>
        <div className="performance-head__actions">
          <ImportDialog portfolioId={portfolioId} />
          <ExportCsvButton
            what="Activity"
            columns={ACTIVITY_CSV_COLUMNS}
            rows={() => portfolioActivity(portfolioId)}
            // Files the import takes back, one after another (at most its limit of rows each).
            files={activityFiles}
          />
        </div>
      </div>
      <Segmented
        label="Period"
        className="performance-periods"
        options={PERIODS}
        value={period}
        onChange={setPeriod}
      />
      {period === 'custom' && <CustomRange initial={applied} onApply={setApplied} />}
      {!ready ? (
        <p className="portfolio-hint">Choose the first and last day of the period.</p>
      ) : query.isPending ? (
        <PerformanceSkeleton />
      ) : query.isError || !data ? (
        <p className="notice notice--error">
          The performance could not be loaded. Please try again.
        </p>
      ) : (
        <div className="performance-body" aria-busy={updating}>
          <p className="performance-range" data-testid="performance-range">
            {data.start} to {data.end} ({data.days} days)
            {data.clipped ? ', from the portfolio’s first day' : ''}
          </p>
          {updating && (
            <p className="performance-updating" role="status">
              Updating…
            </p>
          )}
          <dl className="figures performance-returns">
            <FigureNote
              label="Time-weighted"
              question="What is the time-weighted return?"
              note={RETURN_NOTES.twr}
              testId="return-twr"
            >
              <ReturnValue figure={data.twr} />
            </FigureNote>
            <FigureNote
              label="Money-weighted"
              question="What is the money-weighted return?"
              note={RETURN_NOTES.mwr}
              testId="return-mwr"
            >
              <ReturnValue figure={data.mwr} />
            </FigureNote>
            <div className="figure">
              <dt className="figure__label">Gain</dt>
              <dd className="figure__value" data-testid="gain-total">
                {formatCents(data.gain.total_cents)}
              </dd>
            </div>
            <div className="figure">
              <dt className="figure__label">Value at the end</dt>
              <dd className="figure__value">{formatCents(data.end_nav_cents)}</dd>
            </div>
          </dl>
          <div className="performance-chart">
            <Segmented
              label="Chart"
              className="performance-views"
              options={[
                { id: 'value', label: 'Value' },
                { id: 'twr', label: 'Time-weighted (start = 100)' },
              ]}
              value={view}
              onChange={setView}
            />
            <Suspense fallback={<ChartSkeleton label="Loading chart…" />}>
              <PerformanceChart
                label={
                  view === 'value'
                    ? `Net asset value against the ${data.benchmark.name} bought with the same deposits`
                    : `Time-weighted growth against the ${data.benchmark.name}, both 100 at the start`
                }
                dates={data.series.map((p) => p.date)}
                unit={view === 'value' ? 'usd' : 'index'}
                drawdown={band}
                markers={flows.map((f) => ({
                  date: f.date,
                  label: `${f.flow_cents > 0 ? 'Deposit' : 'Withdrawal'} ${formatCents(Math.abs(f.flow_cents))}`,
                  up: f.flow_cents > 0,
                }))}
                series={
                  view === 'value'
                    ? [
                        { name: 'Portfolio', values: data.series.map((p) => p.nav_cents / 100) },
                        {
                          name: `${data.benchmark.name} (same deposits)`,
                          values: data.series.map((p) =>
                            p.benchmark_cents === null ? null : p.benchmark_cents / 100,
                          ),
                        },
                      ]
                    : [
                        { name: 'Portfolio', values: data.series.map((p) => p.twr_index) },
                        {
                          name: data.benchmark.name,
                          values: data.series.map((p) => p.benchmark_index),
                        },
                      ]
                }
              />
            </Suspense>
            {band && (
              <p className="performance-chart__key">
                <span className="performance-chart__swatch" aria-hidden="true" /> Shaded: the
                largest drawdown, from its peak to its low, then lighter until it recovered.
              </p>
            )}
          </div>
          {flows.length > 0 && (
            <details className="performance-flows">
              <summary>
                Deposits and withdrawals in this period ({flows.length}), marked + and − on the
                chart
              </summary>
              <ul>
                {flows.map((f) => (
                  <li key={f.date}>
                    {f.date}: {f.flow_cents > 0 ? 'deposit' : 'withdrawal'}{' '}
                    {formatCents(Math.abs(f.flow_cents))}
                  </li>
                ))}
              </ul>
            </details>
          )}

          <RiskFigures risk={data.risk} riskFreeRate={data.risk_free_rate} />

          <h3>Gain over the period</h3>
          <dl className="figures performance-gain">
            <div className="figure">
              <dt className="figure__label">Total</dt>
              <dd className="figure__value">{formatCents(data.gain.total_cents)}</dd>
            </div>
            <div className="figure">
              <dt className="figure__label">Realised</dt>
              <dd className="figure__value">{formatCents(data.gain.realised_cents)}</dd>
            </div>
            <div className="figure">
              <dt className="figure__label">Unrealised</dt>
              <dd className="figure__value">{formatCents(data.gain.unrealised_cents)}</dd>
            </div>
            <div className="figure">
              <dt className="figure__label">Dividends</dt>
              <dd className="figure__value" data-testid="gain-dividends">
                {formatCents(data.gain.dividend_cents)}
              </dd>
            </div>
            <div className="figure">
              <dt className="figure__label">Fees</dt>
              <dd className="figure__value">{formatCents(data.gain.fee_cents)}</dd>
            </div>
          </dl>

          <h3>Holdings</h3>
          <TableScroll label="Cost and return by stock">
            <table className="portfolio-table portfolio-table--compact performance-holdings">
              <caption>
                Cost by the{' '}
                {data.cost_method === 'fifo' ? 'first in, first out (FIFO)' : 'average-cost'} method
              </caption>
              <TableHead
                columns={[
                  'Symbol',
                  num('Quantity'),
                  num('Cost a share'),
                  num('Value'),
                  num('Weight'),
                  num('Unrealised'),
                  num('Realised'),
                  num('Dividends'),
                  num('Time-weighted since first buy'),
                ]}
              />
              <tbody>
                {data.holdings.map((h) => (
                  <tr key={h.symbol}>
                    <th scope="row">{h.symbol}</th>
                    <td className="num">{formatQuantity(h.quantity)}</td>
                    <td className="num">{h.quantity > 0 ? formatUsd(h.average_cost) : '—'}</td>
                    <td className="num">{formatCents(h.value_cents)}</td>
                    <td className="num">
                      {h.weight === null ? 'N/A' : formatPercent(h.weight, { fromFraction: true })}
                    </td>
                    <td className="num">{formatCents(h.unrealised_cents)}</td>
                    <td className="num">{formatCents(h.realised_cents)}</td>
                    <td className="num">{formatCents(h.dividend_cents)}</td>
                    <td className="num">
                      {formatPercent(h.twr_since_first_buy, { fromFraction: true })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>

          <div className="performance-allocation">
            <h3>Allocation</h3>
            <Segmented
              label="Allocation by"
              options={GROUPINGS}
              value={grouping}
              onChange={setGrouping}
            />
          </div>
          <Suspense fallback={<ChartSkeleton label="Loading chart…" />}>
            <AllocationDonut
              label={`Allocation by ${grouping}, cash included`}
              slices={allocationSlices(data, grouping)}
            />
          </Suspense>

          <h3>Monthly returns (time-weighted)</h3>
          <MonthlyHeatmap monthly={data.monthly} />

          <LotsTables lots={data.lots} portfolioId={portfolioId} portfolioName={portfolioName} />

          <section
            className="performance-settings-card"
            aria-labelledby="performance-settings-title"
          >
            <h3 id="performance-settings-title">Settings</h3>
            <PerformanceSettings
              portfolioId={portfolioId}
              costMethod={data.cost_method}
              riskFreeRate={data.risk_free_rate}
            />
          </section>
        </div>
      )}
    </section>
  );
}
