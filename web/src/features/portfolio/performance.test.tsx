import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { guessMapping } from '../../../../shared/portfolio/csv-import';
import type { PerformanceData } from '../../../../shared/schemas/portfolio-performance';
import { json, stubApi, type ApiCall } from '../../test/api-mock';
import { captureCsvDownloads } from '../../test/csv-downloads';
import { renderWithProviders } from '../../test/render-with-providers';
import { setSession, signedIn } from '../../test/session-mock';
import { PerformancePanel, RETURN_NOTES } from './components/PerformancePanel';

vi.mock('../../lib/auth', async () => (await import('../../test/session-mock')).authMock);

// echarts cannot render in jsdom: the charts show what they were given instead.
vi.mock('./components/PerformanceChart', () => import('./test/performance-chart-mock'));
vi.mock('./components/AllocationChart', () => import('./test/allocation-chart-mock'));

function data(period: string, extra: Partial<PerformanceData> = {}): PerformanceData {
  return {
    portfolio_id: 'p1',
    period,
    start: '2025-03-11',
    end: '2026-03-10',
    days: 365,
    clipped: false,
    inception: '2020-06-01',
    benchmark: { symbol: '^GSPC', name: 'S&P 500' },
    nav_cents: 12_000_00,
    start_nav_cents: 10_000_00,
    end_nav_cents: 12_000_00,
    net_flow_cents: 0,
    twr: { kind: 'annualised', rate: 0.2 },
    twr_cumulative: 0.2,
    mwr: { kind: 'unavailable', reason: 'no-solution', message: 'No single rate fits' },
    gain: {
      total_cents: 2_000_00,
      realised_cents: 500_00,
      unrealised_cents: 1_400_00,
      dividend_cents: 100_00,
      fee_cents: 0,
    },
    series: [
      {
        date: '2025-03-11',
        nav_cents: 10_000_00,
        benchmark_cents: 10_000_00,
        twr_index: 100,
        benchmark_index: 100,
        flow_cents: 0,
      },
      {
        date: '2026-03-10',
        nav_cents: 12_000_00,
        benchmark_cents: 11_000_00,
        twr_index: 120,
        benchmark_index: 110,
        flow_cents: 0,
      },
    ],
    monthly: [
      { year: 2026, month: 1, rate: 0.05 },
      { year: 2026, month: 2, rate: -0.02 },
    ],
    holdings: [
      {
        symbol: 'AAPL',
        quantity: 40,
        average_cost: 150,
        cost_cents: 6_000_00,
        price: 200,
        value_cents: 8_000_00,
        weight: 8 / 12,
        unrealised_cents: 2_000_00,
        realised_cents: 0,
        dividend_cents: 100_00,
        first_buy: '2020-06-01',
        twr_since_first_buy: 0.5,
      },
    ],
    allocation: [
      {
        symbol: 'AAPL',
        name: 'Apple',
        sector: 'Technology',
        industry: 'Consumer Electronics',
        value_cents: 8_000_00,
      },
      { symbol: 'CASH', name: 'Cash', sector: 'Cash', industry: 'Cash', value_cents: 4_000_00 },
    ],
    corporate_actions: [],
    corporate_actions_complete: true,
    cost_method: 'average cost',
    ...extra,
  };
}

let calls: ApiCall[];
beforeEach(() => {
  setSession(signedIn());
  calls = stubApi(({ path, body }) =>
    path === '/api/getPortfolioPerformance'
      ? json(200, { data: data(String(body?.period)), asOf: '2026-03-10T15:00:00Z' })
      : undefined,
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('portfolio performance panel', () => {
  it('shows both returns labelled, the reason for an N/A, and explains each on tap', async () => {
    renderWithProviders(<PerformancePanel portfolioId="p1" />);
    expect((await screen.findByTestId('return-twr')).textContent).toContain('20.00% a year');
    expect(screen.getByTestId('return-mwr').textContent).toContain('N/A (No single rate fits)');
    const info = screen.getByRole('button', { name: 'What is the time-weighted return?' });
    expect(info.getAttribute('title')).toBe(RETURN_NOTES.twr);
    expect(screen.getByText(RETURN_NOTES.twr).hidden).toBe(true);
    fireEvent.click(info);
    expect(info.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(RETURN_NOTES.twr).hidden).toBe(false);
  });

  it('asks for the period chosen and draws NAV against the S&P 500, or both rebased to 100', async () => {
    renderWithProviders(<PerformancePanel portfolioId="p1" />);
    expect((await screen.findByTestId('performance-chart')).textContent).toContain(
      'Portfolio: 10000,12000 | S&P 500 (same deposits): 10000,11000',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Time-weighted (start = 100)' }));
    expect(screen.getByTestId('performance-chart').textContent).toContain(
      'Portfolio: 100,120 | S&P 500: 100,110',
    );
    fireEvent.click(screen.getByRole('button', { name: 'YTD' }));
    await waitFor(() =>
      expect(calls.some((c) => c.body?.period === 'YTD' && c.body.portfolio_id === 'p1')).toBe(
        true,
      ),
    );
    expect(screen.getByRole('button', { name: 'YTD' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('marks deposits and withdrawals on the chart and lists them', async () => {
    const base = data('1Y');
    const flows = [
      { ...base.series[0]!, date: '2025-06-02', flow_cents: 500_000 },
      { ...base.series[1]!, date: '2025-09-01', flow_cents: -125_050 },
    ];
    vi.unstubAllGlobals();
    stubApi(({ path, body }) =>
      path === '/api/getPortfolioPerformance'
        ? json(200, {
            data: data(String(body?.period), { series: [base.series[0]!, ...flows] }),
            asOf: '2026-03-10T15:00:00Z',
          })
        : undefined,
    );
    renderWithProviders(<PerformancePanel portfolioId="p1" />);
    expect((await screen.findByTestId('performance-chart')).textContent).toContain(
      'markers: 2025-06-02 Deposit $5,000.00, 2025-09-01 Withdrawal $1,250.50',
    );
    const list = screen
      .getByText(/Deposits and withdrawals in this period \(2\)/)
      .closest('details')!;
    expect(list.textContent).toContain('2025-06-02: deposit $5,000.00');
    expect(list.textContent).toContain('2025-09-01: withdrawal $1,250.50');
  });

  it('sends a custom range only once both days are chosen', async () => {
    renderWithProviders(<PerformancePanel portfolioId="p1" />);
    await screen.findByTestId('return-twr');
    fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
    expect(screen.getByText('Choose the first and last day of the period.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2024-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2024-12-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.body?.period === 'custom' &&
            c.body.from === '2024-01-01' &&
            c.body.to === '2024-12-31',
        ),
      ).toBe(true),
    );
  });

  it('splits the gain, lists holdings with their cost method, and allocates with cash by sector', async () => {
    renderWithProviders(<PerformancePanel portfolioId="p1" />);
    expect((await screen.findByTestId('gain-total')).textContent).toContain('$2,000.00');
    expect(screen.getByTestId('gain-dividends').textContent).toContain('$100.00');
    expect(screen.getByText('Average cost per share by the average-cost method')).toBeTruthy();
    expect((await screen.findByTestId('allocation')).textContent).toContain('AAPL=8000,CASH=4000');
    fireEvent.change(screen.getByLabelText('By'), { target: { value: 'sector' } });
    expect(screen.getByTestId('allocation').textContent).toContain('Technology=8000,Cash=4000');
    const heatmap = screen.getByRole('table', { name: 'Monthly time-weighted returns' });
    expect(heatmap.textContent).toContain('2026');
    expect(heatmap.textContent).toContain('5.00%');
    expect(heatmap.textContent).toContain('-2.00%');
  });
});

describe('CSV import wizard', () => {
  const file = (text: string, name = 'trades.csv') => new File([text], name, { type: 'text/csv' });

  it('maps the columns, previews created and refused rows, then imports all at once', async () => {
    const importCalls: Record<string, unknown>[] = [];
    vi.unstubAllGlobals();
    stubApi(({ path, body }) => {
      if (path === '/api/getPortfolioPerformance')
        return json(200, { data: data(String(body?.period)), asOf: '2026-03-10T15:00:00Z' });
      if (path === '/api/importTransactions') {
        importCalls.push(body!);
        return json(200, {
          data: {
            header: ['Date', 'Type', 'Symbol', 'Quantity', 'Price'],
            mapping: { date: 0, type: 1, symbol: 2, quantity: 3, price: 4 },
            accepted: [
              {
                line: 2,
                date: '2024-01-03',
                type: 'buy',
                symbol: 'KO',
                quantity: 10,
                price: 60,
                amount_cents: 60_000,
              },
            ],
            rejected: [{ line: 3, reason: 'Unknown symbol ZZZZ' }],
            already_imported: false,
            blocker: null,
            created: body?.mode === 'commit' ? 1 : 0,
          },
        });
      }
      return undefined;
    });
    renderWithProviders(<PerformancePanel portfolioId="p1" />);
    const csv =
      'Date,Type,Symbol,Quantity,Price\n2024-01-03,buy,KO,10,60\n2024-01-04,buy,ZZZZ,1,1\n';
    fireEvent.change(screen.getByLabelText(/CSV file/), { target: { files: [file(csv)] } });
    expect(((await screen.findByLabelText('symbol')) as HTMLSelectElement).value).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await screen.findByTestId('import-summary')).textContent).toContain(
      '1 rows will be created, 1 will not.',
    );
    expect(
      screen.getByRole('table', { name: 'Rows that will not be created' }).textContent,
    ).toContain('Unknown symbol ZZZZ');
    expect(importCalls[0]).toMatchObject({ portfolio_id: 'p1', mode: 'preview', csv });
    fireEvent.click(screen.getByRole('button', { name: 'Import 1 rows' }));
    expect((await screen.findByTestId('import-done')).textContent).toBe('Imported 1 rows.');
    expect(importCalls[1]).toMatchObject({ mode: 'commit', mapping: { date: 0, symbol: 2 } });
  });

  it('exports the activity in the columns the import reads', async () => {
    vi.unstubAllGlobals();
    stubApi(({ path, body }) => {
      if (path === '/api/getPortfolioPerformance')
        return json(200, { data: data(String(body?.period)), asOf: '2026-03-10T15:00:00Z' });
      if (path === '/api/exportActivity')
        return json(200, {
          data: {
            portfolio_id: 'p1',
            portfolio_name: 'Growth',
            rows: [
              {
                date: '2020-06-01',
                type: 'deposit',
                symbol: null,
                quantity: null,
                price: null,
                amount_cents: 10_000_000,
                fee_cents: 0,
              },
              {
                date: '2020-06-01',
                type: 'buy',
                symbol: 'AAPL',
                quantity: 10,
                price: 321.5,
                amount_cents: 321_500,
                fee_cents: 0,
              },
            ],
          },
        });
      return undefined;
    });
    const files = captureCsvDownloads();
    renderWithProviders(<PerformancePanel portfolioId="p1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Export Activity as CSV' }));
    const [saved] = await waitFor(async () => {
      const all = await files.downloads();
      expect(all).toHaveLength(1);
      return all;
    });
    expect(saved?.rows).toEqual([
      ['Date', 'Type', 'Symbol', 'Quantity', 'Price', 'Amount', 'Fee'],
      ['2020-06-01', 'deposit', '', '', '', '100000', '0'],
      ['2020-06-01', 'buy', 'AAPL', '10', '321.5', '3215', '0'],
    ]);
    expect(guessMapping(saved!.rows[0]!)).toEqual({
      date: 0,
      type: 1,
      symbol: 2,
      quantity: 3,
      price: 4,
      amount: 5,
      fee: 6,
    });
  });

  it('says why a bad file cannot be read and sends nothing', async () => {
    renderWithProviders(<PerformancePanel portfolioId="p1" />);
    fireEvent.change(screen.getByLabelText(/CSV file/), {
      target: { files: [file('date;type;symbol\n2024-01-03;buy;KO\n')] },
    });
    expect((await screen.findByRole('alert')).textContent).toContain('separated by ";"');
    expect(calls.some((c) => c.path === '/api/importTransactions')).toBe(false);
  });
});
