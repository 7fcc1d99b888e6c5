import { lazy, Suspense, useState } from 'react';
import type { IncomeData } from '../../../../../shared/schemas/portfolio-income';
import { ExportCsvButton } from '../../../components/ExportCsvButton';
import { useIncome } from '../api/income';
import { DIVIDEND_CALENDAR_CSV_COLUMNS } from '../export';
import { formatCents, formatFraction } from '../returns';
import { DividendCalendar } from './DividendCalendar';
import { FigureNote } from './FigureNote';
import { IncomeHoldings } from './IncomeHoldings';
import { ChartSkeleton, PerformanceSkeleton } from './PerformanceSkeleton';
import { Segmented } from './Segmented';
import { TableScroll } from './TableScroll';
import { num, TableHead } from './TableHead';

const IncomeChart = lazy(() => import('./IncomeChart'));

export const INCOME_NOTES = {
  forward:
    'What today’s holdings will be paid in the next 12 months: each dividend the companies have declared, on the shares held at its ex-date; for the payments not declared yet, the last 12 months’ dividends again, on the shares held now.',
  yieldOnCost: 'Forward 12-month income ÷ what the shares held cost.',
  currentYield: 'Forward 12-month income ÷ the shares’ value at today’s prices.',
} as const;

const MONTH_ABBR = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];
const monthLabel = (month: string) =>
  `${MONTH_ABBR[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

function Received({ data }: { data: IncomeData }) {
  const [by, setBy] = useState<'month' | 'year'>('month');
  const { months, years } = data.received;
  if (months.length === 0) return <p className="portfolio-hint">No dividends received yet.</p>;
  const bars =
    by === 'month'
      ? months.map((m) => ({ label: monthLabel(m.month), value: m.cents / 100 }))
      : years.map((y) => ({ label: String(y.year), value: y.cents / 100 }));
  return (
    <>
      <Segmented
        label="Dividends received by"
        options={[
          { id: 'month', label: 'Month' },
          { id: 'year', label: 'Year' },
        ]}
        value={by}
        onChange={setBy}
      />
      <Suspense fallback={<ChartSkeleton label="Loading chart…" />}>
        <IncomeChart
          label={`Dividends received by ${by}, ${bars[0]!.label} to ${bars.at(-1)!.label}: ${formatCents(data.received.total_cents)} in all`}
          bars={bars}
        />
      </Suspense>
      <TableScroll label="Dividends received by year">
        <table
          className="portfolio-table portfolio-table--compact income-years"
          aria-label="Dividends received by year"
        >
          <TableHead columns={['Year', num('Received')]} />
          <tbody>
            {[...years].reverse().map((y) => (
              <tr key={y.year}>
                <th scope="row">{y.year}</th>
                <td className="num">{formatCents(y.cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}

/**
 * Dividend income of a portfolio, or of every portfolio without `portfolioId`: the next 12
 * months, yields, what was received by month and year, each holding's figures, and the
 * upcoming ex-dates and pay dates of the holdings and the watchlist (with a CSV export).
 */
export function IncomePanel({
  portfolioId = null,
  portfolioName,
}: {
  portfolioId?: string | null;
  portfolioName?: string;
}) {
  const query = useIncome(portfolioId);
  const data = query.data;
  const calendarName = `${portfolioName ?? 'All Portfolios'} Dividend Calendar`;
  return (
    <section className="portfolio-performance portfolio-income" aria-label="Income">
      <h2>Income</h2>
      {query.isPending ? (
        <PerformanceSkeleton />
      ) : query.isError || !data ? (
        <p className="notice notice--error">The income could not be loaded. Please try again.</p>
      ) : (
        <div className="performance-body">
          {!data.dividends_complete && (
            <p className="notice" role="status">
              Some dividends could not be read just now; figures may be missing. Please try again
              later.
            </p>
          )}
          {data.portfolios_unavailable.length > 0 && (
            <p className="notice" role="status">
              Left out for now: {data.portfolios_unavailable.join(', ')}.
            </p>
          )}
          <dl className="figures income-figures">
            <FigureNote
              label="Next 12 months"
              question="How is the forward 12-month income worked out?"
              note={INCOME_NOTES.forward}
              testId="income-forward"
            >
              {formatCents(data.forward.total_cents)}
            </FigureNote>
            <div className="figure">
              <dt className="figure__label">Of which declared</dt>
              <dd className="figure__value">
                <span data-testid="income-declared">
                  {formatCents(data.forward.declared_cents)}
                </span>
                <span className="figure__sub">
                  {formatCents(data.forward.trailing_cents)} from the last 12 months
                </span>
              </dd>
            </div>
            <FigureNote
              label="Yield on cost"
              question="How is the yield on cost worked out?"
              note={INCOME_NOTES.yieldOnCost}
              testId="income-yield-on-cost"
            >
              {formatFraction(data.totals.yield_on_cost)}
            </FigureNote>
            <FigureNote
              label="Current yield"
              question="How is the current yield worked out?"
              note={INCOME_NOTES.currentYield}
              testId="income-current-yield"
            >
              {formatFraction(data.totals.current_yield)}
            </FigureNote>
            <div className="figure">
              <dt className="figure__label">Received, last 12 months</dt>
              <dd className="figure__value" data-testid="income-last-12-months">
                {formatCents(data.received.last_12_months_cents)}
              </dd>
            </div>
            <div className="figure">
              <dt className="figure__label">Received in all</dt>
              <dd className="figure__value" data-testid="income-received">
                {formatCents(data.received.total_cents)}
              </dd>
            </div>
          </dl>

          <h3>Dividends received</h3>
          <Received data={data} />

          <h3>By holding</h3>
          <IncomeHoldings data={data} />

          <div className="performance-allocation">
            <h3>Upcoming ex-dates and pay dates</h3>
            <ExportCsvButton
              what={calendarName}
              columns={DIVIDEND_CALENDAR_CSV_COLUMNS}
              rows={data.calendar}
              disabled={data.calendar.length === 0}
            />
          </div>
          <p className="performance-range">
            Your holdings and watchlist over the next 12 months. Declared: announced by the company;
            estimated: last year’s dividend a year on.
          </p>
          <DividendCalendar entries={data.calendar} today={data.today} />
        </div>
      )}
    </section>
  );
}
