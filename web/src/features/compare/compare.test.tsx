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
    series: { symbol: string; points: { date: string; value: number }[] }[];
    label: string;
  }) => (
    <div
      data-testid="compare-chart"
      aria-label={label}
      data-series={series
        .map((s) => `${s.symbol}:${s.points.map((p) => p.value).join('/')}`)
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

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string, rows = ROWS, missing: string[] = []) {
  const calls = stubApi((call) => {
    if (call.path === '/config.json')
      return json(200, { apiBaseUrl: '', marketClock: '2026-03-10T15:00:00Z' });
    if (call.path === '/api/market/compare') return json(200, envelope({ rows, missing }));
    if (call.path === MARKET_READ && call.query.kind === 'daily') return json(200, envelope(BARS));
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

  it('rebases each price to 100 at the period’s start', async () => {
    const calls = renderAt('/Compare?symbols=AAPL,KO');
    const chart = await screen.findByTestId('compare-chart');
    await waitFor(() =>
      expect(chart.getAttribute('data-series')).toBe('AAPL:100/110/120|KO:100/110/120'),
    );
    expect(screen.getByRole('list', { name: 'Change over the period' }).textContent).toContain(
      'AAPL: +20.0%',
    );
    const read = calls.find((c) => c.path === MARKET_READ)!;
    expect(read.query).toMatchObject({ kind: 'daily', symbol: 'AAPL', to: '2026-03-10' });
    fireEvent.click(screen.getByRole('radio', { name: '5Y' }));
    expect(where()).toBe('/Compare?symbols=AAPL,KO&period=5Y');
  });

  it('adds up to five and removes; the address follows, so a comparison can be bookmarked', async () => {
    renderAt('/Compare?symbols=AAPL,KO', ROWS, []);
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Add GOOGL' }));
    expect(where()).toBe('/Compare?symbols=AAPL,KO,GOOGL');
    fireEvent.click(screen.getByRole('button', { name: 'Remove KO' }));
    expect(where()).toBe('/Compare?symbols=AAPL,GOOGL');
  });

  it('names the symbols the screener does not list; five is the most', async () => {
    renderAt('/Compare?symbols=AAPL,MSFT,KO,ZZZZ,IBM', ROWS, ['IBM', 'ZZZZ']);
    expect(
      await screen.findByText(/Not in the screener’s universe \(no fundamentals\): IBM, ZZZZ/),
    ).toBeTruthy();
    expect(screen.getByText('Five companies at most: remove one to add another.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add GOOGL' })).toBeNull();
  });
});
