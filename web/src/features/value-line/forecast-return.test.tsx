import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../../../shared/format/money';
import { forecastReturn, type Forecast } from '../../../../shared/valuation/forecast';
import { ForecastPanel } from './components/ForecastPanel';

/*
 * The forecast panel's return (decision 198): a total return with the last twelve months'
 * dividends held flat, said so with the amount; the price return for a company that paid none;
 * "price only" when the dividends could not be read. Each figure is the shared function's.
 */

const range = (avg: number) => ({ avg, low: avg * 0.9, high: avg * 1.1, analysts: 12 });
const forecast: Forecast = {
  from: '2026-03-10',
  met: { years: 0, met: 0 },
  years: [
    { date: '2026-12-31', eps: range(6), value: 90, low: 81, high: 99, drawn: true },
    { date: '2027-12-31', eps: range(7), value: 105, low: 94.5, high: 115.5, drawn: true },
  ],
};
const sentence = (dividendsPerYear: number | null) => {
  const { unmount } = render(
    <ForecastPanel
      forecast={forecast}
      multiple={15}
      multipleName="15.00x, your P/E"
      normal={20}
      price={80}
      readOn="2026-03-10"
      dividendsPerYear={dividendsPerYear}
    />,
  );
  const text = screen.getByTestId('value-line-forecast-return').textContent ?? '';
  unmount();
  return text;
};
const pct = (n: number) => `${n > 0 ? '+' : ''}${formatNumber(n, 1)}%`;

describe('the forecast’s return', () => {
  it('includes the last twelve months’ dividends held flat, at the line’s and the normal multiple', () => {
    const year = forecast.years[1]!;
    const at15 = forecastReturn(80, '2026-03-10', year, 15, 2.4)!;
    const at20 = forecastReturn(80, '2026-03-10', year, 20, 2.4)!;
    expect(at15).toBeGreaterThan(forecastReturn(80, '2026-03-10', year, 15)!);
    expect(sentence(2.4)).toBe(
      `Annual total return from $80.00 to the estimated value for the year ending 2027-12-31: ${pct(at15)} a year at 15.00x · ${pct(at20)} a year at the company’s normal P/E of 20.00x (its 10-yr median) (dividends included: the last twelve months’ $2.40 a share held flat each year, not reinvested).`,
    );
  });

  it('is the price return without dividends, said which', () => {
    const year = forecast.years[1]!;
    const price = pct(forecastReturn(80, '2026-03-10', year, 15)!);
    expect(sentence(0)).toMatch(
      new RegExp(
        `^Annual total return .*: \\${price} a year at 15\\.00x .*\\(no dividends in the last twelve months: the price return\\)\\.$`,
      ),
    );
    expect(sentence(null)).toMatch(
      new RegExp(
        `^Annual price return .*: \\${price} a year at 15\\.00x .*\\(price only: the company’s dividends could not be read\\)\\.$`,
      ),
    );
  });
});
