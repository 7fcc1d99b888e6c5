import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WatchListItem } from '../../../../shared/schemas/watchlist';
import { envelope, json, stubApi, type ApiCall } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render-with-providers';
import { monthsBefore, rangeWindow } from './api/price-history';
import { WATCHLIST_REFRESH_MS } from './api/watchlist-api';
import { WatchlistPage } from './components/WatchlistPage';

// A busy machine renders slowly: give the longer flows room.
vi.setConfig({ testTimeout: 20_000 });

vi.mock('../../lib/auth', async () => (await import('../../test/session-mock')).authMock);

// echarts cannot render in jsdom: the chart shows the closes it was given instead.
vi.mock('../../components/ClosingPriceChart', () => import('../../test/chart-mock'));

const item = (symbol: string, name: string, price: number, change: number): WatchListItem => ({
  stock_symbol: symbol,
  name,
  price,
  change,
  changesPercentage: (change / (price - change)) * 100,
  addedAt: '2025-01-02T00:00:00.000Z',
});

const UNIVERSE: Record<string, WatchListItem> = {
  AAPL: item('AAPL', 'Apple Inc.', 200, 4),
  MSFT: item('MSFT', 'Microsoft Corporation', 400, -8),
};

let list: WatchListItem[] = [];
let calls: ApiCall[] = [];
let failRemove = false;

beforeEach(() => {
  list = [];
  failRemove = false;
  calls = stubApi(({ path, query, body }) => {
    if (path === '/api/getWatchList') return json(200, { ...envelope(list), data: list });
    if (path === '/api/addWatchList') {
      const symbol = String(body?.stock_symbol);
      const known = UNIVERSE[symbol];
      if (!known)
        return json(404, { message: `We could not find a stock with the symbol ${symbol}` });
      if (!list.some((i) => i.stock_symbol === symbol)) list = [...list, known];
      return json(200, { message: 'Watchlist Added successfully', data: { added: true } });
    }
    if (path === '/api/removeWatchList') {
      if (failRemove) return json(500, { message: 'Internal error' });
      list = list.filter((i) => i.stock_symbol !== body?.stock_symbol);
      return json(200, { message: 'Removed successfully' });
    }
    if (path === '/api/market/read') {
      if (query.kind === 'search')
        return json(
          200,
          envelope([
            {
              symbol: 'AAPL',
              name: 'Apple Inc.',
              currency: 'USD',
              stockExchange: 'NASDAQ',
              exchangeShortName: 'NASDAQ',
            },
            {
              symbol: 'ZZZZ',
              name: 'Nothing Corp',
              currency: 'USD',
              stockExchange: 'NYSE',
              exchangeShortName: 'NYSE',
            },
          ]),
        );
      if (query.kind === 'daily' || query.kind === 'intraday')
        return json(
          200,
          envelope([
            { date: '2025-01-03', close: 12 },
            { date: '2025-01-02', close: 11 },
          ]),
        );
    }
    return undefined;
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/Watchlist', element: <WatchlistPage /> },
      { path: '/Market', element: <p>Market page</p> },
    ],
    { initialEntries: ['/Watchlist'] },
  );
  renderWithProviders(<RouterProvider router={router} />, { toastDuration: 60_000 });
  return router;
}

const rows = () => screen.getAllByRole('row').slice(1);

describe('watchlist table', () => {
  it('shows the empty-state placeholder when nothing is watched', async () => {
    renderPage();
    expect(await screen.findByText('Your watchlist is empty.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists Name, LTP, CHG and CHG % per stock with signed figures', async () => {
    list = [UNIVERSE.AAPL!, UNIVERSE.MSFT!];
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'LTP',
      'CHG',
      'CHG %',
      'Action',
    ]);
    const cells = (i: number) =>
      within(rows()[i]!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    // 4 / (200 - 4) = 2.04 %; -8 / 408 = -1.96 %
    expect(cells(0).slice(0, 3)).toEqual(['200.00', '4.00', '2.04%']);
    expect(cells(1).slice(0, 3)).toEqual(['400.00', '-8.00', '-1.96%']);
  });

  it('adds a stock found by the search box and says so', async () => {
    renderPage();
    await screen.findByText('Your watchlist is empty.');
    fireEvent.change(screen.getByPlaceholderText('Search stocks and shares here'), {
      target: { value: 'apple' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add AAPL to watchlist' }));
    expect(await screen.findByText('Watchlist Added successfully')).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(calls.find((c) => c.path === '/api/addWatchList')?.body).toEqual({
      stock_symbol: 'AAPL',
    });
    // Once on the list, the search result no longer offers Add.
    expect(await screen.findByText('On your watchlist')).toBeTruthy();
  });

  it('shows Error Adding when the server refuses the symbol', async () => {
    renderPage();
    await screen.findByText('Your watchlist is empty.');
    fireEvent.change(screen.getByPlaceholderText('Search stocks and shares here'), {
      target: { value: 'nothing' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add ZZZZ to watchlist' }));
    expect(await screen.findByText('Error Adding')).toBeTruthy();
    expect(screen.queryByText('Watchlist Added successfully')).toBeNull();
  });

  it('removes a row with its Remove button, and reports a failed removal', async () => {
    list = [UNIVERSE.AAPL!, UNIVERSE.MSFT!];
    renderPage();
    // One click asks, naming the stock; Cancel keeps it.
    fireEvent.click(await screen.findByRole('button', { name: 'Remove AAPL' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Remove AAPL from your watchlist?' })).getByRole(
        'button',
        { name: 'Cancel' },
      ),
    );
    expect(calls.some((c) => c.path === '/api/removeWatchList')).toBe(false);
    expect(rows()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Remove AAPL' }));
    confirmRemoval('AAPL');
    expect(await screen.findByText('Removed successfully')).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByText('MSFT')).toBeTruthy();

    failRemove = true;
    fireEvent.click(screen.getByRole('button', { name: 'Remove MSFT' }));
    confirmRemoval('MSFT');
    expect(await screen.findByText('Error Removing')).toBeTruthy();
    expect(rows()).toHaveLength(1);
  });

  it('reads the quotes again every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    list = [UNIVERSE.AAPL!];
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(1));
    const reads = () => calls.filter((c) => c.path === '/api/getWatchList').length;
    expect(reads()).toBe(1);
    list = [{ ...UNIVERSE.AAPL!, price: 210, change: 14, changesPercentage: (14 / 196) * 100 }];
    await act(async () => {
      await vi.advanceTimersByTimeAsync(WATCHLIST_REFRESH_MS + 100);
    });
    await waitFor(() => expect(reads()).toBe(2));
    await waitFor(() =>
      expect(within(rows()[0]!).getAllByRole('cell')[0]!.textContent).toBe('210.00'),
    );
  });
});

describe('watchlist detail card', () => {
  it('opens on a row with the range tabs, charts the range and closes on Ignore', async () => {
    list = [UNIVERSE.AAPL!];
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /^AAPL/ }));
    const card = await screen.findByRole('region', { name: 'AAPL details' });
    expect(
      within(card)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['1 Day', '5 Day', '1 Months', '3 Months', '5 Months', '1 Year', '3 Year', 'Max']);
    fireEvent.click(within(card).getByRole('tab', { name: '3 Months' }));
    const chart = await within(card).findByTestId('chart');
    expect(chart.getAttribute('aria-label')).toBe('AAPL price, 3 Months');
    expect(chart.getAttribute('data-closes')).toBe('11,12');
    const read = calls.filter((c) => c.path === '/api/market/read').at(-1)?.query;
    expect(read).toEqual({
      kind: 'daily',
      symbol: 'AAPL',
      from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });

    fireEvent.click(within(card).getByRole('button', { name: 'Ignore' }));
    expect(screen.queryByRole('region', { name: 'AAPL details' })).toBeNull();
  });

  it('Value Business opens the company view with the methodology chooser', async () => {
    list = [UNIVERSE.MSFT!];
    const router = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /^MSFT/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Value Business' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/Market'));
    expect(router.state.location.search).toBe('?symbol=MSFT&value=1');
  });

  it('Remove From Watchlist removes the stock and closes the card', async () => {
    list = [UNIVERSE.AAPL!, UNIVERSE.MSFT!];
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /^AAPL/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove From Watchlist' }));
    confirmRemoval('AAPL');
    expect(await screen.findByText('Removed successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'AAPL details' })).toBeNull());
    expect(rows()).toHaveLength(1);
  });
});

/** Confirms the removal dialog that names the stock. */
function confirmRemoval(symbol: string) {
  const dialog = screen.getByRole('dialog', { name: `Remove ${symbol} from your watchlist?` });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
}

describe('price ranges', () => {
  it('places the month ranges on the exchange calendar, clamping to the month end', () => {
    expect(monthsBefore('2025-05-31', 3)).toBe('2025-02-28');
    expect(monthsBefore('2024-05-31', 3)).toBe('2024-02-29');
    expect(monthsBefore('2025-03-15', 36)).toBe('2022-03-15');
    expect(monthsBefore('2025-01-10', 5)).toBe('2024-08-10');
    // 03:00 UTC on 1 June is still 31 May in New York.
    const now = new Date('2025-06-01T03:00:00Z');
    expect(rangeWindow('3M', now)).toEqual({
      from: '2025-02-28',
      to: '2025-05-31',
      interval: '1day',
    });
    expect(rangeWindow('3Y', now)).toEqual({
      from: '2022-05-31',
      to: '2025-05-31',
      interval: '1day',
    });
    expect(rangeWindow('1D', now).interval).toBe('5min');
    expect(rangeWindow('5D', now).interval).toBe('30min');
  });
});
