import { lazy, Suspense, useId, useState } from 'react';
import { formatPercent } from '../../../../../shared/format/money';
import type { Period } from '../../../../../shared/portfolio/returns';
import type {
  PerformanceData,
  RateFigureView,
} from '../../../../../shared/schemas/portfolio-performance';
import { ACTIVITY_CSV_COLUMNS } from '../../../../../shared/portfolio/activity';
import { ExportCsvButton } from '../../../components/ExportCsvButton';
import { Loading } from '../../../components/Loading';
import { portfolioActivity } from '../api/activity';
import { usePortfolioPerformance } from '../api/performance';
import { ImportWizard } from './ImportWizard';
import { formatCents } from '../returns';

const PerformanceChart = lazy(() => import('./PerformanceChart'));
const AllocationDonut = lazy(() => import('./AllocationChart'));

const PERIODS: readonly { id: Period; label: string }[] = [
  { id: '1M', label: '1M' },
  { id: '3M', label: '3M' },
  { id: 'YTD', label: 'YTD' },
  { id: '1Y', label: '1Y' },
  { id: '3Y', label: '3Y' },
  { id: '5Y', label: '5Y' },
  { id: 'MAX', label: 'Max' },
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

function ReturnFigure({
  id,
  label,
  figure,
  note,
}: {
  id: string;
  label: string;
  figure: RateFigureView;
  note: string;
}) {
  const [open, setOpen] = useState(false);
  const noteId = useId();
  return (
    <div className="performance-return">
      <dt>
        {label}{' '}
        <button
          type="button"
          className="performance-return__info"
          aria-expanded={open}
          aria-controls={noteId}
          aria-label={`What is the ${label.toLowerCase()} return?`}
          title={note}
          onClick={() => setOpen((o) => !o)}
        >
          ?
        </button>
      </dt>
      <dd data-testid={`return-${id}`} aria-describedby={noteId}>
        {rateText(figure)}
        {figure.kind === 'unavailable' && (
          <span className="performance-return__reason"> ({figure.message})</span>
        )}
      </dd>
      <p id={noteId} className="performance-return__note" hidden={!open}>
        {note}
      </p>
    </div>
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function heat(rate: number): string {
  const strength = Math.min(1, Math.abs(rate) / 0.1);
  return rate >= 0
    ? `rgba(22, 163, 74, ${0.15 + strength * 0.6})`
    : `rgba(220, 38, 38, ${0.15 + strength * 0.6})`;
}

function MonthlyHeatmap({ monthly }: { monthly: PerformanceData['monthly'] }) {
  const years = [...new Set(monthly.map((m) => m.year))].sort((a, b) => b - a);
  const at = new Map(monthly.map((m) => [`${m.year}-${m.month}`, m.rate]));
  return (
    <table className="performance-heatmap" aria-label="Monthly time-weighted returns">
      <thead>
        <tr>
          <th scope="col">Year</th>
          {MONTHS.map((m) => (
            <th key={m} scope="col">
              {m}
            </th>
          ))}
        </tr>
      </thead>
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
  );
}

type Grouping = 'holding' | 'sector' | 'industry';

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

/** The portfolio's history against the S&P 500, returns for a period, gains, holdings and allocation. */
export function PerformancePanel({ portfolioId }: { portfolioId: string }) {
  const [period, setPeriod] = useState<Period>('1Y');
  const [custom, setCustom] = useState({ from: '', to: '' });
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
  return (
    <section className="portfolio-performance" aria-label="Performance">
      <h2>Performance</h2>
      <ImportWizard portfolioId={portfolioId} />
      <p className="portfolio-hint">
        This portfolio’s deposits, withdrawals, trades and dividends, in the columns the import
        reads (a new portfolio importing them gets the same history):{' '}
        <ExportCsvButton
          what="Activity"
          columns={ACTIVITY_CSV_COLUMNS}
          rows={() => portfolioActivity(portfolioId)}
        />
      </p>
      <div className="performance-periods" role="group" aria-label="Period">
        {PERIODS.map((p) => (
          <button
            key={p.id}
            type="button"
            aria-pressed={period === p.id}
            onClick={() => setPeriod(p.id)}
          >
            {p.label}
          </button>
        ))}
      </div>
      {period === 'custom' && (
        <form
          className="performance-custom"
          onSubmit={(e) => {
            e.preventDefault();
            setApplied(custom);
          }}
        >
          <label>
            From{' '}
            <input
              type="date"
              value={custom.from}
              onChange={(e) => setCustom({ ...custom, from: e.target.value })}
            />
          </label>
          <label>
            To{' '}
            <input
              type="date"
              value={custom.to}
              onChange={(e) => setCustom({ ...custom, to: e.target.value })}
            />
          </label>
          <button type="submit" disabled={!custom.from || !custom.to || custom.from > custom.to}>
            Show
          </button>
        </form>
      )}
      {!ready ? (
        <p className="portfolio-hint">Choose the first and last day of the period.</p>
      ) : query.isPending ? (
        <Loading label="Loading performance…" />
      ) : query.isError || !data ? (
        <p className="notice notice--error">
          The performance could not be loaded. Please try again.
        </p>
      ) : (
        <>
          <p className="performance-range" data-testid="performance-range">
            {data.start} to {data.end} ({data.days} days)
            {data.clipped ? ', from the portfolio’s first day' : ''}
          </p>
          <dl className="performance-returns">
            <ReturnFigure
              id="twr"
              label="Time-weighted"
              figure={data.twr}
              note={RETURN_NOTES.twr}
            />
            <ReturnFigure
              id="mwr"
              label="Money-weighted"
              figure={data.mwr}
              note={RETURN_NOTES.mwr}
            />
          </dl>
          <div className="performance-views" role="group" aria-label="Chart">
            <button type="button" aria-pressed={view === 'value'} onClick={() => setView('value')}>
              Value
            </button>
            <button type="button" aria-pressed={view === 'twr'} onClick={() => setView('twr')}>
              Time-weighted (start = 100)
            </button>
          </div>
          <Suspense fallback={<Loading label="Loading chart…" />}>
            <PerformanceChart
              label={
                view === 'value'
                  ? `Net asset value against the ${data.benchmark.name} bought with the same deposits`
                  : `Time-weighted growth against the ${data.benchmark.name}, both 100 at the start`
              }
              dates={data.series.map((p) => p.date)}
              unit={view === 'value' ? 'usd' : 'index'}
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
          <h3>Gain over the period</h3>
          <dl className="performance-gain">
            <div>
              <dt>Total</dt>
              <dd data-testid="gain-total">{formatCents(data.gain.total_cents)}</dd>
            </div>
            <div>
              <dt>Realised</dt>
              <dd>{formatCents(data.gain.realised_cents)}</dd>
            </div>
            <div>
              <dt>Unrealised</dt>
              <dd>{formatCents(data.gain.unrealised_cents)}</dd>
            </div>
            <div>
              <dt>Dividends</dt>
              <dd data-testid="gain-dividends">{formatCents(data.gain.dividend_cents)}</dd>
            </div>
            <div>
              <dt>Fees</dt>
              <dd>{formatCents(data.gain.fee_cents)}</dd>
            </div>
          </dl>
          <h3>Holdings</h3>
          <table className="performance-holdings">
            <caption>Average cost per share by the average-cost method</caption>
            <thead>
              <tr>
                <th scope="col">Symbol</th>
                <th scope="col">Quantity</th>
                <th scope="col">Average cost</th>
                <th scope="col">Value</th>
                <th scope="col">Weight</th>
                <th scope="col">Unrealised</th>
                <th scope="col">Realised</th>
                <th scope="col">Dividends</th>
                <th scope="col">Time-weighted since first buy</th>
              </tr>
            </thead>
            <tbody>
              {data.holdings.map((h) => (
                <tr key={h.symbol}>
                  <th scope="row">{h.symbol}</th>
                  <td>{h.quantity}</td>
                  <td>${h.average_cost.toFixed(2)}</td>
                  <td>{formatCents(h.value_cents)}</td>
                  <td>
                    {h.weight === null ? 'N/A' : formatPercent(h.weight, { fromFraction: true })}
                  </td>
                  <td>{formatCents(h.unrealised_cents)}</td>
                  <td>{formatCents(h.realised_cents)}</td>
                  <td>{formatCents(h.dividend_cents)}</td>
                  <td>{formatPercent(h.twr_since_first_buy, { fromFraction: true })}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>Allocation</h3>
          <label>
            By{' '}
            <select value={grouping} onChange={(e) => setGrouping(e.target.value as Grouping)}>
              <option value="holding">Holding</option>
              <option value="sector">Sector</option>
              <option value="industry">Industry</option>
            </select>
          </label>
          <Suspense fallback={<Loading label="Loading chart…" />}>
            <AllocationDonut
              label={`Allocation by ${grouping}, cash included`}
              slices={allocationSlices(data, grouping)}
            />
          </Suspense>
          <h3>Monthly returns (time-weighted)</h3>
          <MonthlyHeatmap monthly={data.monthly} />
        </>
      )}
    </section>
  );
}
