import { describe, expect, test } from 'vitest';
import { formatNumber, formatPrice } from '../../shared/format/money';
import { canonicalReadQuery, parseProxyRequest } from '../../shared/market';
import {
  dividendsByYear,
  indexFundFrom,
  spanDividends,
  spanReturns,
  type SpanReturn,
} from '../../shared/valuation/span-returns';
import { valueLineResponse } from '../../shared/valuation/value-line-api';
import { apiClient } from '../support/api';
import { newPage, SLOW } from './support/browser';
import { checkBothWidths, WALKS } from './support/walk';
import { drawnValueLine } from './support/value-line';

/*
 * The value line's span in returns (decision 187), on a phone and a desktop: the price return,
 * the total return with dividends reinvested and the S&P 500's total return over the line's
 * days, each over the span and a year, and the dividends paid: the figures the shared function
 * gives from the same market reads; the dividends drawn as bars beneath the price, named in the
 * chart's name and legend, and summed by year in a table.
 */

/** Pixels of the dividends' colour (#2f855a) in the chart's bottom fifth, where their grid is. */
const DIVIDEND_PIXELS = `(() => {
  const canvas = document.querySelector('[data-testid="value-line-returns"]')
    ?.closest('section')?.querySelector('.value-line__chart canvas');
  if (!canvas) return -1;
  const ctx = canvas.getContext('2d');
  const top = Math.floor(canvas.height * 0.8);
  const { data } = ctx.getImageData(0, top, canvas.width, canvas.height - top);
  let n = 0;
  for (let i = 0; i < data.length; i += 4)
    if (Math.abs(data[i] - 47) < 12 && Math.abs(data[i + 1] - 133) < 12 && Math.abs(data[i + 2] - 90) < 12) n++;
  return n;
})()`;

const api = apiClient();

/** A market read through the edge-cached route, as the app makes it. */
async function read(url: string): Promise<Record<string, unknown>[]> {
  const query = canonicalReadQuery(parseProxyRequest({ url, method: 'GET', parameters: {} }));
  const res = await api.get<{ data: Record<string, unknown>[] }>('/api/market/read', { query });
  expect(res.status, url).toBe(200);
  return res.body.data;
}
const dividendsOf = (rows: Record<string, unknown>[]) =>
  rows.map((r) => ({ date: String(r.date).slice(0, 10), adjDividend: Number(r.adjDividend) }));
const pct = (n: number | null) =>
  n === null ? 'N/A' : `${n > 0 ? '+' : ''}${formatNumber(n, 1)}%`;

describe.each(WALKS)('at $load px wide', (walk) => {
  test('a dividend payer’s price and total return over the line’s span beside the S&P 500’s', async () => {
    const { page, open, errors } = await newPage({ width: walk.load, height: 900 });
    await open('/Market?symbol=KO');
    await page.locator('.company-header__name').waitFor(SLOW);
    const section = await drawnValueLine(page);
    const table = section.getByTestId('value-line-returns');
    await table.waitFor(SLOW);

    const line = valueLineResponse.parse(
      (await api.get('/api/market/value-line?symbol=KO')).body,
    ).data;
    const from = (await table.getAttribute('data-from'))!;
    const to = line.closes.at(-1)![0];
    const padded = indexFundFrom(to);
    const expected = spanReturns(
      line.closes.map(([date, close]) => ({ date, close })),
      dividendsOf(await read('historical-price-full/stock_dividend/KO')),
      {
        closes: (await read(`historical-price-full/SPY?from=${padded}&to=${to}`)).map((r) => ({
          date: String(r.date).slice(0, 10),
          close: Number(r.close),
        })),
        dividends: dividendsOf(await read('historical-price-full/stock_dividend/SPY')),
      },
      from,
      to,
    )!;
    // KO pays every quarter: the total return is above the price return.
    expect(expected.total!.cumulative).toBeGreaterThan(expected.price.cumulative);
    expect(expected.dividends!.payments).toBeGreaterThan(30);
    const cells = (row: string) => table.locator(`[data-row="${row}"] td`).allTextContents();
    const shown = (r: SpanReturn | null) => [pct(r?.cumulative ?? null), pct(r?.annual ?? null)];
    expect(await cells('price')).toEqual(shown(expected.price));
    expect(await cells('total')).toEqual(shown(expected.total));
    expect(await cells('index')).toEqual(shown(expected.index));
    expect(await table.getByTestId('value-line-dividends').textContent()).toBe(
      `Dividends paid: ${formatPrice(expected.dividends!.perShare, 'USD')} a share (${expected.dividends!.payments} payments).`,
    );

    // The dividends beneath the price: named, drawn, and by year the same list's sums.
    expect(
      await section
        .getByRole('img', { name: /with the dividends paid per share beneath it/ })
        .count(),
    ).toBe(1);
    expect(
      await section.getByTestId('value-line-legend').locator('[data-legend="dividends"]').count(),
    ).toBe(1);
    await expect.poll(() => page.evaluate(DIVIDEND_PIXELS), SLOW).toBeGreaterThan(20);
    const paid = spanDividends(
      dividendsOf(await read('historical-price-full/stock_dividend/KO')),
      expected.from,
      expected.to,
    );
    const years = table.getByTestId('value-line-dividends-by-year').locator('tbody tr');
    const byYear = dividendsByYear(paid);
    expect(await years.count()).toBe(byYear.length);
    for (const [i, y] of byYear.entries()) {
      expect(await years.nth(i).locator('th').textContent()).toBe(y.year);
      expect(await years.nth(i).locator('[data-cell="per-share"]').textContent()).toBe(
        formatPrice(y.perShare, 'USD'),
      );
    }

    expect(await checkBothWidths(page, walk, 'value line with its returns')).toEqual([]);
    expect(errors).toEqual([]);
  });
});
