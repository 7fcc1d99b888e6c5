import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  HoldingView,
  PortfolioRow,
  ReturnFigureView,
  TransactionView,
} from '../../../../shared/schemas/portfolio-api';
import { setSession, signedIn } from '../../test/session-mock';
import { envelope, json, stubApi, type ApiCall } from '../../test/api-mock';
import { captureCsvDownloads } from '../../test/csv-downloads';
import { renderWithProviders } from '../../test/render-with-providers';
import { PortfolioDashboard } from './components/PortfolioDashboard';
import { performanceFixture } from './test/performance-fixture';

vi.mock('../../lib/auth', async () => (await import('../../test/session-mock')).authMock);

// echarts cannot render in jsdom: the chart shows the closes it was given instead.
vi.mock('../../components/ClosingPriceChart', () => import('../../test/chart-mock'));
vi.mock('./components/PerformanceChart', () => import('./test/performance-chart-mock'));
vi.mock('./components/AllocationChart', () => import('./test/allocation-chart-mock'));

function row(
  id: string,
  name: string,
  navCents: number | null,
  irr: ReturnFigureView,
  extra: Partial<PortfolioRow> = {},
): PortfolioRow {
  return {
    id,
    portfolio_id: id,
    portfolio_name: name,
    investment_value: 100_000_000,
    investment_cents: 10_000_000_000,
    inception_date: '2024-03-05T10:00:00.000Z',
    date_time: null,
    cash_cents: navCents ?? 0,
    reserved_cents: 0,
    created_at: '2024-03-05T10:00:00.000Z',
    updated_at: '2024-03-05T10:00:00.000Z',
    nav_cents: navCents,
    net_asset_value: navCents === null ? null : navCents / 100,
    holdings_value_cents: 0,
    stocks_held: 1,
    irr,
    twr: irr,
    benchmark: {
      kind: 'cumulative',
      rate: 0.05,
      symbol: '^GSPC',
      name: 'S&P 500',
      value_cents: navCents,
    },
    missing_quotes: [],
    stale: false,
    ...extra,
  };
}

const QUOTE = {
  symbol: 'AAPL',
  name: 'Apple Inc.',
  price: 190.5,
  change: 1,
  changesPercentage: 0.5,
  open: 188.25,
  dayHigh: 191.75,
  dayLow: 187.5,
  yearLow: 150,
  yearHigh: 200,
  marketCap: 2.95e12,
  priceAvg50: 185,
  priceAvg200: 180,
  pe: 29.456,
  eps: 6.47,
  volume: 1e7,
  avgVolume: 2e7,
  previousClose: 189.5,
  sharesOutstanding: 1.5e10,
  exchange: 'NASDAQ',
  timestamp: 1_735_776_000,
};

let rows: PortfolioRow[] = [];
let calls: ApiCall[] = [];
let failures: Record<string, { status: number; message: string }> = {};
let holdingsOf: Record<string, HoldingView[]> = {};
let transactionsOf: Record<string, TransactionView[]> = {};

function listBody(list: PortfolioRow[]) {
  const total = list.reduce((sum, r) => sum + (r.nav_cents ?? 0), 0);
  return {
    data: list,
    total_porfolio_value: total / 100,
    total_portfolio_value_cents: total,
    total_incomplete: list.some((r) => r.nav_cents === null),
    asOf: '2025-01-02T00:00:00Z',
  };
}

function record(r: PortfolioRow) {
  const {
    id,
    portfolio_id,
    portfolio_name,
    investment_value,
    investment_cents,
    inception_date,
    date_time,
    cash_cents,
    reserved_cents,
    created_at,
    updated_at,
  } = r;
  return {
    id,
    portfolio_id,
    portfolio_name,
    investment_value,
    investment_cents,
    inception_date,
    date_time,
    cash_cents,
    reserved_cents,
    created_at,
    updated_at,
  };
}

beforeEach(() => {
  holdingsOf = {};
  transactionsOf = {};
  setSession(signedIn());
  rows = [];
  failures = {};
  calls = stubApi(({ path, body }) => {
    const failure = failures[path];
    if (failure) return json(failure.status, { message: failure.message });
    switch (path) {
      case '/api/getPortfolioList':
        return json(200, listBody(rows));
      case '/api/searchPortfolioList': {
        const q = String(body?.portfolio_name ?? '').toLowerCase();
        return json(200, listBody(rows.filter((r) => r.portfolio_name.toLowerCase().includes(q))));
      }
      case '/api/addPortfolio':
        return json(200, { message: 'Portfolio Created successfully' });
      case '/api/getPortfolioDetails': {
        const found = rows.find((r) => r.portfolio_id === body?.portfolio_id);
        return json(200, { data: found ? [record(found)] : [] });
      }
      case '/api/updatePortfolioDetails':
        return json(200, { message: 'Updated successfully' });
      case '/api/deletePortfolio':
        return json(200, { message: 'Deleted successfully!' });
      case '/api/stock_per_portfolio':
        return json(200, { data: ['AAPL'] });
      case '/api/getPortfolioHoldings': {
        const found = rows.find((r) => r.portfolio_id === body?.portfolio_id);
        return json(200, {
          data: {
            portfolio: found,
            holdings: holdingsOf[String(body?.portfolio_id)] ?? [],
            open_orders: [],
            closed_orders: [],
            transactions: transactionsOf[String(body?.portfolio_id)] ?? [],
          },
          asOf: '2025-01-02T00:00:00Z',
        });
      }
      case '/api/market/weekly':
        return json(
          200,
          envelope([
            { date: '2024-12-20', close: 180 },
            { date: '2024-12-27', close: 185 },
          ]),
        );
      case '/api/market/daily':
        return json(
          200,
          envelope([
            { date: '2024-12-30', close: 186 },
            { date: '2024-12-31', close: 187 },
            { date: '2025-01-02', close: 188 },
          ]),
        );
      case '/api/market/historical':
        return json(
          200,
          envelope([
            { date: '2024-11-15', close: 170 },
            { date: '2024-11-29', close: 175 },
            { date: '2024-12-31', close: 187 },
          ]),
        );
      case '/api/market/read':
        return json(200, envelope([QUOTE]));
      case '/api/getPortfolioPerformance':
        return json(200, {
          data: performanceFixture({ period: '1Y' }),
          asOf: '2026-03-10T15:00:00Z',
        });
      default:
        return undefined;
    }
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderDashboard() {
  return renderWithProviders(
    <MemoryRouter>
      <PortfolioDashboard title="Portfolio" />
    </MemoryRouter>,
    { toastDuration: 60_000 },
  );
}

const callsTo = (path: string) => calls.filter((c) => c.path === path);

describe('portfolio dashboard', () => {
  it('shows the empty state with Create Portfolio when the user has no portfolio', async () => {
    renderDashboard();
    expect(await screen.findByText('You have not created your portfolio yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Portfolio' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists NAV, annualised, cumulative and unavailable IRR, the benchmark and the total', async () => {
    rows = [
      row('p1', 'Growth', 123_456_789, { kind: 'annualised', rate: 0.1234 }),
      row('p2', 'Young', 5_000_000, { kind: 'cumulative', rate: -0.025 }),
      row(
        'p3',
        'No quote',
        null,
        { kind: 'unavailable', reason: 'no-quotes', message: 'No quote for XYZ' },
        { missing_quotes: ['XYZ'] },
      ),
    ];
    renderDashboard();
    const table = await screen.findByRole('table');
    const cells = (name: string) =>
      within(screen.getByRole('button', { name }).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('Growth')).toEqual([
      '2024-03-05',
      '$1,234,567.89',
      '12.34% p.a.',
      '5.00% since inception',
      'AdjustDelete',
    ]);
    expect(cells('Young')).toEqual([
      '2024-03-05',
      '$50,000.00',
      '-2.50% since inception',
      '5.00% since inception',
      'AdjustDelete',
    ]);
    expect(cells('No quote').slice(1, 3)).toEqual(['unavailable', 'unavailable']);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Portfolio Name',
      'Inception Date',
      'Net Asset Value',
      'IRR since inception',
      'S&P 500',
      'Actions',
    ]);
    expect(screen.getByTestId('total-value').textContent).toBe('$1,284,567.89');
    expect(screen.getByText('Some portfolios have no value yet')).toBeTruthy();
  });

  it('searches portfolios by name through searchPortfolioList', async () => {
    rows = [
      row('p1', 'Growth', 100, { kind: 'cumulative', rate: 0 }),
      row('p2', 'Income', 100, { kind: 'cumulative', rate: 0 }),
    ];
    renderDashboard();
    await screen.findByRole('button', { name: 'Income' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search portfolios' }), {
      target: { value: 'grow' },
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Income' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Growth' })).toBeTruthy();
    expect(callsTo('/api/searchPortfolioList').at(-1)?.body).toEqual({ portfolio_name: 'grow' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search portfolios' }), {
      target: { value: 'nothing' },
    });
    expect(await screen.findByText('No portfolio matches “nothing”.')).toBeTruthy();
  });
});

describe('create and update modal', () => {
  it('requires a name, keeps the seed within 0 to 200,000,000 and creates with the typed figures', async () => {
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Create Portfolio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Portfolio' });
    const submit = within(dialog).getByRole('button', {
      name: 'Create Portfolio',
    }) as HTMLButtonElement;
    const today = new Date().toISOString().slice(0, 10);
    expect(within(dialog).getByText(today)).toBeTruthy();
    const slider = within(dialog).getByRole('slider', { name: 'Seed Capital' }) as HTMLInputElement;
    expect([slider.min, slider.max, slider.value]).toEqual(['0', '200000000', '100000000']);
    expect(within(dialog).getByText('$200,000,000')).toBeTruthy();
    expect(submit.disabled).toBe(true);

    const name = within(dialog).getByLabelText('Portfolio Name');
    fireEvent.change(name, { target: { value: 'x' } });
    fireEvent.change(name, { target: { value: '   ' } });
    expect(within(dialog).getByText('Portfolio Name is required')).toBeTruthy();
    expect(submit.disabled).toBe(true);

    fireEvent.change(name, { target: { value: 'Retirement' } });
    const amount = within(dialog).getByLabelText('Seed Capital (USD)');
    fireEvent.change(amount, { target: { value: '200000001' } });
    expect(
      within(dialog).getByText('Seed capital must be between $0 and $200,000,000'),
    ).toBeTruthy();
    expect(submit.disabled).toBe(true);
    fireEvent.change(amount, { target: { value: '-1' } });
    expect(submit.disabled).toBe(true);

    fireEvent.change(slider, { target: { value: '25000000' } });
    expect((amount as HTMLInputElement).value).toBe('25000000');
    fireEvent.change(amount, { target: { value: '2,500,000.50' } });
    expect(slider.value).toBe('2500000');
    expect(submit.disabled).toBe(false);

    const listCalls = callsTo('/api/getPortfolioList').length;
    rows = [row('p1', 'Retirement', 250_000_050, { kind: 'cumulative', rate: 0 })];
    fireEvent.click(submit);
    expect(await screen.findByText('Portfolio Created successfully')).toBeTruthy();
    expect(
      screen.getByText('Portfolio Created successfully').closest('.toast')?.className,
    ).toContain('toast--success');
    const sent = callsTo('/api/addPortfolio')[0]?.body;
    expect(sent).toMatchObject({ portfolio_name: 'Retirement', investment_value: 2_500_000.5 });
    expect(typeof sent?.date_time).toBe('string');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByRole('button', { name: 'Retirement' });
    expect(callsTo('/api/getPortfolioList').length).toBeGreaterThan(listCalls);
  });

  it('shows the creation error in the error style and keeps the modal open', async () => {
    failures['/api/addPortfolio'] = { status: 500, message: 'Internal error' };
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Create Portfolio' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Portfolio Name'), { target: { value: 'Any' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Portfolio' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error with Portfolio creation');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('loads the portfolio first in update mode and sends the new seed with its id', async () => {
    rows = [
      row('p1', 'Growth', 100, { kind: 'cumulative', rate: 0 }, { investment_value: 5_000_000 }),
    ];
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Adjust Growth' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Portfolio' });
    const name = (await within(dialog).findByLabelText('Portfolio Name')) as HTMLInputElement;
    expect(name.value).toBe('Growth');
    expect((within(dialog).getByLabelText('Seed Capital (USD)') as HTMLInputElement).value).toBe(
      '5000000',
    );
    expect(callsTo('/api/getPortfolioDetails')[0]?.body).toEqual({ portfolio_id: 'p1' });
    fireEvent.change(within(dialog).getByLabelText('Seed Capital (USD)'), {
      target: { value: '7000000' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Portfolio' }));
    expect(await screen.findByText('Updated successfully')).toBeTruthy();
    expect(callsTo('/api/updatePortfolioDetails')[0]?.body).toMatchObject({
      portfolio_id: 'p1',
      portfolio_name: 'Growth',
      investment_value: 7_000_000,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('delete', () => {
  it('asks for confirmation and reports a failure in the error style', async () => {
    rows = [row('p1', 'Growth', 100, { kind: 'cumulative', rate: 0 })];
    failures['/api/deletePortfolio'] = { status: 500, message: 'boom' };
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Growth' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Portfolio' });
    expect(callsTo('/api/deletePortfolio')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Deleted unsuccessfully!');
  });

  it('deletes after confirmation with a success toast and reloads the list', async () => {
    rows = [row('p1', 'Growth', 100, { kind: 'cumulative', rate: 0 })];
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Growth' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Portfolio' });
    rows = [];
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted successfully!')).toBeTruthy();
    expect(callsTo('/api/deletePortfolio')[0]?.body).toEqual({ portfolio_id: 'p1' });
    expect(await screen.findByText('You have not created your portfolio yet.')).toBeTruthy();
  });
});

describe('stock panel and order form', () => {
  it('opens the stock panel on a row click: stocks, weekly chart by default, tabs and quote tiles', async () => {
    rows = [row('p1', 'Growth', 100, { kind: 'cumulative', rate: 0 })];
    renderDashboard();
    fireEvent.click(
      (await screen.findByRole('button', { name: 'Growth' })).closest('tr')!.querySelector('td')!,
    );
    const panel = await screen.findByRole('region', { name: 'Stocks in Growth' });
    expect(within(panel).getByTestId('stock-count').textContent).toBe('1');
    const chart = await within(panel).findByTestId('chart');
    expect(chart.getAttribute('aria-label')).toBe('AAPL Weekly closing price chart');
    expect(chart.getAttribute('data-closes')).toBe('180,185');
    expect(within(panel).getByRole('tab', { name: 'Weekly' }).getAttribute('aria-selected')).toBe(
      'true',
    );

    fireEvent.click(within(panel).getByRole('tab', { name: 'Daily' }));
    await waitFor(() =>
      expect(within(panel).getByTestId('chart').getAttribute('data-closes')).toBe('186,187,188'),
    );
    fireEvent.click(within(panel).getByRole('tab', { name: 'Monthly' }));
    // One close per month: the last of November, then December.
    await waitFor(() =>
      expect(within(panel).getByTestId('chart').getAttribute('data-closes')).toBe('175,187'),
    );

    const quote = within(panel).getByLabelText('AAPL quote');
    await waitFor(() =>
      expect(
        within(quote)
          .getAllByRole('definition')
          .map((d) => d.textContent),
      ).toEqual(['188.25', '191.75', '187.50', '2.95T', '29.46']),
    );
    expect(callsTo('/api/market/read')[0]?.query).toEqual({ kind: 'quote', symbols: 'AAPL' });
  });

  it('places an order with the chosen portfolio, symbol and size, and shows the server refusal', async () => {
    rows = [
      row('p1', 'Growth', 100, { kind: 'cumulative', rate: 0 }),
      row('p2', 'Income', 100, { kind: 'cumulative', rate: 0 }),
    ];
    renderDashboard();
    const form = (await screen.findByRole('region', { name: 'Invests' })) as HTMLElement;
    const invest = within(form).getByRole('button', { name: 'Invest' }) as HTMLButtonElement;
    expect(invest.disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText('Portfolio'), { target: { value: 'p2' } });
    fireEvent.change(within(form).getByLabelText('Symbol'), { target: { value: 'msft' } });
    fireEvent.change(within(form).getByLabelText('Order type'), { target: { value: 'limit' } });
    fireEvent.change(within(form).getByLabelText('Invest by'), { target: { value: 'quantity' } });
    fireEvent.change(within(form).getByLabelText('Quantity'), { target: { value: '2.5' } });
    expect(invest.disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText('Limit price (USD)'), {
      target: { value: '400' },
    });
    expect(invest.disabled).toBe(false);

    failures['/api/placeOrder'] = {
      status: 409,
      message: 'Not enough cash: the order needs $1,000.00 and $100.00 is available',
    };
    fireEvent.click(invest);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Not enough cash: the order needs $1,000.00 and $100.00 is available',
    );
    expect(callsTo('/api/placeOrder')[0]?.body).toEqual({
      portfolio_id: 'p2',
      stock_symbol: 'MSFT',
      side: 'buy',
      order_type: 'limit',
      invest_by: 'quantity',
      quantity: 2.5,
      limit_price: 400,
    });
  });
});

describe('the chosen portfolio’s views', () => {
  it('shows holdings first, the Performance and Income views as tabs of their own, reached by keyboard too', async () => {
    rows = [row('p1', 'Growth', 100, { kind: 'cumulative', rate: 0 })];
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Growth' }));
    const tabs = await screen.findByRole('tablist', { name: 'Growth views' });
    const holdingsTab = within(tabs).getByRole('tab', { name: 'Holdings' });
    const performanceTab = within(tabs).getByRole('tab', { name: 'Performance' });
    expect(holdingsTab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Holdings' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Holdings' })).toBeTruthy();
    expect(callsTo('/api/getPortfolioPerformance')).toHaveLength(0);
    fireEvent.click(performanceTab);
    expect(performanceTab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Performance' })).toBeTruthy();
    expect(await screen.findByTestId('return-twr')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Holdings' })).toBeNull();
    // The arrow keys move between the tabs (and choose them).
    performanceTab.focus();
    fireEvent.keyDown(performanceTab, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(holdingsTab);
    expect(holdingsTab.getAttribute('aria-selected')).toBe('true');
    // Income is the last tab.
    const incomeTab = within(tabs).getByRole('tab', { name: 'Income' });
    fireEvent.keyDown(holdingsTab, { key: 'End' });
    expect(incomeTab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Income' })).toBeTruthy();
    fireEvent.keyDown(incomeTab, { key: 'ArrowLeft' });
    expect(performanceTab.getAttribute('aria-selected')).toBe('true');
  });
});

describe('CSV export', () => {
  it("exports a portfolio's holdings and transactions with dollars unformatted", async () => {
    rows = [row('p1', 'Growth', 100, { kind: 'cumulative', rate: 0 })];
    holdingsOf.p1 = [
      {
        symbol: 'AAPL',
        quantity: 10,
        reserved_quantity: 0,
        cost_cents: 150_000,
        average_price: 150,
        price: 188.25,
        value_cents: 188_250,
        gain_cents: 38_250,
        weight: 0.6,
      },
    ];
    transactionsOf.p1 = [
      {
        transaction_id: 't1',
        symbol: 'AAPL',
        side: 'buy',
        quantity: 10,
        price: 150,
        value_cents: 150_000,
        time: '2025-01-02T15:30:00.000Z',
        order_type: 'market',
        order_id: null,
        valuation_id: 'v1',
      },
    ];
    const files = captureCsvDownloads();
    renderDashboard();
    fireEvent.click(
      (await screen.findByRole('button', { name: 'Growth' })).closest('tr')!.querySelector('td')!,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV of Growth Holdings' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV of Growth Transactions' }));
    const [holdings, transactions] = await waitFor(async () => {
      const saved = await files.downloads();
      expect(saved).toHaveLength(2);
      return saved;
    });
    expect(holdings?.fileName).toMatch(/^mr-market-growth-holdings-/);
    expect(holdings?.rows).toEqual([
      [
        'Symbol',
        'Quantity',
        'Reserved Quantity',
        'Average Price',
        'Cost (USD)',
        'Price',
        'Value (USD)',
        'Gain (USD)',
        'Weight',
      ],
      ['AAPL', '10', '0', '150', '1500', '188.25', '1882.5', '382.5', '0.6'],
    ]);
    expect(transactions?.rows[1]).toEqual([
      '2025-01-02T15:30:00.000Z',
      'buy',
      'AAPL',
      '10',
      '150',
      '1500',
      'market',
      '',
      'v1',
      't1',
    ]);
  });
});
