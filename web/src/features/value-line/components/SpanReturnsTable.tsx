import { useMemo } from 'react';
import { formatDisplayDate } from '../../../../../shared/format/dates';
import { formatNumber, formatPrice } from '../../../../../shared/format/money';
import {
  dividendsByYear,
  spanDividends,
  spanReturns,
  type SpanReturn,
} from '../../../../../shared/valuation/span-returns';
import type { DailyClose } from '../../../../../shared/valuation/value-line';
import { useSpanData } from '../api/get-span-data';

const pct = (n: number | null) =>
  n === null ? 'N/A' : `${n > 0 ? '+' : ''}${formatNumber(n, 1)}%`;

/**
 * Beneath the value line: the span's price return, total return (dividends reinvested) and the
 * S&P 500's total return, each over the span and a year, and the dividends paid per share,
 * over the span and by year (decision 187).
 */
export function SpanReturnsTable({
  symbol,
  closes,
  from,
  to,
}: {
  symbol: string;
  closes: readonly DailyClose[];
  from: string;
  to: string;
}) {
  const span = useSpanData(symbol, to);
  const returns = useMemo(
    () =>
      spanReturns(
        closes.map(([date, close]) => ({ date, close })),
        span.dividends,
        span.index,
        from,
        to,
      ),
    [closes, span.dividends, span.index, from, to],
  );
  const byYear = useMemo(
    () =>
      returns && span.dividends
        ? dividendsByYear(spanDividends(span.dividends, returns.from, returns.to))
        : [],
    [returns, span.dividends],
  );
  if (span.pending || !returns) return null;
  const row = (label: string, r: SpanReturn | null, key: string) => (
    <tr data-row={key}>
      <th scope="row">{label}</th>
      <td data-cell="cumulative">{r ? pct(r.cumulative) : 'N/A'}</td>
      <td data-cell="annual">{r ? pct(r.annual) : 'N/A'}</td>
    </tr>
  );
  return (
    <div className="value-line__forecast" data-testid="value-line-returns" data-from={from}>
      <h3 className="value-line__subtitle">Returns over the line’s span</h3>
      <p className="value-line__note">
        From the close of {formatDisplayDate(returns.from)} to {formatDisplayDate(returns.to)};
        total returns reinvest each dividend at its ex-dividend date’s close.{' '}
        {returns.dividends === null ? (
          'The company’s dividends could not be read: price return only.'
        ) : (
          <span data-testid="value-line-dividends">
            Dividends paid: {formatPrice(returns.dividends.perShare, 'USD')} a share (
            {returns.dividends.payments} payments).
          </span>
        )}
      </p>
      <div className="value-line__table-wrap" role="region" aria-label="Returns table" tabIndex={0}>
        <table className="value-line__table" aria-label="Returns over the line’s span">
          <thead>
            <tr>
              <th scope="col">Return</th>
              <th scope="col">Over the span</th>
              <th scope="col">A year</th>
            </tr>
          </thead>
          <tbody>
            {row('Price return', returns.price, 'price')}
            {row('Total return', returns.total, 'total')}
            {row('S&P 500 total return', returns.index, 'index')}
          </tbody>
        </table>
      </div>
      {byYear.length > 0 && (
        <div
          className="value-line__table-wrap"
          role="region"
          aria-label="Dividends by year table"
          tabIndex={0}
        >
          <table
            className="value-line__table"
            aria-label="Dividends paid per share by year"
            data-testid="value-line-dividends-by-year"
          >
            <thead>
              <tr>
                <th scope="col">Year (ex-dividend)</th>
                <th scope="col">Dividends a share</th>
                <th scope="col">Payments</th>
              </tr>
            </thead>
            <tbody>
              {byYear.map((y) => (
                <tr key={y.year} data-year={y.year}>
                  <th scope="row">{y.year}</th>
                  <td data-cell="per-share">{formatPrice(y.perShare, 'USD')}</td>
                  <td data-cell="payments">{y.payments}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
