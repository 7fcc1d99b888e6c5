import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatPrice } from '../../../../shared/format/money';
import { computeValuation, type PEInput } from '../../../../shared/valuation/models';
import type { ValueLineData } from '../../../../shared/valuation/value-line-api';
import { envelope, json, stubApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render-with-providers';
import { ValueLineSection } from './components/ValueLineSection';

// echarts cannot draw in jsdom: the chart shows the days it was given instead.
vi.mock('./components/ValueLineChart', () => ({
  default: ({ days, label }: { days: { date: string; value: number | null }[]; label: string }) => (
    <div
      data-testid="value-line-chart"
      aria-label={label}
      data-days={days.length}
      data-values={[...new Set(days.map((d) => d.value))].join(',')}
    />
  ),
}));

const QUARTERS = ['03-31', '06-30', '09-30', '12-31'];

/**
 * Three years of quarters: EPS 1.00 a quarter (2.00 in 2025), 4 M shares; a loss in 2024's
 * second half. Closes every weekday at 50 until mid-2024, 70 after.
 */
function fixture(): ValueLineData {
  const quarters = Array.from({ length: 12 }, (_, i) => {
    const year = 2023 + Math.floor(i / 4);
    const date = `${year}-${QUARTERS[i % 4]}`;
    const eps = year === 2025 ? 2 : date === '2024-09-30' || date === '2024-12-31' ? -3 : 1;
    return {
      date,
      epsDiluted: eps,
      revenue: 40e6,
      ebitda: 10e6,
      dilutedShares: 4e6,
      equity: 80e6,
      debt: 5e6,
      cash: 1e6,
      operatingCashFlow: 12e6,
      capitalExpenditure: -4e6,
    };
  });
  const closes: [string, number][] = [];
  for (let t = Date.UTC(2023, 0, 2); t <= Date.UTC(2026, 2, 9); t += 86_400_000) {
    const d = new Date(t);
    if (d.getUTCDay() === 0 || d.getUTCDay() === 6) continue;
    const date = d.toISOString().slice(0, 10);
    closes.push([date, date < '2024-07-01' ? 50 : 70]);
  }
  return {
    symbol: 'ACME',
    quarters,
    splits: [],
    closes,
    sector: 'Industrials',
    sectorMedians: { pe: 18, pb: 2.5, ps: 1.5, evEbitda: 11 },
  };
}

function serve(data: ValueLineData = fixture()) {
  return stubApi((call) =>
    call.path === '/api/market/value-line' ? json(200, envelope(data)) : undefined,
  );
}

const render = (ui: React.ReactNode) => renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>);
const current = () => screen.findByTestId('value-line-current');

afterEach(() => vi.unstubAllGlobals());

describe('the company view’s value line', () => {
  it('draws P/E at the company’s median multiple; the investor can type their own', async () => {
    const calls = serve();
    render(<ValueLineSection mode="company" symbol="ACME" />);
    // The newest TTM EPS is 8 (four quarters of 2.00).
    const note = await screen.findByText(/Company 10-yr median P\/E/);
    const median = Number(/median P\/E: ([\d.]+)x/.exec(note.textContent ?? '')![1]);
    expect((await current()).textContent).toBe(formatPrice(8 * median, 'USD'));
    expect(note.textContent).toContain('Industrials median: 18.00x');
    expect(calls.filter((c) => c.path === '/api/market/value-line')).toHaveLength(1);
    expect(calls[calls.length - 1]!.query).toEqual({ symbol: 'ACME' });

    fireEvent.click(screen.getByRole('radio', { name: 'Sector median' }));
    await waitFor(async () => expect((await current()).textContent).toBe('$144.00'));

    fireEvent.click(screen.getByRole('radio', { name: 'My multiple' }));
    fireEvent.change(screen.getByLabelText('My P/E multiple'), { target: { value: '20' } });
    await waitFor(async () => expect((await current()).textContent).toBe('$160.00'));
    expect(screen.getByTestId('value-line-chart').getAttribute('aria-label')).toMatch(
      /^P\/E value line against the daily price, /,
    );
  });

  it('shows the loss as a gap with its reason, and the statistics beneath', async () => {
    serve();
    render(<ValueLineSection mode="company" symbol="ACME" />);
    await current();
    const gaps = screen.getByTestId('value-line-gaps');
    // TTM EPS: 0 at 2024-09-30, then -4, -3, -2, and 3 again at 2025-09-30.
    const items = within(gaps)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items.slice(-4)).toEqual([
      '2024-09-30 to 2024-12-30: Not meaningful: no earnings (TTM EPS 0.00)',
      '2024-12-31 to 2025-03-28: Not meaningful: negative earnings (TTM EPS -4.00)',
      '2025-03-31 to 2025-06-27: Not meaningful: negative earnings (TTM EPS -3.00)',
      '2025-06-30 to 2025-09-29: Not meaningful: negative earnings (TTM EPS -2.00)',
    ]);
    const stats = screen.getByTestId('value-line-stats');
    expect(within(stats).getByText('Price below the line')).toBeTruthy();
    expect(stats.querySelector('[data-stat="below"]')!.textContent).toMatch(/% of [\d,]+ days$/);
    // Values are never zero: the chart gets only positive values and gaps.
    const values = screen.getByTestId('value-line-chart').getAttribute('data-values')!.split(',');
    expect(values.filter((v) => v !== '' && Number(v) <= 0)).toEqual([]);
  });

  it('switches to another model', async () => {
    serve();
    render(<ValueLineSection mode="company" symbol="ACME" />);
    await current();
    fireEvent.click(screen.getByRole('radio', { name: 'P/B' }));
    // Book value per share 20 (80 M / 4 M) at the sector's 2.5 is 50; the company's median differs.
    fireEvent.click(screen.getByRole('radio', { name: 'Sector median' }));
    await waitFor(async () => expect((await current()).textContent).toBe('$50.00'));
  });
});

describe('beside a valuation model', () => {
  const input: PEInput = {
    valuation_type_id: 1,
    earnings_per_share: 7.35,
    growth_ratein_eps: 8,
    forward_multiple: 21.5,
    market_price: 70,
    holding_period: 3,
  };

  it('ends on the panel’s intrinsic value to the cent, and follows the multiple chosen', async () => {
    serve();
    render(<ValueLineSection mode="panel" symbol="ACME" input={input} />);
    const panel = computeValuation(input);
    if (!panel.ok) throw new Error(panel.message);
    expect((await current()).textContent).toBe(formatPrice(panel.intrinsicValuePerShare, 'USD'));
    expect(
      screen.getByRole('radio', { name: 'My P/E (21.50x)' }).getAttribute('aria-checked'),
    ).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: 'Sector median' }));
    const sector = computeValuation({ ...input, forward_multiple: 18 });
    await waitFor(async () =>
      expect((await current()).textContent).toBe(
        formatPrice(sector.ok ? sector.intrinsicValuePerShare : null, 'USD'),
      ),
    );
  });
});

describe('a saved pitch', () => {
  it('starts at the pitch date with its own value, against the actual price from then', async () => {
    serve();
    const input: PEInput = {
      valuation_type_id: 1,
      earnings_per_share: 4,
      growth_ratein_eps: 0,
      forward_multiple: 15,
      market_price: 70,
      holding_period: 1,
    };
    render(<ValueLineSection mode="pitch" symbol="ACME" input={input} pitchDate="2025-08-15" />);
    // The pitch's own 60 (4 x 15), then 2025-09-30 (TTM EPS 3: 45) and 2025-12-31 (8: 120).
    expect((await current()).textContent).toBe('$120.00');
    const chart = screen.getByTestId('value-line-chart');
    expect(chart.getAttribute('data-values')).toBe('60,45,120');
    expect(chart.getAttribute('aria-label')).toMatch(/2025-08-15 to 2026-03-09$/);
  });
});

describe('when the data cannot be read', () => {
  it('says so, without taking the page down', async () => {
    stubApi((call) =>
      call.path === '/api/market/value-line' ? json(503, { message: 'busy' }) : undefined,
    );
    render(<ValueLineSection mode="company" symbol="ACME" />);
    expect(
      await screen.findByText('The value line could not be loaded. Please try again later.'),
    ).toBeTruthy();
  });
});
