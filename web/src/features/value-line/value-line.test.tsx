import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatPrice } from '../../../../shared/format/money';
import { computeValuation, type PEInput } from '../../../../shared/valuation/models';
import { renderWithProviders } from '../../test/render-with-providers';
import { ValueLineSection } from './components/ValueLineSection';
import { serve } from './value-line.fixture';
import { json, stubApi } from '../../test/api-mock';

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
    expect(note.textContent).toContain('Industrials median today: 18.00x');
    // The legend says what the value is: a value on the day, at the median known that day.
    const legend = screen.getByTestId('value-line-legend');
    expect(within(legend).getByText(/^Value:/).textContent).toBe(
      `Value: the TTM EPS known on each day × the company’s 10-yr median P/E known on each day (${median.toFixed(2)}x now): a value on the day`,
    );
    expect(calls.filter((c) => c.path === '/api/market/value-line')).toHaveLength(1);
    expect(calls[calls.length - 1]!.query).toEqual({ symbol: 'ACME' });

    fireEvent.click(screen.getByRole('radio', { name: 'Sector median today' }));
    await waitFor(async () => expect((await current()).textContent).toBe('$144.00'));
    expect(within(legend).getByText(/^Value:/).textContent).toBe(
      'Value: the TTM EPS known on each day × the Industrials median P/E today (18.00x), on every day: a value on the day',
    );

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
    // TTM EPS: 0 at 2024-09-30, then -4, -3, -2, and 3 again at 2025-09-30, each from the
    // day after its filing (31 days after the quarter's end).
    const items = within(gaps)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items.slice(-4)).toEqual([
      '2024-10-31 to 2025-01-30: Not meaningful: no earnings (TTM EPS 0.00)',
      '2025-01-31 to 2025-04-30: Not meaningful: negative earnings (TTM EPS -4.00)',
      '2025-05-01 to 2025-07-30: Not meaningful: negative earnings (TTM EPS -3.00)',
      '2025-07-31 to 2025-10-30: Not meaningful: negative earnings (TTM EPS -2.00)',
    ]);
    const stats = screen.getByTestId('value-line-stats');
    expect(within(stats).getByText('Price below the line')).toBeTruthy();
    expect(stats.querySelector('[data-stat="below"]')!.textContent).toMatch(/% of [\d,]+ days$/);
    // Beside each return, the base rate over the same days and the difference (at the
    // sector's median the line has values from 2024 on, with a year after them).
    fireEvent.click(screen.getByRole('radio', { name: 'Sector median today' }));
    await waitFor(() =>
      expect(stats.querySelector('[data-stat="base"]')!.textContent).not.toBe(
        'none a year old yet',
      ),
    );
    expect(stats.querySelector('[data-stat="base"]')!.textContent).toMatch(
      /^median [+-]?\d+\.\d% \([\d,]+ days\)$/,
    );
    expect(stats.querySelector('[data-base="below-return"]')!.textContent).toMatch(
      /^any day: [+-]?\d+\.\d% \([\d,]+ days\) · difference (\+|−)?\d+\.\d points$/,
    );
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
    fireEvent.click(screen.getByRole('radio', { name: 'Sector median today' }));
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
    // The line is the end-of-hold value discounted over the 3-year hold at 9%, the DCF's rate.
    const today = screen.getByTestId('value-line-current-today');
    expect(today.textContent).toBe(formatPrice(panel.intrinsicValuePerShare / 1.09 ** 3, 'USD'));
    expect(screen.getByText(/^Value:/).textContent).toBe(
      'Value: your P/E value at the end of a 3-year hold at your P/E of 21.50x, discounted to each day at 9.0% a year',
    );
    fireEvent.change(screen.getByLabelText('Discount rate (% a year)'), {
      target: { value: '12' },
    });
    await waitFor(() =>
      expect(screen.getByTestId('value-line-current-today').textContent).toBe(
        formatPrice(panel.intrinsicValuePerShare / 1.12 ** 3, 'USD'),
      ),
    );
    fireEvent.change(screen.getByLabelText('Discount rate (% a year)'), {
      target: { value: 'abc' },
    });
    expect(await screen.findByText('Enter a discount rate from 0% to 100%.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Discount rate (% a year)'), {
      target: { value: '9' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Sector median today' }));
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
    // The pitch's own 60 (4 x 15), then 2025-09-30 (TTM EPS 3: 45) from 31 October and
    // 2025-12-31 (8: 120) from 31 January: values at the end of a one-year hold, drawn
    // discounted a year at 9%.
    expect((await current()).textContent).toBe('$120.00');
    const chart = screen.getByTestId('value-line-chart');
    expect(chart.getAttribute('data-values')).toBe('55.0458715596,41.2844036697,110.0917431193');
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
