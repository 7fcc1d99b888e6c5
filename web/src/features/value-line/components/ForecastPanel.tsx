import { formatNumber, formatPrice } from '../../../../../shared/format/money';
import { formatDisplayDate } from '../../../../../shared/format/dates';
import { forecastReturn, type Forecast } from '../../../../../shared/valuation/forecast';

const pct = (n: number) => `${n > 0 ? '+' : ''}${formatNumber(n, 1)}%`;
const eps = (n: number | null) => (n === null ? 'N/A' : formatNumber(n, 2));
const usd = (n: number | null) => (n === null ? 'N/A' : formatPrice(n, 'USD'));

export interface ForecastPanelProps {
  forecast: Forecast;
  /** The line's multiple and its words ("15.00x, your P/E"). */
  multiple: number;
  multipleName: string;
  /** The company's own 10-year median P/E now (the normal multiple); null without one. */
  normal: number | null;
  /** The last close, from which the annual returns are counted. */
  price: number;
  /** The day the consensus was read (YYYY-MM-DD). */
  readOn: string;
  /**
   * The dividends per share of the twelve months to the forecast's first day, held flat in the
   * return (decision 198); null without the dividends read (price only, said so); undefined
   * while they are read (the return waits for them).
   */
  dividendsPerYear: number | null | undefined;
}

/**
 * Beneath the value line: analysts' consensus EPS for each fiscal year not yet reported, its
 * range and how many analysts gave one, its value at the line's multiple, the annual total return
 * to the farthest year's value at the line's and the company's normal multiple (the trailing
 * dividends held flat: decision 198), and how often the consensus was met before (decision 186).
 */
export function ForecastPanel({
  forecast,
  multiple,
  multipleName,
  normal,
  price,
  readOn,
  dividendsPerYear,
}: ForecastPanelProps) {
  const { years, met, from } = forecast;
  const target = [...years].reverse().find((y) => y.drawn && y.value !== null);
  const at = (m: number) =>
    target ? forecastReturn(price, from, target, m, dividendsPerYear ?? 0) : null;
  const mine = at(multiple);
  const own = normal === null ? null : at(normal);
  return (
    <div className="value-line__forecast" data-testid="value-line-forecast">
      <h3 className="value-line__subtitle">Analysts’ estimates</h3>
      <p className="value-line__note">
        Consensus EPS as read on {formatDisplayDate(readOn)}, drawn dashed from{' '}
        {formatDisplayDate(from)} on, the lowest to highest estimate shaded: estimates, not reported
        figures. Each is valued at {multipleName}.
      </p>
      {/* Scrolls sideways on a narrow phone: focusable so a keyboard can scroll it too. */}
      <div
        className="value-line__table-wrap"
        role="region"
        aria-label="Analysts’ estimates table"
        tabIndex={0}
      >
        <table className="value-line__table" aria-label="Analysts’ EPS estimates by fiscal year">
          <thead>
            <tr>
              <th scope="col">Fiscal year ending</th>
              <th scope="col">EPS estimate</th>
              <th scope="col">Low to high</th>
              <th scope="col">Analysts</th>
              <th scope="col">Value at {formatNumber(multiple, 2)}x</th>
            </tr>
          </thead>
          <tbody>
            {years.map((y) => (
              <tr key={y.date} data-year={y.date}>
                <th scope="row">
                  {formatDisplayDate(y.date)}
                  {!y.drawn && (
                    <span className="value-line__reason"> (ended, not yet reported)</span>
                  )}
                </th>
                <td data-cell="eps">{eps(y.eps.avg)}</td>
                <td data-cell="range">
                  {eps(y.eps.low)} to {eps(y.eps.high)}
                </td>
                <td data-cell="analysts">{y.eps.analysts ?? 'N/A'}</td>
                <td data-cell="value">{usd(y.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {target && dividendsPerYear !== undefined && (
        <p className="value-line__note" data-testid="value-line-forecast-return">
          Annual {dividendsPerYear === null ? 'price' : 'total'} return from {usd(price)} to the
          estimated value for the year ending {formatDisplayDate(target.date)}:{' '}
          {mine === null ? 'N/A' : pct(mine)} a year at {formatNumber(multiple, 2)}x
          {normal !== null && normal !== multiple && (
            <>
              {' '}
              · {own === null ? 'N/A' : pct(own)} a year at the company’s normal P/E of{' '}
              {formatNumber(normal, 2)}x (its 10-yr median)
            </>
          )}{' '}
          {dividendsPerYear === null
            ? '(price only: the company’s dividends could not be read).'
            : dividendsPerYear === 0
              ? '(no dividends in the last twelve months: the price return).'
              : `(dividends included: the last twelve months’ ${formatPrice(dividendsPerYear, 'USD')} a share held flat each year, not reinvested).`}
        </p>
      )}
      <p className="value-line__note" data-testid="value-line-forecast-met">
        {met.years === 0
          ? 'No earlier consensus to compare with what was reported.'
          : `Reported EPS met or beat the consensus in ${met.met} of ${met.years} earlier fiscal years.`}
      </p>
    </div>
  );
}
