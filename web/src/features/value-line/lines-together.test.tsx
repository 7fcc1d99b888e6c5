import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { lineOption } from './components/chart-option';
import { ValueLineSection } from './components/ValueLineSection';
import { serve } from './value-line.fixture';

/*
 * Lines together on the company view (decision 188): the chosen line, the company's normal
 * multiple (its 10-yr median known on each day) and a fixed 15x P/E drawn at once, each
 * switchable, each named in the legend with its multiple.
 */

// echarts cannot draw in jsdom: the chart lists the other lines it was given and their values.
vi.mock('./components/ValueLineChart', () => ({
  default: ({
    label,
    extras = [],
  }: {
    label: string;
    extras?: { key: string; days: { value: number | null }[] }[];
  }) => (
    <div data-testid="value-line-chart" aria-label={label}>
      {extras.map((e) => (
        <span key={e.key} data-extra={e.key} data-last={String(e.days.at(-1)?.value ?? null)} />
      ))}
    </div>
  ),
}));

const render = (ui: React.ReactNode) => renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>);
const extras = () =>
  [...screen.getByTestId('value-line-chart').querySelectorAll('[data-extra]')].map((e) => [
    e.getAttribute('data-extra'),
    Number(e.getAttribute('data-last')),
  ]);
const legendItems = () =>
  within(screen.getByTestId('value-line-legend'))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('lines together on the company view', () => {
  it('draws a fixed 15x P/E beside the company’s median line, named with its multiple, and drops it when unticked', async () => {
    serve();
    render(<ValueLineSection mode="company" symbol="ACME" />);
    await screen.findByTestId('value-line-chart');
    // The median is the chosen line: only the fixed one beside it. Newest TTM EPS 8: 8 x 15.
    await waitFor(() => expect(extras()).toEqual([['fixed', 120]]));
    expect(legendItems()).toContain('Fixed P/E of 15.00x on every day');
    expect(screen.queryByRole('checkbox', { name: /Normal P\/E/ })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Fixed P/E of 15x' }));
    await waitFor(() => expect(extras()).toEqual([]));
    expect(legendItems().some((t) => t?.startsWith('Fixed'))).toBe(false);
  });

  it('at my own multiple, draws the normal multiple too, each switchable; at 15x mine, no fixed line twice', async () => {
    serve();
    render(<ValueLineSection mode="company" symbol="ACME" />);
    const note = await screen.findByText(/Company 10-yr median P\/E/);
    const median = Number(/median P\/E: ([\d.]+)x/.exec(note.textContent ?? '')![1]);
    fireEvent.click(screen.getByRole('radio', { name: 'My multiple' }));
    await waitFor(() => expect(extras().map(([k]) => k)).toEqual(['normal', 'fixed']));
    const [, normalLast] = extras()[0]!;
    expect(normalLast).toBeCloseTo(8 * median, 2);
    expect(legendItems()).toContain(
      `Normal P/E: the company’s 10-yr median known on each day (${median.toFixed(2)}x now)`,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Normal P/E (company 10-yr median)' }));
    await waitFor(() => expect(extras().map(([k]) => k)).toEqual(['fixed']));
    fireEvent.change(screen.getByLabelText('My P/E multiple'), { target: { value: '15' } });
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: /Fixed P\/E/ })).toBeNull());
    expect(extras()).toEqual([]);
  });

  it('offers no fixed P/E on another model: its normal multiple only', async () => {
    serve();
    render(<ValueLineSection mode="company" symbol="ACME" />);
    await screen.findByTestId('value-line-chart');
    fireEvent.click(screen.getByRole('radio', { name: 'P/S' }));
    fireEvent.click(screen.getByRole('radio', { name: 'My multiple' }));
    await waitFor(() => expect(extras().map(([k]) => k)).toEqual(['normal']));
    expect(screen.queryByRole('checkbox', { name: /Fixed/ })).toBeNull();
    expect(legendItems().some((t) => t?.startsWith('Normal P/S: '))).toBe(true);
  });

  it('are drawn as steps beside the value, and the tooltip gives each one’s value that day', () => {
    const days = [
      { date: '2026-03-05', price: 100, value: 90, reason: null },
      { date: '2026-03-06', price: 101, value: 90, reason: null },
    ];
    const fixed = {
      key: 'fixed',
      short: 'P/E 15.00x',
      colour: '#6b46c1',
      days: [
        { ...days[0]!, value: 120 },
        { ...days[1]!, value: null },
      ],
    };
    const option = lineOption(days, [], (n) => n.toFixed(2), undefined, null, [fixed]);
    const series = (option.series as { name: string; step?: string; data: unknown[] }[]).find(
      (s) => s.name === 'fixed',
    )!;
    expect(series.step).toBe('end');
    expect(series.data).toEqual([
      [Date.parse('2026-03-05T00:00:00Z'), 120],
      [Date.parse('2026-03-06T00:00:00Z'), null],
    ]);
    const tip = (day: number) =>
      option.tooltip.formatter([
        {
          seriesName: 'Price',
          dataIndex: day,
          axisValue: Date.parse(`${days[day]!.date}T00:00:00Z`),
        },
      ]);
    expect(tip(0)).toContain('P/E 15.00x 120.00');
    expect(tip(1)).toContain('P/E 15.00x N/A');
  });
});
