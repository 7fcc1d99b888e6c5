import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginRedirectState } from '../../lib/paths';
import { createQueryClient } from '../../lib/query-client';
import { ToastProvider } from '../../lib/toast';
import { captureCsvDownloads } from '../../test/csv-downloads';
import { setSession, signedIn } from '../../test/session-mock';
import { CompanyView, type CompanyViewProps } from './components/CompanyView';
import { envelope, json, overviewFixture, rowsFixture } from './test/fixtures';

vi.mock('../../lib/auth', async () => (await import('../../test/session-mock')).authMock);

// echarts cannot render in jsdom: the chart shows what it was given instead.
vi.mock('./components/MetricChart', () => ({
  default: ({
    series,
    kind,
    label,
  }: {
    series: {
      points: { value: number | null; sign: string | null; label: string }[];
      axisMin: number | null;
    };
    kind: string;
    label: string;
  }) => (
    <div
      data-testid="chart"
      aria-label={label}
      data-kind={kind}
      data-values={series.points.map((p) => p.value).join(',')}
      data-labels={series.points.map((p) => p.label).join('|')}
      data-axis-min={String(series.axisMin)}
    />
  ),
}));

let calls: {
  path: string;
  /** A market read's query (`GET /api/market/read?kind=…`). */
  read?: Record<string, string>;
  body?: Record<string, unknown>;
  authorization?: string;
}[] = [];
let overview = overviewFixture();
let overviewStatus = 200;
let addAnswer: { status: number; body: unknown } = {
  status: 200,
  body: {
    message: 'Watchlist Added successfully',
    data: { stock_symbol: 'AAPL', name: 'Apple Inc.', added: true },
  },
};
const annualIncome = rowsFixture('annual', 16, (i) => ({
  revenue: 1e9 * (20 - i),
  costOfRevenue: 5e8,
  grossProfit: 5e8,
  grossProfitRatio: 0.5,
  netIncome: i === 1 ? -2e8 : 3e8,
  epsdiluted: 1.5,
}));
const quarterRatios = rowsFixture('quarter', 63, (i) => ({
  priceEarningsRatio: i === 0 ? -12.5 : 20 + i,
  currentRatio: 1.1,
  grossProfitMargin: 0.4,
}));
const annualRatios = rowsFixture('annual', 16, () => ({
  currentRatio: 1.25,
  grossProfitMargin: 0.42,
}));

beforeEach(() => {
  calls = [];
  overview = overviewFixture();
  overviewStatus = 200;
  setSession({ status: 'guest' });
  addAnswer = {
    status: 200,
    body: {
      message: 'Watchlist Added successfully',
      data: { stock_symbol: 'AAPL', name: 'Apple Inc.', added: true },
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const address = new URL(String(input), 'http://localhost');
      const path = address.pathname;
      const body = init?.body
        ? (JSON.parse(String(init.body)) as Record<string, unknown>)
        : undefined;
      const read =
        path === '/api/market/read' ? Object.fromEntries(address.searchParams) : undefined;
      /** Whether this request is the market read with these parameters. */
      const asks = (expected: Record<string, string>) =>
        !!read && Object.entries(expected).every(([k, v]) => read[k] === v);
      const authorization = new Headers(init?.headers).get('authorization') ?? undefined;
      calls.push({ path, read, body, authorization });
      if (path === '/config.json') return json(200, { apiBaseUrl: '' });
      if (path === '/api/addWatchList') return json(addAnswer.status, addAnswer.body);
      if (path === '/api/market/company-overview')
        return overviewStatus === 200
          ? json(200, envelope(overview))
          : json(overviewStatus, { message: 'No company found' });
      const annual = { symbol: 'AAPL', period: 'annual', limit: '16' };
      if (asks({ kind: 'statement', statement: 'income', ...annual }))
        return json(200, envelope(annualIncome));
      if (asks({ kind: 'ratios', symbol: 'AAPL', period: 'quarter', limit: '63' }))
        return json(200, envelope(quarterRatios));
      if (asks({ kind: 'ratios', ...annual })) return json(200, envelope(annualRatios));
      if (asks({ kind: 'daily' }) || asks({ kind: 'intraday' }))
        return json(
          200,
          envelope([
            { date: '2024-10-01 09:30:00', open: 1, high: 1, low: 1, close: 190, volume: 1 },
          ]),
        );
      return json(404, { message: 'not here' });
    }),
  );
});

function show(props: Partial<CompanyViewProps> = {}, entry = '/Market?symbol=AAPL') {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  const onFindAnother = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route
              path="/Market"
              element={
                <>
                  <CompanyView symbol="AAPL" onFindAnother={onFindAnother} {...props} />
                  <Address />
                </>
              }
            />
            <Route path="/login" element={<LoginStandIn />} />
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { onFindAnother };
}

/** The address bar's stand-in: the view's search parameters. */
function Address() {
  return <p data-testid="address">{useLocation().search}</p>;
}

/** The login screen's stand-in: shows where the user would come back to. */
function LoginStandIn() {
  const from = (useLocation().state as LoginRedirectState | null)?.from;
  return <p>Login, then back to {from ? `${from.pathname}${from.search ?? ''}` : 'home'}</p>;
}

const choose = (id: string) =>
  fireEvent.change(screen.getByLabelText('Show'), { target: { value: id } });

describe('quick views and links to a view', () => {
  it('offers the most used views one click away, and keeps the choice in the address', async () => {
    show();
    await screen.findByRole('heading', { name: 'Apple Inc.' });
    const quick = screen.getByRole('group', { name: 'Quick views' });
    expect(
      within(quick)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Price Chart',
      'Investment Highlights',
      'Income Statement',
      'Financial Ratios',
      'News',
    ]);
    expect(
      within(quick).getByRole('button', { name: 'Price Chart' }).getAttribute('aria-pressed'),
    ).toBe('true');
    fireEvent.click(within(quick).getByRole('button', { name: 'Income Statement' }));
    expect((screen.getByLabelText('Show') as HTMLSelectElement).value).toBe(
      'income-statement-annual',
    );
    expect(screen.getByTestId('address').textContent).toBe(
      '?symbol=AAPL&show=income-statement-annual&period=All',
    );
    fireEvent.click(screen.getByRole('radio', { name: '5Y' }));
    expect(screen.getByTestId('address').textContent).toContain('period=5Y');
  });

  it('opens the view a link names, and the default for a link that names none valid', async () => {
    show({}, '/Market?symbol=AAPL&show=income-statement-annual&period=5Y');
    await screen.findByRole('heading', { name: 'Apple Inc.' });
    expect((screen.getByLabelText('Show') as HTMLSelectElement).value).toBe(
      'income-statement-annual',
    );
    expect(screen.getByRole('radio', { name: '5Y' }).getAttribute('aria-checked')).toBe('true');
  });

  it('falls back to the price chart for an unknown view', async () => {
    show({}, '/Market?symbol=AAPL&show=nonsense&period=9Z');
    await screen.findByRole('heading', { name: 'Apple Inc.' });
    expect((screen.getByLabelText('Show') as HTMLSelectElement).value).toBe('price');
  });
});

describe('company view header', () => {
  it('shows a loading placeholder, then name, exchange, symbol, price, currency and a green change with its percent', async () => {
    show();
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Loading company…');
    const name = await screen.findByRole('heading', { name: 'Apple Inc.' });
    const header = name.closest('header')!;
    expect(header.textContent).toContain('NASDAQ: AAPL');
    expect(header.textContent).toContain('190.50');
    expect(header.textContent).toContain('USD');
    const change = header.querySelector('.company-header__change')!;
    // 2.5 / (190.5 - 2.5) = 1.33%
    expect(change.textContent).toBe('+2.50 (1.33%)');
    expect(change.className).toContain('change--up');
    expect(screen.getByText('All numbers are in millions, Currency in USD')).toBeTruthy();
    expect(screen.queryByText('Open')).toBeNull();
  });

  it("labels the statements' currency as the income statement reports it, not the trading currency", async () => {
    // A foreign filer: trades in USD, reports in CNY.
    overview = overviewFixture({ reportedCurrency: 'CNY' });
    show();
    const name = await screen.findByRole('heading', { name: 'Apple Inc.' });
    expect(name.closest('header')!.textContent).toContain('USD');
    expect(screen.getByText('All numbers are in millions, Currency in CNY')).toBeTruthy();
  });

  it('colours a fall red', async () => {
    overview = overviewFixture({ price: 95, change: -5 });
    show();
    const name = await screen.findByRole('heading', { name: 'Apple Inc.' });
    const change = name.closest('header')!.querySelector('.company-header__change')!;
    expect(change.textContent).toBe('-5.00 (-5.00%)');
    expect(change.className).toContain('change--down');
  });

  it('valuation mode adds the day figures and the business description and drops the millions note', async () => {
    show({ mode: 'valuation' });
    await screen.findByRole('heading', { name: 'Apple Inc.' });
    const facts = Object.fromEntries(
      [...document.querySelectorAll('.company-header__fact')].map((f) => [
        f.querySelector('dt')!.textContent,
        f.querySelector('dd')!.textContent,
      ]),
    );
    expect(facts).toEqual({
      Open: '188.25',
      High: '191.00',
      Low: '187.75',
      'Market cap': '2,950.00B',
      'P/E ratio': '29.31',
      Volume: '51,234,567',
      'Previous close': '188.00',
      '52-week high': '199.62',
      '52-week low': '150.10',
    });
    expect(screen.getByText('Designs phones and computers.')).toBeTruthy();
    expect(screen.queryByText(/All numbers are in millions/)).toBeNull();
  });

  it('says so when the symbol is unknown and offers Find Another Business', async () => {
    overviewStatus = 404;
    const { onFindAnother } = show();
    expect(
      await screen.findByText('We could not find a company with the symbol AAPL.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Find Another Business' }));
    expect(onFindAnother).toHaveBeenCalledOnce();
  });
});

describe('selector, periods and charts', () => {
  it('opens on the price chart at 1D with the eight price periods', async () => {
    show();
    await screen.findByRole('heading', { name: 'Apple Inc.' });
    const radios = within(screen.getByRole('radiogroup', { name: 'Period' })).getAllByRole('radio');
    expect(radios.map((r) => r.textContent)).toEqual([
      '1D',
      '5D',
      '1M',
      '6M',
      'YTD',
      '1Y',
      '5Y',
      'MAX',
    ]);
    expect(radios[0]!.getAttribute('aria-checked')).toBe('true');
    const chart = await screen.findByTestId('chart');
    expect(chart.getAttribute('aria-label')).toBe('Price Chart (1D) chart');
    expect(chart.getAttribute('data-kind')).toBe('area');
    expect(chart.getAttribute('data-labels')).toBe('09:30');
  });

  it('changing the metric resets the period to All; annual items offer only All and 5Y', async () => {
    show();
    await screen.findByRole('heading', { name: 'Apple Inc.' });
    fireEvent.click(screen.getByRole('radio', { name: '5Y' }));
    choose('net-income-annual');
    const radios = within(screen.getByRole('radiogroup', { name: 'Period' })).getAllByRole('radio');
    expect(radios.map((r) => r.textContent)).toEqual(['All', '5Y']);
    expect(screen.getByRole('radio', { name: 'All' }).getAttribute('aria-checked')).toBe('true');
    const chart = await screen.findByTestId('chart');
    expect(chart.getAttribute('aria-label')).toBe('Net Income (Annual) (All) chart');
    expect(chart.getAttribute('data-kind')).toBe('bar');
    expect(chart.getAttribute('data-values')!.split(',')).toHaveLength(16);
    fireEvent.click(screen.getByRole('radio', { name: '5Y' }));
    const five = await screen.findByTestId('chart');
    expect(five.getAttribute('data-labels')).toBe('FY 2020|FY 2021|FY 2022|FY 2023|FY 2024');
    expect(five.getAttribute('data-values')).toBe(`${3e8},${3e8},${3e8},${-2e8},${3e8}`);
  });

  it('P/E shows a negative multiple as 0 with the axis from 0, and periods pick 63, 21, 13, 9 or 5 quarters', async () => {
    show();
    await screen.findByRole('heading', { name: 'Apple Inc.' });
    choose('pe-quarterly');
    const chart = await screen.findByTestId('chart');
    expect(chart.getAttribute('data-kind')).toBe('scatter');
    expect(chart.getAttribute('data-axis-min')).toBe('0');
    const values = chart.getAttribute('data-values')!.split(',');
    expect(values).toHaveLength(63);
    expect(values.at(-1)).toBe('0');
    for (const [period, points] of [
      ['5Y', 21],
      ['3Y', 13],
      ['2Y', 9],
      ['1Y', 5],
    ] as const) {
      fireEvent.click(screen.getByRole('radio', { name: period }));
      await waitFor(() =>
        expect(screen.getByTestId('chart').getAttribute('data-values')!.split(',')).toHaveLength(
          points,
        ),
      );
    }
  });

  it('switching metrics and periods does not fetch a data set it already has', async () => {
    show();
    await screen.findByRole('heading', { name: 'Apple Inc.' });
    choose('pe-quarterly');
    await screen.findByTestId('chart');
    fireEvent.click(screen.getByRole('radio', { name: '3Y' }));
    choose('current-ratio-quarterly');
    await screen.findByTestId('chart');
    choose('gross-margin-quarterly');
    await screen.findByTestId('chart');
    expect(
      calls.filter((c) => c.read?.kind === 'ratios' && c.read.period === 'quarter'),
    ).toHaveLength(1);
    expect(calls.filter((c) => c.path === '/api/market/company-overview')).toHaveLength(1);
  });
});

describe('panels', () => {
  it('a statement table has FY columns, spec rows in millions, and the gross-profit block', async () => {
    show();
    await screen.findByRole('heading', { name: 'Apple Inc.' });
    choose('income-statement-annual');
    const table = await screen.findByRole('table');
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headings.slice(0, 3)).toEqual(['Item', 'FY 2024', 'FY 2023']);
    expect(headings).toHaveLength(11);
    const revenue = within(table).getByRole('rowheader', { name: 'Revenue' }).closest('tr')!;
    expect(revenue.querySelector('td')!.textContent).toBe('20,000.00');
    expect(within(table).getByRole('rowheader', { name: 'Gross Profit' })).toBeTruthy();
    expect(screen.getByText('All numbers are in millions, Currency in USD')).toBeTruthy();
  });

  it('exports a statement as a CSV file in whole dollars, newest period first', async () => {
    const files = captureCsvDownloads();
    show();
    await screen.findByRole('heading', { name: 'Apple Inc.' });
    choose('income-statement-annual');
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: /^Export CSV of AAPL Income Statement/ }));
    const [file] = await waitFor(async () => {
      const all = await files.downloads();
      expect(all).toHaveLength(1);
      return all;
    });
    const [header, ...rows] = file!.rows;
    expect(header!.slice(0, 3)).toEqual([
      'Item',
      'Unit',
      expect.stringMatching(/^FY 2024 \(\d{4}-\d{2}-\d{2}\)$/),
    ]);
    expect(header).toHaveLength(12);
    expect(rows.find((r) => r[0] === 'Revenue')?.slice(1, 4)).toEqual([
      'USD',
      '20000000000',
      '19000000000',
    ]);
    expect(rows.find((r) => r[0] === 'Gross Margin')?.slice(1, 3)).toEqual(['fraction', '0.5']);
  });

  it('a Financial Services company hides the gross-profit block', async () => {
    overview = overviewFixture({ sector: 'Financial Services' });
    show();
    await screen.findByRole('heading', { name: 'Apple Inc.' });
    choose('income-statement-annual');
    const table = await screen.findByRole('table');
    for (const row of ['Cost of Revenue', 'Gross Profit', 'Gross Margin'])
      expect(within(table).queryByRole('rowheader', { name: row }), row).toBeNull();
    expect(within(table).getByRole('rowheader', { name: 'Revenue' })).toBeTruthy();
  });

  it('Financial Ratios lists the ratio groups without the millions note', async () => {
    show();
    await screen.findByRole('heading', { name: 'Apple Inc.' });
    choose('financial-ratios');
    const table = await screen.findByRole('table');
    for (const group of [
      'Liquidity Ratios',
      'Profitability Indicator Ratios',
      'Debt Ratios',
      'Operating Performance Ratios',
      'Cash Flow Indicator Ratios',
      'Valuation Ratios',
    ])
      expect(within(table).getByText(group)).toBeTruthy();
    const margin = within(table)
      .getByRole('rowheader', { name: 'Gross Profit Margin' })
      .closest('tr')!;
    expect(margin.querySelector('td')!.textContent).toBe('42.00%');
    expect(screen.queryByText(/All numbers are in millions/)).toBeNull();
  });

  it('Investment Highlights shows share information, TTM metrics and owners with 6 decimals below 0.005%', async () => {
    show();
    await screen.findByRole('heading', { name: 'Apple Inc.' });
    choose('investment-highlights');
    const share = screen.getByRole('region', { name: 'Share Information' });
    expect(share.textContent).toContain('$190.50');
    expect(share.textContent).toContain('150.10 - 199.62');
    expect(share.textContent).toContain('2,950.00B');
    expect(screen.getByRole('region', { name: 'Valuation Metrics (TTM)' }).textContent).toContain(
      '29.31x',
    );
    // Revenue TTM = 100 + 90 + 95 + 110 billion.
    expect(screen.getByRole('region', { name: 'Financials (TTM)' }).textContent).toContain(
      '395.00B',
    );
    const owners = screen.getByRole('region', { name: 'Largest Institutional Owners' });
    expect(owners.textContent).toContain('(Q2 2024)');
    expect(owners.textContent).toContain('0.000002%');
    expect(screen.queryByText(/All numbers are in millions/)).toBeNull();
  });

  it('News shows five items with links opening in a new tab and MM-DD-YYYY dates', async () => {
    show();
    await screen.findByRole('heading', { name: 'Apple Inc.' });
    choose('news');
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(5);
    const link = within(items[0]!).getByRole('link', { name: 'Headline 1' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(items[0]!).getByText('10-01-2024')).toBeTruthy();
    expect(items[0]!.querySelector('img')!.getAttribute('src')).toBe(
      'https://images.example.com/a.png',
    );
    // A site-relative image path is not requested.
    expect(items[1]!.querySelector('img')).toBeNull();
  });
});

describe('actions', () => {
  it('Value Business is disabled without a handler and calls the handler with the symbol when given', async () => {
    show();
    await screen.findByRole('heading', { name: 'Apple Inc.' });
    expect(
      (screen.getByRole('button', { name: 'Value Business' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('Value Business hands the symbol to the valuation screens; Find Another Business leaves', async () => {
    const onValueBusiness = vi.fn();
    const { onFindAnother } = show({ onValueBusiness });
    await screen.findByRole('heading', { name: 'Apple Inc.' });
    fireEvent.click(screen.getByRole('button', { name: 'Value Business' }));
    expect(onValueBusiness).toHaveBeenCalledWith('AAPL');
    fireEvent.click(screen.getByRole('button', { name: 'Find Another Business' }));
    expect(onFindAnother).toHaveBeenCalledOnce();
  });
});

describe('Add to Watchlist', () => {
  const addButton = () => screen.getByRole('button', { name: 'Add to Watchlist' });

  it('a signed-in user adds the stock with their token and sees the server message', async () => {
    setSession(signedIn());
    show();
    await screen.findByRole('heading', { name: 'Apple Inc.' });
    fireEvent.click(addButton());
    expect(await screen.findByText('Watchlist Added successfully')).toBeTruthy();
    const add = calls.filter((c) => c.path === '/api/addWatchList');
    expect(add).toHaveLength(1);
    expect(add[0]!.body).toEqual({ stock_symbol: 'AAPL' });
    expect(add[0]!.authorization).toBe('Bearer test-access-token');
    expect(document.querySelector('.toast--success')?.textContent).toContain(
      'Watchlist Added successfully',
    );
  });

  it("a refused add shows the server's message as an error", async () => {
    setSession(signedIn());
    addAnswer = {
      status: 400,
      body: { message: 'Your watchlist holds at most 200 stocks. Remove one to add another.' },
    };
    show();
    await screen.findByRole('heading', { name: 'Apple Inc.' });
    fireEvent.click(addButton());
    const toast = await screen.findByRole('alert');
    expect(toast.className).toContain('toast--error');
    expect(toast.textContent).toContain(
      'Your watchlist holds at most 200 stocks. Remove one to add another.',
    );
  });

  it('a server failure shows "Error Adding"', async () => {
    setSession(signedIn());
    addAnswer = { status: 500, body: { message: 'Internal error', requestId: 'r-1' } };
    show();
    await screen.findByRole('heading', { name: 'Apple Inc.' });
    fireEvent.click(addButton());
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Error Adding');
    expect(toast.textContent).not.toContain('Internal error');
  });

  it('a guest is sent to log in and brought back to this company', async () => {
    show();
    await screen.findByRole('heading', { name: 'Apple Inc.' });
    expect(screen.queryByRole('button', { name: 'Add to Watchlist' })).toBeNull();
    const link = screen.getByRole('link', { name: 'Add to Watchlist' });
    expect(link.getAttribute('href')).toBe('/login');
    fireEvent.click(link);
    expect(await screen.findByText('Login, then back to /Market?symbol=AAPL')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/addWatchList')).toBe(false);
  });

  it('waits for the session before offering the button', async () => {
    setSession({ status: 'loading' });
    show();
    await screen.findByRole('heading', { name: 'Apple Inc.' });
    expect((addButton() as HTMLButtonElement).disabled).toBe(true);
  });
});
