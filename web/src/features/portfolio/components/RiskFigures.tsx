import type { ReactNode } from 'react';
import { formatNumber, formatPercent } from '../../../../../shared/format/money';
import type { RiskViewData } from '../../../../../shared/schemas/portfolio-performance';
import { FigureNote } from './FigureNote';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

type Figure = RiskViewData[keyof Omit<RiskViewData, 'trading_days' | 'calendar'>];

const percent = (rate: number) => formatPercent(rate, { fromFraction: true });
const signed = (rate: number) => `${rate > 0 ? '+' : ''}${percent(rate)}`;

function Unavailable({ figure }: { figure: Figure }) {
  if (figure.kind !== 'unavailable') return null;
  return (
    <>
      N/A <span className="figure__reason">({figure.message})</span>
    </>
  );
}

/** The period's risk figures, each with how it is worked out on hover or tap. */
export function RiskFigures({ risk, riskFreeRate }: { risk: RiskViewData; riskFreeRate: number }) {
  const dd = risk.max_drawdown;
  const month = (f: RiskViewData['best_month']) =>
    f.kind === 'value' ? (
      <>
        {signed(f.value)}{' '}
        <span className="figure__sub">
          in {MONTHS[f.month - 1]} {f.year}
          {f.partial ? ' (part of the month)' : ''}
        </span>
      </>
    ) : (
      <Unavailable figure={f} />
    );
  const day = (f: RiskViewData['best_day']) =>
    f.kind === 'value' ? (
      <>
        {signed(f.value)} <span className="figure__sub">on {f.date}</span>
      </>
    ) : (
      <Unavailable figure={f} />
    );
  const ratio = (f: Figure) =>
    f.kind === 'value' ? formatNumber(f.value, 2) : <Unavailable figure={f} />;

  const drawdown =
    dd.kind === 'unavailable' ? (
      <Unavailable figure={dd} />
    ) : dd.peak === null ? (
      <>
        0.00% <span className="figure__sub">no fall in this period</span>
      </>
    ) : (
      <>
        {percent(dd.value)}{' '}
        <span className="figure__sub">
          {dd.peak} to {dd.trough}, {dd.recovery ? `recovered ${dd.recovery}` : 'not recovered yet'}
        </span>
      </>
    );
  const volatility =
    risk.volatility.kind === 'value' ? (
      `${percent(risk.volatility.value)} a year`
    ) : (
      <Unavailable figure={risk.volatility} />
    );
  // Each figure with the question that opens how it is worked out.
  const items: {
    label: string;
    question: string;
    figure: Figure;
    testId: string;
    shown: ReactNode;
  }[] = [
    {
      label: 'Volatility',
      question: 'How is the volatility worked out?',
      figure: risk.volatility,
      testId: 'risk-volatility',
      shown: volatility,
    },
    {
      label: 'Maximum drawdown',
      question: 'How is the maximum drawdown worked out?',
      figure: dd,
      testId: 'risk-drawdown',
      shown: drawdown,
    },
    {
      label: 'Sharpe ratio',
      question: 'How is the Sharpe ratio worked out?',
      figure: risk.sharpe,
      testId: 'risk-sharpe',
      shown: ratio(risk.sharpe),
    },
    {
      label: 'Beta (S&P 500)',
      question: 'How is the beta worked out?',
      figure: risk.beta,
      testId: 'risk-beta',
      shown: ratio(risk.beta),
    },
    {
      label: 'Correlation (S&P 500)',
      question: 'How is the correlation worked out?',
      figure: risk.correlation,
      testId: 'risk-correlation',
      shown: ratio(risk.correlation),
    },
    {
      label: 'Best day',
      question: 'How is the best day found?',
      figure: risk.best_day,
      testId: 'risk-best-day',
      shown: day(risk.best_day),
    },
    {
      label: 'Worst day',
      question: 'How is the worst day found?',
      figure: risk.worst_day,
      testId: 'risk-worst-day',
      shown: day(risk.worst_day),
    },
    {
      label: 'Best month',
      question: 'How is the best month found?',
      figure: risk.best_month,
      testId: 'risk-best-month',
      shown: month(risk.best_month),
    },
    {
      label: 'Worst month',
      question: 'How is the worst month found?',
      figure: risk.worst_month,
      testId: 'risk-worst-month',
      shown: month(risk.worst_month),
    },
  ];

  return (
    <section className="performance-risk" aria-labelledby="performance-risk-title">
      <h3 id="performance-risk-title">
        Risk{' '}
        <span className="performance-risk__basis">
          over {risk.trading_days} trading days
          {risk.calendar === 'weekdays' ? ' (weekdays: no S&P 500 closes)' : ''}, risk-free rate{' '}
          {formatNumber(riskFreeRate, 2)}% a year
        </span>
      </h3>
      <dl className="figures">
        {items.map((item) => (
          <FigureNote
            key={item.testId}
            label={item.label}
            question={item.question}
            note={item.figure.formula}
            testId={item.testId}
          >
            {item.shown}
          </FigureNote>
        ))}
      </dl>
    </section>
  );
}
