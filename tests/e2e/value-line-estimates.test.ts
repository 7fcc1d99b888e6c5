import { describe, expect, test } from 'vitest';
import { formatDisplayDate } from '../../shared/format/dates';
import { formatNumber, formatPrice } from '../../shared/format/money';
import { estimatesResponse } from '../../shared/valuation/estimates-api';
import { canonicalReadQuery, parseProxyRequest } from '../../shared/market';
import { forecastReturn, forecastYears, trailingDividends } from '../../shared/valuation/forecast';
import {
  companyMedianMultiple,
  quarterBases,
  splitAdjusted,
} from '../../shared/valuation/value-line';
import { valueLineResponse } from '../../shared/valuation/value-line-api';
import { apiClient } from '../support/api';
import { newPage, SLOW } from './support/browser';
import { checkBothWidths, WALKS } from './support/walk';
import { drawnValueLine } from './support/value-line';

/*
 * Analysts' estimates on the company view's value line (decision 186), as an investor reads them
 * on a phone and a desktop: the coming fiscal years dashed after the last close and named in
 * the legend as estimates, each year's consensus EPS, range, number of analysts and value at
 * the line's multiple in a table (the figures the shared function gives), the annual total
 * return to the farthest year's value (the last twelve months' dividends held flat: decision
 * 198) and how often earlier consensus was met; nothing drawn before the day the consensus was
 * read.
 */

const api = apiClient();
const pct = (n: number) => `${n > 0 ? '+' : ''}${formatNumber(n, 1)}%`;

describe.each(WALKS)('at $load px wide', (walk) => {
  test('the P/E line’s forecast years from analysts’ estimates, labelled, counted and valued', async () => {
    const { page, open, errors } = await newPage({ width: walk.load, height: 900 });
    await open('/Market?symbol=MSFT');
    await page.locator('.company-header__name').waitFor(SLOW);
    const section = await drawnValueLine(page);
    const panel = section.getByTestId('value-line-forecast');
    await panel.waitFor(SLOW);

    // The same figures from the routes, through the shared functions.
    const line = valueLineResponse.parse(
      (await api.get('/api/market/value-line?symbol=MSFT')).body,
    ).data;
    const estimates = estimatesResponse.parse(
      (await api.get('/api/market/estimates?symbol=MSFT')).body,
    );
    const bases = quarterBases(1, splitAdjusted(line.quarters, line.splits));
    const median = companyMedianMultiple(1, bases, line.closes).median!;
    const readOn = estimates.asOf.slice(0, 10);
    const forecast = forecastYears(estimates.data, readOn, line.closes.at(-1)![0], median);
    expect(forecast.years.length).toBeGreaterThanOrEqual(3);
    // Never drawn before the consensus existed, and every year drawn ends after that day.
    expect(forecast.from >= readOn).toBe(true);
    for (const y of forecast.years.filter((x) => x.drawn))
      expect(y.date > forecast.from).toBe(true);

    const rows = panel.locator('tbody tr');
    await expect.poll(() => rows.count(), SLOW).toBe(forecast.years.length);
    for (const [i, y] of forecast.years.entries()) {
      const row = rows.nth(i);
      expect(await row.getAttribute('data-year')).toBe(y.date);
      expect(await row.locator('[data-cell="eps"]').textContent()).toBe(formatNumber(y.eps.avg, 2));
      expect(await row.locator('[data-cell="analysts"]').textContent()).toBe(
        String(y.eps.analysts),
      );
      expect(await row.locator('[data-cell="value"]').textContent()).toBe(
        y.value === null ? 'N/A' : formatPrice(y.value, 'USD'),
      );
    }
    expect(await panel.textContent()).toContain(
      `Consensus EPS as read on ${formatDisplayDate(readOn)}`,
    );
    expect(await panel.textContent()).toContain('estimates, not reported figures');
    expect(await section.getByTestId('value-line-forecast-met').textContent()).toBe(
      `Reported EPS met or beat the consensus in ${forecast.met.met} of ${forecast.met.years} earlier fiscal years.`,
    );
    // The total return to the farthest drawn year, the company's dividends of the last twelve
    // months held flat: the shared function's figure from the same reads.
    const query = canonicalReadQuery(
      parseProxyRequest({
        url: 'historical-price-full/stock_dividend/MSFT',
        method: 'GET',
        parameters: {},
      }),
    );
    const dividends = (
      await api.get<{ data: Record<string, unknown>[] }>('/api/market/read', { query })
    ).body.data.map((r) => ({
      date: String(r.date).slice(0, 10),
      adjDividend: Number(r.adjDividend),
    }));
    const perYear = trailingDividends(dividends, forecast.from)!;
    expect(perYear).toBeGreaterThan(0);
    const target = forecast.years.filter((y) => y.drawn && y.value !== null).at(-1)!;
    const total = forecastReturn(line.closes.at(-1)![1], forecast.from, target, median, perYear)!;
    await expect
      .poll(() => section.getByTestId('value-line-forecast-return').textContent(), SLOW)
      .toContain(
        `${pct(total)} a year at ${formatNumber(median, 2)}x (dividends included: the last twelve months’ ${formatPrice(perYear, 'USD')} a share held flat each year, not reinvested).`,
      );
    // Named as estimates in the legend and in the chart's name.
    await expect
      .poll(() =>
        section.getByTestId('value-line-legend').locator('[data-legend="estimate"]').textContent(),
      )
      .toMatch(/^Estimate \(dashed\): analysts’ consensus EPS/);
    expect(
      await section.getByRole('img', { name: /with analysts’ estimates after it$/ }).count(),
    ).toBe(1);

    // Another model: the estimates are of EPS, the P/S line has none.
    await section.getByRole('radio', { name: 'P/S' }).click();
    await expect.poll(() => panel.count(), SLOW).toBe(0);
    await section.getByRole('radio', { name: 'P/E' }).click();
    await panel.waitFor(SLOW);

    expect(await checkBothWidths(page, walk, 'value line with estimates')).toEqual([]);
    expect(errors).toEqual([]);
  });
});
