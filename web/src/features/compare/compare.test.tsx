import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompareRow } from '../../../../shared/compare/compare';
import { envelope, json, MARKET_READ, stubApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render-with-providers';
import { ComparePage } from './components/ComparePage';

vi.mock('./components/CompareChart', () => ({
  default: ({
    series,
    label,
  }: {
    series: { symbol: string; from: string | null; points: { date: string; value: number }[] }[];
    label: string;
  }) => (
    <div
      data-testid="compare-chart"
      aria-label={label}
      data-series={series
        .map(
          (s) =>
            `${s.symbol}${s.from ? `@${s.from}` : ''}:${s.points.map((p) => p.value).join('/')}`,
        )
        .join('|')}
    />
  ),
}));

const row = (
  symbol: string,
  pe: number | null,
  marketCap: number,
  netMargin: number,
): CompareRow => ({
  symbol,
  company: `${symbol} Inc.`,
  sector: 'Technology',
  price: 100,
  changePercent: 1.5,
  marketCap,
  pe,
  pb: 3,
  ps: 4,
  evEbitda: 12,
  grossMargin: 50,
  operatingMargin: 30,
  netMargin,
  epsGrowthPastYear: 10,
  salesGrowthPast5Years: 8,
  dividendYield: 1,
  debtEq: 0.5,
});

const ROWS = [row('AAPL', 30, 3e12, 25), row('MSFT', 35, 2.9e12, 36), row('KO', 24, 2.7e11, 22)];

/** Closes 50, 55, 60 from 2025-03-07 (the close before the 1Y start) for every symbol. */
const BARS = [
  { date: '2025-03-07', close: 50 },
  { date: '2025-06-02', close: 55 },
  { date: '2026-03-09', close: 60 },
];
/** A company listed within the year: its first close is after the 1Y start (2025-03-10). */
const LATE_BARS = [
  { date: '2025-11-10', close: 20 },
  { date: '2026-03-09', close: 15 },
];
/** One dividend of $1.10 going ex on 2025-06-02 (close 55): 100 -> 112 -> 122.18... */
const DIVIDENDS = [{ symbol: 'KO', date: '2025-06-02', adjDividend: 1.1, dividend: 1.1 }];

const FRESH = {
  snapshotAt: '2026-03-10T14:50:00.000Z',
  session: '2026-03-10',
  refreshMinutes: 15,
  stale: false,
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(
  path: string,
  rows = ROWS,
  missing: string[] = [],
  freshness: typeof FRESH | null = FRESH,
  bars: Record<string, typeof BARS> = {},
) {
  const calls = stubApi((call) => {
    if (call.path === '/config.json')
      return json(200, { apiBaseUrl: '', marketClock: '2026-03-10T15:00:00Z' });
    if (call.path === '/api/market/compare')
      return json(200, {
        ...envelope({ rows, missing, freshness }, '2026-03-10T14:58:00Z'),
        stale: freshness?.stale ?? true,
      });
    if (call.path === MARKET_READ && call.query.kind === 'daily')
      return json(200, envelope(bars[call.query.symbol!] ?? BARS));
    if (call.path === MARKET_READ && call.query.kind === 'dividends')
      return json(200, envelope(call.query.symbol === 'KO' ? DIVIDENDS : []));
    return undefined;
  });
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/Compare"
          element={
            <ComparePage
              picker={(onAdd) => (
                <button type="button" onClick={() => onAdd('GOOGL')}>
                  Add GOOGL
                </button>
              )}
            />
          }
        />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  return calls;
}

const where = () => screen.getByTestId('where').textContent;
const tableSymbols = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.getAttribute('data-symbol'));

afterEach(() => vi.unstubAllGlobals());

describe('Compare', () => {
  it('reads the symbols from the address, asks for them sorted, and shows them in that order', async () => {
    const calls = renderAt('/Compare?symbols=MSFT,AAPL,KO');
    await screen.findByRole('table');
    expect(tableSymbols()).toEqual(['MSFT', 'AAPL', 'KO']);
    expect(calls.find((c) => c.path === '/api/market/compare')!.query).toEqual({
      symbols: 'AAPL,KO,MSFT',
    });
    const msft = screen.getAllByRole('row').find((r) => r.getAttribute('data-symbol') === 'MSFT')!;
    expect(msft.querySelector('[data-col="pe"]')!.textContent).toBe('35.00x');
    expect(msft.querySelector('[data-col="marketCap"]')!.textContent).toBe('2.90T');
    expect(msft.querySelector('[data-col="netMargin"]')!.textContent).toBe('36.00%');
  });

  it('sorts by any column, largest first, then the other way', async () => {
    renderAt('/Compare?symbols=MSFT,AAPL,KO');
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'P/E' }));
    expect(tableSymbols()).toEqual(['MSFT', 'AAPL', 'KO']);
    expect(screen.getByRole('columnheader', { name: /P\/E/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    fireEvent.click(screen.getByRole('button', { name: /P\/E/ }));
    expect(tableSymbols()).toEqual(['KO', 'AAPL', 'MSFT']);
    fireEvent.click(screen.getByRole('button', { name: 'Net Margin' }));
    expect(tableSymbols()).toEqual(['MSFT', 'AAPL', 'KO']);
  });

  it('draws the total return with dividends reinvested, beside the price return, each 100 at the start', async () => {
    const calls = renderAt('/Compare?symbols=AAPL,KO');
    const chart = await screen.findByTestId('compare-chart');
    // KO's $1.10 is reinvested at 55 on 2025-06-02: 100 x 56.1 / 50 = 112.2, then x 60 / 55.
    await waitFor(() =>
      expect(chart.getAttribute('data-series')).toBe('AAPL:100/110/120|KO:100/112.2/122.4'),
    );
    expect(
      screen.getByRole('heading', { name: 'Total return, dividends reinvested: 100 at the start' }),
    ).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Returns over 1Y' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      ' AAPL: total return +20.0%, price +20.0%',
      ' KO: total return +22.4%, price +20.0%',
    ]);
    // The table's period columns are the list's figures.
    const ko = screen.getAllByRole('row').find((r) => r.getAttribute('data-symbol') === 'KO')!;
    expect(ko.querySelector('[data-col="totalReturn"]')!.textContent).toBe('+22.4%');
    expect(ko.querySelector('[data-col="priceReturn"]')!.textContent).toBe('+20.0%');
    expect(screen.getByRole('columnheader', { name: 'Total Return (1Y)' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '1-Day Change %' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Change %' })).toBeNull();
    const read = calls.find((c) => c.path === MARKET_READ && c.query.kind === 'daily')!;
    expect(read.query).toMatchObject({ kind: 'daily', symbol: 'AAPL', to: '2026-03-10' });
    expect(calls.some((c) => c.query.kind === 'dividends' && c.query.symbol === 'KO')).toBe(true);
    // The price alone, on request; kept in the address.
    fireEvent.click(screen.getByRole('radio', { name: 'Price' }));
    expect(where()).toBe('/Compare?symbols=AAPL,KO&return=price');
    await waitFor(() =>
      expect(chart.getAttribute('data-series')).toBe('AAPL:100/110/120|KO:100/110/120'),
    );
    fireEvent.click(screen.getByRole('radio', { name: '5Y' }));
    expect(where()).toBe('/Compare?symbols=AAPL,KO&return=price&period=5Y');
  });

  it('starts a company listed within the period at its first close, marked, its returns since then', async () => {
    renderAt('/Compare?symbols=AAPL,RIVN', ROWS, [], FRESH, { RIVN: LATE_BARS });
    const chart = await screen.findByTestId('compare-chart');
    await waitFor(() =>
      expect(chart.getAttribute('data-series')).toBe('AAPL:100/110/120|RIVN@2025-11-10:100/75'),
    );
    const rivn = within(screen.getByRole('list', { name: 'Returns over 1Y' }))
      .getAllByRole('listitem')
      .find((li) => li.dataset.symbol === 'RIVN')!;
    expect(rivn.dataset.startsLate).toBe('true');
    expect(rivn.textContent).toBe(
      ' RIVN: total return -25.0%, price -25.0% since its first close on 2025-11-10 ●',
    );
    expect(screen.getByTestId('compare-prices-as-of').textContent).toContain(
      'a company listed within the period starts at 100 on its first close (marked ●)',
    );
  });
  it('adds up to five and removes; the address follows, so a comparison can be bookmarked', async () => {
    renderAt('/Compare?symbols=AAPL,KO', ROWS, []);
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Add GOOGL' }));
    expect(where()).toBe('/Compare?symbols=AAPL,KO,GOOGL');
    fireEvent.click(screen.getByRole('button', { name: 'Remove KO' }));
    expect(where()).toBe('/Compare?symbols=AAPL,GOOGL');
  });

  it('names every symbol it cannot show: unknown, not a symbol, past the fifth', async () => {
    renderAt(
      '/Compare?symbols=AAPL,MSFT,KO,ZZZZ,IBM,^GSPC,NVDA,TSLA',
      ROWS,
      ['IBM', 'ZZZZ'],
      FRESH,
      {
        ZZZZ: [],
      },
    );
    const box = await screen.findByTestId('compare-not-shown');
    await waitFor(() => expect(box.querySelector('[data-reason="unknown"]')).not.toBeNull());
    expect(box.querySelector('[data-reason="unknown"]')!.textContent).toBe(
      'ZZZZ: no company found by this symbol',
    );
    expect(box.querySelector('[data-reason="invalid"]')!.textContent).toBe(
      '“^GSPC”: not a stock symbol',
    );
    expect(box.querySelector('[data-reason="extra"]')!.textContent).toBe(
      'NVDA, TSLA: 5 companies at most (remove one to compare another)',
    );
    // IBM has prices but no fundamentals: named under the table, not as unknown.
    expect(screen.getByTestId('compare-no-fundamentals').textContent).toBe(
      'No fundamentals in the screener’s universe for IBM.',
    );
    expect(screen.getByText('Five companies at most: remove one to add another.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add GOOGL' })).toBeNull();
  });

  it('before the first snapshot, calls no known company missing: the fundamentals are being prepared', async () => {
    renderAt('/Compare?symbols=AAPL,MSFT', [], [], null);
    expect(await screen.findByText(/The fundamentals are being prepared/)).toBeTruthy();
    await screen.findByTestId('compare-chart');
    expect(document.body.textContent).not.toMatch(/universe|no company found/i);
    expect(screen.queryByTestId('compare-not-shown')).toBeNull();
  });

  it('states when its fundamentals were taken, and marks them out of date when the snapshot is stale', async () => {
    renderAt('/Compare?symbols=AAPL');
    expect((await screen.findByTestId('compare-as-of')).textContent).toBe(
      'Fundamentals as of 2026-03-10 10:58 New York time, refreshed every 15 minutes while the market trades; the 1-day change is that of today’s session (2026-03-10).',
    );
  });

  it('a stale snapshot: out of date, and its 1-day change is not today’s', async () => {
    renderAt('/Compare?symbols=AAPL', ROWS, [], {
      snapshotAt: '2026-02-27T21:05:00.000Z',
      session: '2026-02-27',
      refreshMinutes: 15,
      stale: true,
    });
    const asOf = await screen.findByTestId('compare-as-of');
    expect(asOf.dataset.stale).toBe('true');
    expect(asOf.textContent).toBe(
      'Out of date. These fundamentals are from a snapshot taken 2026-02-27 16:05 New York time, older than its 15-minute refresh allows; the 1-day change is that of the session of 2026-02-27 as it stood then.',
    );
  });
});
