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
        <FigureNote
          label="Volatility"
          question="How is the volatility worked out?"
          note={risk.volatility.formula}
          testId="risk-volatility"
        >
          {risk.volatility.kind === 'value' ? (
            `${percent(risk.volatility.value)} a year`
          ) : (
            <Unavailable figure={risk.volatility} />
          )}
        </FigureNote>
        <FigureNote
          label="Maximum drawdown"
          question="How is the maximum drawdown worked out?"
          note={dd.formula}
          testId="risk-drawdown"
        >
          {dd.kind === 'unavailable' ? (
            <Unavailable figure={dd} />
          ) : dd.peak === null ? (
            <>
              0.00% <span className="figure__sub">no fall in this period</span>
            </>
          ) : (
            <>
              {percent(dd.value)}{' '}
              <span className="figure__sub">
                {dd.peak} to {dd.trough},{' '}
                {dd.recovery ? `recovered ${dd.recovery}` : 'not recovered yet'}
              </span>
            </>
          )}
        </FigureNote>
        <FigureNote
          label="Sharpe ratio"
          question="How is the Sharpe ratio worked out?"
          note={risk.sharpe.formula}
          testId="risk-sharpe"
        >
          {ratio(risk.sharpe)}
        </FigureNote>
        <FigureNote
          label="Beta (S&P 500)"
          question="How is the beta worked out?"
          note={risk.beta.formula}
          testId="risk-beta"
        >
          {ratio(risk.beta)}
        </FigureNote>
        <FigureNote
          label="Correlation (S&P 500)"
          question="How is the correlation worked out?"
          note={risk.correlation.formula}
          testId="risk-correlation"
        >
          {ratio(risk.correlation)}
        </FigureNote>
        <FigureNote
          label="Best day"
          question="How is the best day found?"
          note={risk.best_day.formula}
          testId="risk-best-day"
        >
          {day(risk.best_day)}
        </FigureNote>
        <FigureNote
          label="Worst day"
          question="How is the worst day found?"
          note={risk.worst_day.formula}
          testId="risk-worst-day"
        >
          {day(risk.worst_day)}
        </FigureNote>
        <FigureNote
          label="Best month"
          question="How is the best month found?"
          note={risk.best_month.formula}
          testId="risk-best-month"
        >
          {month(risk.best_month)}
        </FigureNote>
        <FigureNote
          label="Worst month"
          question="How is the worst month found?"
          note={risk.worst_month.formula}
          testId="risk-worst-month"
        >
          {month(risk.worst_month)}
        </FigureNote>
      </dl>
    </section>
  );
}
