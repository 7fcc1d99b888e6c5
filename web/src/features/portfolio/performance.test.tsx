import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatNumber, formatPercent } from '../../../../shared/format/money';
import { CSV_MAX_ROWS, guessMapping } from '../../../../shared/portfolio/csv-import';
import type { CostMethod } from '../../../../shared/portfolio/lots';
import type { Period } from '../../../../shared/portfolio/returns';
import type { PerformanceData } from '../../../../shared/schemas/portfolio-performance';
import { json, stubApi, type ApiCall } from '../../test/api-mock';
import { captureCsvDownloads } from '../../test/csv-downloads';
import { renderWithProviders } from '../../test/render-with-providers';
import { setSession, signedIn } from '../../test/session-mock';
import { PerformancePanel, RETURN_NOTES } from './components/PerformancePanel';
import { formatCents } from './returns';
import { performanceFixture } from './test/performance-fixture';

vi.mock('../../lib/auth', async () => (await import('../../test/session-mock')).authMock);

// echarts cannot render in jsdom: the charts show what they were given instead.
vi.mock('./components/PerformanceChart', () => import('./test/performance-chart-mock'));
vi.mock('./components/AllocationChart', () => import('./test/allocation-chart-mock'));

const RECORD = {
  id: 'p1',
  portfolio_id: 'p1',
  portfolio_name: 'Growth',
  investment_value: 100_000,
  investment_cents: 10_000_000,
  inception_date: '2024-01-02T00:00:00.000Z',
  date_time: null,
  cash_cents: 0,
  reserved_cents: 0,
  created_at: '2024-01-02T00:00:00.000Z',
  updated_at: '2024-01-02T00:00:00.000Z',
};

/** The answers of the performance route, worked out by the product's functions (test/performance-fixture). */
let settings: { costMethod: CostMethod; riskFreeRate: number };
let override: ((data: PerformanceData) => PerformanceData) | undefined;
let calls: ApiCall[];
const answers: PerformanceData[] = [];

function answer(body: Record<string, unknown> | undefined) {
  const data = performanceFixture(
    {
      period: body?.period as Period,
      from: body?.from as string | undefined,
      to: body?.to as string | undefined,
    },
    settings,
  );
  const sent = override ? override(data) : data;
  answers.push(sent);
  return json(200, { data: sent, asOf: '2026-03-10T15:00:00Z' });
}

beforeEach(() => {
  setSession(signedIn());
  settings = { costMethod: 'average', riskFreeRate: 4 };
  override = undefined;
  answers.length = 0;
  calls = stubApi(({ path, body }) => {
    if (path === '/api/getPortfolioPerformance') return answer(body);
    if (path === '/api/getPortfolioDetails') return json(200, { data: [RECORD] });
    if (path === '/api/updatePortfolioDetails') {
      if (body?.cost_method) settings.costMethod = body.cost_method as CostMethod;
      if (typeof body?.risk_free_rate === 'number') settings.riskFreeRate = body.risk_free_rate;
      return json(200, { message: 'Updated successfully' });
    }
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderPanel = () =>
  renderWithProviders(<PerformancePanel portfolioId="p1" portfolioName="Growth" />, {
    toastDuration: 60_000,
  });

const lastAnswer = () => answers.at(-1)!;
const percent = (rate: number) => formatPercent(rate, { fromFraction: true });

describe('the Performance view', () => {
  it('shows a skeleton while the first answer is on its way', async () => {
    vi.unstubAllGlobals();
    let release: (r: Response) => void = () => undefined;
    stubApi(({ path, body }) =>
      path === '/api/getPortfolioPerformance'
        ? new Promise<Response>((resolve) => (release = () => resolve(answer(body))))
        : undefined,
    );
    renderPanel();
    expect(await screen.findByRole('status', { name: 'Loading performance…' })).toBeTruthy();
    expect(screen.queryByTestId('return-twr')).toBeNull();
    await act(async () => release(new Response()));
    expect(await screen.findByTestId('return-twr')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading performance…' })).toBeNull();
  });

  it('shows both returns labelled, and explains each on hover, focus or tap', async () => {
    renderPanel();
    const twr = await screen.findByTestId('return-twr');
    expect(twr.textContent).toBe(`${percent((lastAnswer().twr as { rate: number }).rate)} a year`);
    const info = screen.getByRole('button', { name: 'What is the time-weighted return?' });
    // The formula is the button's description, shown on a tap until tapped again or Escape.
    const note = document.getElementById(info.getAttribute('aria-describedby')!)!;
    expect(note.textContent).toBe(RETURN_NOTES.twr);
    expect(note.getAttribute('role')).toBe('tooltip');
    const figure = info.closest('.figure')!;
    expect(figure.classList.contains('is-open')).toBe(false);
    fireEvent.click(info);
    expect(info.getAttribute('aria-expanded')).toBe('true');
    expect(figure.classList.contains('is-open')).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(figure.classList.contains('is-open')).toBe(false);
  });

  it('has a period control of pressed buttons, moved along with the arrow keys', async () => {
    renderPanel();
    await screen.findByTestId('return-twr');
    const group = screen.getByRole('group', { name: 'Period' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      '1M',
      '3M',
      'YTD',
      '1Y',
      '3Y',
      '5Y',
      'MAX',
      'Custom',
    ]);
    const oneYear = within(group).getByRole('button', { name: '1Y' });
    expect(oneYear.getAttribute('aria-pressed')).toBe('true');
    // Only the pressed one is in the Tab order; the arrows move along the row.
    expect(buttons.filter((b) => b.tabIndex === 0)).toEqual([oneYear]);
    oneYear.focus();
    fireEvent.keyDown(oneYear, { key: 'ArrowRight' });
    expect(document.activeElement?.textContent).toBe('3Y');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement?.textContent).toBe('Custom');
    fireEvent.click(within(group).getByRole('button', { name: 'YTD' }));
    await waitFor(() =>
      expect(calls.some((c) => c.body?.period === 'YTD' && c.body.portfolio_id === 'p1')).toBe(
        true,
      ),
    );
    expect(within(group).getByRole('button', { name: 'YTD' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await waitFor(() =>
      expect(screen.getByTestId('performance-range').textContent).toMatch(
        /^2026-01-01 to 2026-03-10/,
      ),
    );
  });

  it('sends a custom range only once both days are chosen in order', async () => {
    renderPanel();
    await screen.findByTestId('return-twr');
    fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
    expect(screen.getByText('Choose the first and last day of the period.')).toBeTruthy();
    const show = screen.getByRole('button', { name: 'Show' }) as HTMLButtonElement;
    expect(show.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-02-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-01-01' } });
    expect(show.disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('The first day must not be after the last.');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-12-31' } });
    fireEvent.click(show);
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.body?.period === 'custom' &&
            c.body.from === '2025-02-01' &&
            c.body.to === '2025-12-31',
        ),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(screen.getByTestId('performance-range').textContent).toBe(
        '2025-02-01 to 2025-12-31 (334 days)',
      ),
    );
  });

  it('draws NAV against the S&P 500, or both rebased to 100, with the largest drawdown shaded', async () => {
    renderPanel();
    const chart = await screen.findByTestId('performance-chart');
    const data = lastAnswer();
    expect(chart.textContent).toContain(
      `Portfolio: ${data.series.map((p) => p.nav_cents / 100).join(',')}`,
    );
    const dd = data.risk.max_drawdown;
    if (dd.kind !== 'value' || !dd.peak) throw new Error('the fixture has a drawdown');
    // The band on the chart is the risk figure's (one drawdown, drawn and stated).
    expect(chart.textContent).toContain(
      `drawdown: ${dd.peak} to ${dd.trough}, recovery ${dd.recovery ?? 'none'}`,
    );
    expect(screen.getByTestId('risk-drawdown').textContent).toContain(
      `${percent(dd.value)} ${dd.peak} to ${dd.trough}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Time-weighted (start = 100)' }));
    expect(screen.getByTestId('performance-chart').textContent).toContain(
      `Portfolio: ${data.series.map((p) => p.twr_index).join(',')}`,
    );
  });

  it('shows every risk figure of the period with its formula, and why one is unavailable', async () => {
    renderPanel();
    await screen.findByTestId('risk-volatility');
    const risk = lastAnswer().risk;
    const value = (f: { kind: string; value?: number }) => {
      if (f.kind !== 'value') throw new Error('expected a value');
      return f.value!;
    };
    expect(screen.getByTestId('risk-volatility').textContent).toBe(
      `${percent(value(risk.volatility))} a year`,
    );
    expect(screen.getByTestId('risk-sharpe').textContent).toBe(formatNumber(value(risk.sharpe), 2));
    expect(screen.getByTestId('risk-beta').textContent).toBe(formatNumber(value(risk.beta), 2));
    expect(screen.getByTestId('risk-correlation').textContent).toBe(
      formatNumber(value(risk.correlation), 2),
    );
    if (risk.best_day.kind !== 'value' || risk.worst_month.kind !== 'value')
      throw new Error('expected values');
    expect(screen.getByTestId('risk-best-day').textContent).toContain(`on ${risk.best_day.date}`);
    expect(screen.getByTestId('risk-worst-month').textContent).toContain(
      percent(risk.worst_month.value),
    );
    expect(screen.getByText(/over \d+ trading days, risk-free rate 4\.00% a year/)).toBeTruthy();
    for (const [name, formula] of [
      ['How is the volatility worked out?', risk.volatility.formula],
      ['How is the Sharpe ratio worked out?', risk.sharpe.formula],
      ['How is the beta worked out?', risk.beta.formula],
      ['How is the maximum drawdown worked out?', risk.max_drawdown.formula],
    ] as const) {
      const button = screen.getByRole('button', { name });
      expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
        formula,
      );
    }
    expect(risk.sharpe.formula).toContain('4.00% a year');

    // A week is too short for a volatility.
    fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-03' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-07' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(screen.getByTestId('risk-volatility').textContent).toBe(
        'N/A (Needs at least 10 trading days; this period has 5)',
      ),
    );
  });

  it('splits the gain, states the cost method of the holdings, and allocates with cash', async () => {
    renderPanel();
    const data = await waitFor(() => {
      expect(screen.getByTestId('gain-total')).toBeTruthy();
      return lastAnswer();
    });
    expect(screen.getByTestId('gain-total').textContent).toBe(formatCents(data.gain.total_cents));
    expect(screen.getByText('Cost by the average-cost method')).toBeTruthy();
    const allocation = await screen.findByTestId('allocation');
    const cash = data.allocation.find((a) => a.symbol === 'CASH')!.value_cents / 100;
    expect(allocation.textContent).toContain(`CASH=${cash}`);
    const by = screen.getByRole('group', { name: 'Allocation by' });
    fireEvent.click(within(by).getByRole('button', { name: 'Sector' }));
    expect(screen.getByTestId('allocation').textContent).toContain('Technology=');
    expect(screen.getByTestId('allocation').textContent).toContain(`Cash=${cash}`);
    const heatmap = screen.getByRole('table', { name: 'Monthly time-weighted returns' });
    const march = data.monthly.find((m) => m.year === 2025 && m.month === 6)!;
    expect(heatmap.textContent).toContain(percent(march.rate));
  });

  it('lists the FIFO lots: open lots, each sale’s lots and the gains per tax year, with their CSV', async () => {
    const files = captureCsvDownloads();
    renderPanel();
    const years = await screen.findByRole('table', { name: 'Realised gains by tax year' });
    const lots = lastAnswer().lots;
    // KO: 100 bought 2024-01-03, 50 on 2024-06-03; 120 sold 2025-03-03 (100 long, 20 short).
    // MSFT: 50 bought 2024-02-01, split 2-for-1 on 2025-08-01, 30 sold 2025-09-02 (long).
    expect(lots.realised.map((r) => [r.symbol, r.acquired, r.quantity, r.term])).toEqual([
      ['KO', '2024-01-03', 100, 'long'],
      ['KO', '2024-06-03', 20, 'short'],
      ['MSFT', '2024-02-01', 30, 'long'],
    ]);
    const row2025 = within(years).getByRole('row', { name: /^2025/ });
    const y = lots.tax_years[0]!;
    expect(
      within(row2025)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([formatCents(y.short_cents), formatCents(y.long_cents), formatCents(y.total_cents)]);
    const open = screen.getByRole('table', { name: 'Open lots' });
    expect(within(open).getAllByRole('row')).toHaveLength(1 + lots.open.length);
    // KO's lot of 2025-12-01 is short-term until the day after its anniversary.
    expect(lots.open.map((l) => [l.symbol, l.acquired, l.quantity, l.term])).toEqual([
      ['KO', '2024-06-03', 30, 'long'],
      ['KO', '2025-12-01', 10, 'short'],
      ['MSFT', '2024-02-01', 70, 'long'],
    ]);
    expect(within(open).getAllByRole('row')[2]!.textContent).toContain(
      'Short-term until 2026-12-02',
    );
    const sales = screen.getByRole('table', { name: 'Realised, by sale' });
    // Newest sale first.
    expect(within(sales).getAllByRole('row')[1]!.textContent).toContain(
      '2025-09-02MSFT2024-02-0130',
    );

    fireEvent.click(
      screen.getByRole('button', { name: 'Export CSV of Growth Realised Gains by Tax Year' }),
    );
    const [saved] = await waitFor(async () => {
      const all = await files.downloads();
      expect(all).toHaveLength(1);
      return all;
    });
    expect(saved?.fileName).toMatch(/^mr-market-growth-realised-gains-by-tax-year-/);
    expect(saved?.rows).toEqual([
      ['Tax Year', 'Short-Term Gain (USD)', 'Long-Term Gain (USD)', 'Total Gain (USD)'],
      [
        String(y.year),
        String(y.short_cents / 100),
        String(y.long_cents / 100),
        String(y.total_cents / 100),
      ],
    ]);
  });

  it('saves the cost method and the risk-free rate on the portfolio and shows the figures by them', async () => {
    renderPanel();
    await screen.findByTestId('risk-sharpe');
    const method = screen.getByRole('group', { name: 'Cost method' });
    expect(
      within(method).getByRole('button', { name: 'Average cost' }).getAttribute('aria-pressed'),
    ).toBe('true');
    fireEvent.click(within(method).getByRole('button', { name: 'FIFO' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/updatePortfolioDetails').at(-1)?.body).toEqual({
        portfolio_id: 'p1',
        portfolio_name: 'Growth',
        investment_value: 100_000,
        cost_method: 'fifo',
      }),
    );
    expect(await screen.findByText('Cost by the first in, first out (FIFO) method')).toBeTruthy();
    expect(within(method).getByRole('button', { name: 'FIFO' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    const rate = screen.getByLabelText('Risk-free rate') as HTMLInputElement;
    expect(rate.value).toBe('4.00');
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(rate, { target: { value: '25' } });
    expect(screen.getByText('The risk-free rate must be between 0% and 20%')).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.change(rate, { target: { value: '5.5' } });
    fireEvent.click(save);
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/updatePortfolioDetails').at(-1)?.body).toEqual({
        portfolio_id: 'p1',
        portfolio_name: 'Growth',
        investment_value: 100_000,
        risk_free_rate: 5.5,
      }),
    );
    await waitFor(() => expect(screen.getByText(/risk-free rate 5\.50% a year/)).toBeTruthy());
    expect(lastAnswer().risk.sharpe.formula).toContain('5.50% a year');
  });

  it('keeps a risk-free rate being typed while the cost method is saved', async () => {
    renderPanel();
    await screen.findByTestId('risk-sharpe');
    const method = screen.getByRole('group', { name: 'Cost method' });
    fireEvent.click(within(method).getByRole('button', { name: 'FIFO' }));
    // Typed while the cost method's save is on its way.
    const rate = screen.getByLabelText('Risk-free rate') as HTMLInputElement;
    fireEvent.change(rate, { target: { value: '6' } });
    expect(await screen.findByText('Cost by the first in, first out (FIFO) method')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    expect(rate.value).toBe('6');
  });

  it('exports the activity in the columns the import reads', async () => {
    vi.unstubAllGlobals();
    stubApi(({ path, body }) => {
      if (path === '/api/getPortfolioPerformance') return answer(body);
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
            total: 2,
            next_offset: null,
          },
        });
      return undefined;
    });
    const files = captureCsvDownloads();
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV of Activity' }));
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
  it('saves an activity longer than the import takes as files it takes back, cut between days', async () => {
    vi.unstubAllGlobals();
    // One deposit a day over the import's limit: the last few days go in a second file.
    const rows = Array.from({ length: CSV_MAX_ROWS + 3 }, (_, i) => ({
      date: new Date(Date.UTC(2000, 0, 3 + Math.floor(i / 2))).toISOString().slice(0, 10),
      type: 'deposit',
      symbol: null,
      quantity: null,
      price: null,
      amount_cents: 100,
      fee_cents: 0,
    }));
    stubApi(({ path, body }) => {
      if (path === '/api/getPortfolioPerformance') return answer(body);
      // A file's worth of rows an answer, as the route pages them.
      if (path === '/api/exportActivity') {
        const offset = (body as { offset?: number }).offset ?? 0;
        const end = Math.min(rows.length, offset + CSV_MAX_ROWS);
        return json(200, {
          data: {
            portfolio_id: 'p1',
            portfolio_name: 'Growth',
            rows: rows.slice(offset, end),
            total: rows.length,
            next_offset: end < rows.length ? end : null,
          },
        });
      }
      return undefined;
    });
    const files = captureCsvDownloads();
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV of Activity' }));
    const saved = await waitFor(async () => {
      const all = await files.downloads();
      expect(all).toHaveLength(2);
      return all;
    });
    const [first, second] = saved.map((f) => f.rows.slice(1));
    expect(first!.length).toBeLessThanOrEqual(CSV_MAX_ROWS);
    expect(first!.length + second!.length).toBe(rows.length);
    expect(second![0]![0]! > first!.at(-1)![0]!).toBe(true);
  });
});

describe('CSV import dialog', () => {
  const file = (text: string, name = 'trades.csv') => new File([text], name, { type: 'text/csv' });
  const CSV =
    'Date,Type,Symbol,Quantity,Price\n2024-01-03,buy,KO,10,60\n2024-01-04,buy,ZZZZ,1,1\n2024-01-05,buy,KO,5,61\n';

  function stubImport(duplicates: boolean) {
    const importCalls: Record<string, unknown>[] = [];
    vi.unstubAllGlobals();
    stubApi(({ path, body }) => {
      if (path === '/api/getPortfolioPerformance') return answer(body);
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
            ...(duplicates
              ? {
                  duplicates: [
                    {
                      line: 4,
                      date: '2024-01-05',
                      type: 'buy',
                      symbol: 'KO',
                      quantity: 5,
                      price: 61,
                      amount_cents: 30_500,
                    },
                  ],
                }
              : {}),
            already_imported: false,
            blocker: null,
            created: body?.mode === 'commit' ? 1 : 0,
          },
        });
      }
      return undefined;
    });
    return importCalls;
  }

  it('opens from the view, maps the columns, previews new, duplicate and refused rows, then imports', async () => {
    const importCalls = stubImport(true);
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = screen.getByRole('dialog', { name: 'Import transactions from CSV' });
    fireEvent.change(within(dialog).getByLabelText(/CSV file/), { target: { files: [file(CSV)] } });
    expect(((await within(dialog).findByLabelText('Symbol')) as HTMLSelectElement).value).toBe('2');
    expect(within(dialog).getByText('trades.csv: which column holds each field?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect((await within(dialog).findByTestId('import-summary')).textContent).toBe(
      '1 rows will be created, 1 are already in the portfolio and will be skipped, 1 will not.',
    );
    const duplicates = within(dialog).getByRole('table', { name: 'Rows already in the portfolio' });
    expect(within(duplicates).getAllByRole('row')[1]!.textContent).toContain('42024-01-05buyKO5');
    expect(
      within(dialog).getByRole('table', { name: 'Rows that will not be created' }).textContent,
    ).toContain('Unknown symbol ZZZZ');
    expect(importCalls[0]).toMatchObject({ portfolio_id: 'p1', mode: 'preview', csv: CSV });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 1 rows' }));
    expect((await within(dialog).findByTestId('import-done')).textContent).toBe('Imported 1 rows.');
    expect(importCalls[1]).toMatchObject({ mode: 'commit', mapping: { date: 0, symbol: 2 } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('takes a dropped file, and reads a preview without duplicates as none', async () => {
    stubImport(false);
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = screen.getByRole('dialog', { name: 'Import transactions from CSV' });
    const zone = within(dialog).getByText('Choose a CSV file').closest('label')!;
    fireEvent.dragEnter(zone);
    expect(zone.classList.contains('is-dragging')).toBe(true);
    fireEvent.drop(zone, { dataTransfer: { files: [file(CSV, 'dropped.csv')] } });
    expect(
      await within(dialog).findByText('dropped.csv: which column holds each field?'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect((await within(dialog).findByTestId('import-summary')).textContent).toBe(
      '1 rows will be created, 1 will not.',
    );
    expect(
      within(dialog).queryByRole('table', { name: 'Rows already in the portfolio' }),
    ).toBeNull();
  });

  it('says why a bad file cannot be read and sends nothing', async () => {
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = screen.getByRole('dialog', { name: 'Import transactions from CSV' });
    fireEvent.change(within(dialog).getByLabelText(/CSV file/), {
      target: { files: [file('date,type,amount\n2024-01-03,deposit,"10\n2024-01-04,deposit,5\n')] },
    });
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'A quote on line 2 is not closed where it should be: lines 2 to 3 would be read as one cell',
    );
    expect(calls.some((c) => c.path === '/api/importTransactions')).toBe(false);
  });

  it('maps a broker’s file: its dates and type words, with the first rows as they will be read', async () => {
    const importCalls = stubImport(false);
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = screen.getByRole('dialog', { name: 'Import transactions from CSV' });
    const broker = [
      'Date,Action,Symbol,Quantity,Price,Amount',
      '01/02/2024,Journal,,,,"5,000.00"',
      '01/03/2024,Bought,KO,10,60,-600.00',
      '01/04/2024,Reinvest Dividend,KO,0.1,61,-6.10',
    ].join('\n');
    fireEvent.change(within(dialog).getByLabelText(/CSV file/), {
      target: { files: [file(broker, 'broker.csv')] },
    });
    expect(
      ((await within(dialog).findByLabelText('Dates written as')) as HTMLSelectElement).value,
    ).toBe('MM/DD/YYYY');
    const first = within(dialog).getByRole('table', {
      name: 'The first 3 rows as they will be read',
    });
    const rows = within(first).getAllByRole('row');
    expect(rows[1]!.textContent).toContain(
      'The type is not buy, sell, dividend, deposit or withdrawal',
    );
    expect(rows[2]!.textContent).toContain('32024-01-03buyKO10');
    expect(rows[3]!.textContent).toContain('42024-01-04buyKO0.1');
    // Only the word no type is known for is asked about.
    const journal = within(dialog).getByLabelText('Journal') as HTMLSelectElement;
    expect(within(dialog).queryByLabelText('Bought')).toBeNull();
    fireEvent.change(journal, { target: { value: 'deposit' } });
    expect(within(first).getAllByRole('row')[1]!.textContent).toContain('22024-01-02deposit');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await within(dialog).findByTestId('import-summary');
    expect(importCalls[0]).toMatchObject({
      mode: 'preview',
      date_format: 'MM/DD/YYYY',
      type_words: { Journal: 'deposit' },
      mapping: { date: 0, type: 1, symbol: 2, quantity: 3, price: 4, amount: 5 },
    });
  });

  it('applies a saved preset by its column names, and saves the mapping as a named preset', async () => {
    const saved: Record<string, unknown>[] = [];
    vi.unstubAllGlobals();
    stubApi(({ path, body }) => {
      if (path === '/api/getPortfolioPerformance') return answer(body);
      if (path === '/api/importPresets/list')
        return json(200, {
          data: [
            {
              name: 'My broker',
              // The columns in another order than this file's: the names decide.
              columns: ['Action', 'Run Date', 'Ticker', 'Amount'],
              mapping: { type: 0, date: 1, symbol: 2, amount: 3 },
              date_format: 'DD/MM/YYYY',
              type_words: { Journal: 'deposit' },
            },
          ],
        });
      if (path === '/api/importPresets/save') {
        saved.push(body!);
        return json(200, { message: 'Preset saved', data: { name: 'x' } });
      }
      return undefined;
    });
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = screen.getByRole('dialog', { name: 'Import transactions from CSV' });
    const broker = 'Run Date,Action,Ticker,Amount\n02/01/2024,Journal,,100\n';
    fireEvent.change(within(dialog).getByLabelText(/CSV file/), {
      target: { files: [file(broker, 'broker.csv')] },
    });
    const choose = (await within(dialog).findByLabelText('Preset')) as HTMLSelectElement;
    await within(choose).findByRole('option', { name: 'My broker' });
    fireEvent.change(choose, { target: { value: 'My broker' } });
    const value = (label: string) =>
      (within(dialog).getByLabelText(label) as HTMLSelectElement).value;
    expect([value('Date'), value('Type'), value('Symbol'), value('Amount')]).toEqual([
      '0',
      '1',
      '2',
      '3',
    ]);
    expect(value('Dates written as')).toBe('DD/MM/YYYY');
    expect(value('Journal')).toBe('deposit');
    expect(
      within(dialog).getByRole('table', { name: 'The first 1 rows as they will be read' })
        .textContent,
    ).toContain('22024-01-02deposit');

    fireEvent.change(within(dialog).getByLabelText('Save this mapping as'), {
      target: { value: ' Broker two ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save preset' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'Saved the preset “Broker two”',
    );
    expect(saved).toEqual([
      {
        name: 'Broker two',
        columns: ['Run Date', 'Action', 'Ticker', 'Amount'],
        mapping: { date: 0, type: 1, symbol: 2, amount: 3 },
        date_format: 'DD/MM/YYYY',
        type_words: { Journal: 'deposit' },
      },
    ]);
  });

  it('reads a UTF-16 file with semicolons, as Excel saves one', async () => {
    const importCalls = stubImport(false);
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = screen.getByRole('dialog', { name: 'Import transactions from CSV' });
    const text = 'Date;Type;Symbol;Quantity;Price\n2024-01-03;buy;KO;10;60\n';
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) bytes[2 + i * 2] = text.charCodeAt(i);
    fireEvent.change(within(dialog).getByLabelText(/CSV file/), {
      target: { files: [new File([bytes], 'unicode.csv', { type: 'text/csv' })] },
    });
    expect(((await within(dialog).findByLabelText('Price')) as HTMLSelectElement).value).toBe('4');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await within(dialog).findByTestId('import-summary');
    expect(importCalls[0]).toMatchObject({ mode: 'preview', csv: text });
  });
});
