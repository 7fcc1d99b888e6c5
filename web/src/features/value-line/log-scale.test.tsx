import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { lineOption } from './components/chart-option';
import { ValueLineSection } from './components/ValueLineSection';
import { serve } from './value-line.fixture';

/*
 * The value line's log scale (decision 189): chosen on the company view, kept in the address,
 * drawn on a log axis without the stacked shading (a gap of 0 has no logarithm), and said so
 * in the legend.
 */

vi.mock('./components/ValueLineChart', () => ({
  default: ({ label, log = false }: { label: string; log?: boolean }) => (
    <div data-testid="value-line-chart" aria-label={label} data-log={String(log)} />
  ),
}));

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

const render = (entry: string) =>
  renderWithProviders(
    <MemoryRouter initialEntries={[entry]}>
      <ValueLineSection mode="company" symbol="ACME" />
      <Address />
    </MemoryRouter>,
  );
const legend = () =>
  within(screen.getByTestId('value-line-legend'))
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');

afterEach(() => vi.unstubAllGlobals());

describe('the value line’s log scale', () => {
  it('is read from the address and kept in it as the investor switches', async () => {
    serve();
    render('/Market?symbol=ACME&lineScale=log');
    const chart = await screen.findByTestId('value-line-chart');
    expect(chart.getAttribute('data-log')).toBe('true');
    expect(screen.getByRole('radio', { name: 'Log' }).getAttribute('aria-checked')).toBe('true');
    expect(legend().some((t) => t.startsWith('Log scale: equal distances'))).toBe(true);
    expect(legend()).not.toContain('Price above the value');
    fireEvent.click(screen.getByRole('radio', { name: 'Linear' }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('?symbol=ACME'));
    expect(screen.getByTestId('value-line-chart').getAttribute('data-log')).toBe('false');
    expect(legend()).toContain('Price above the value');
    fireEvent.click(screen.getByRole('radio', { name: 'Log' }));
    await waitFor(() =>
      expect(screen.getByTestId('address').textContent).toBe('?symbol=ACME&lineScale=log'),
    );
  });

  it('draws on a log axis without the stacked shading; the linear scale keeps it', () => {
    const days = [
      { date: '2026-03-05', price: 100, value: 90, reason: null },
      { date: '2026-03-06', price: 80, value: 90, reason: null },
    ];
    const names = (o: ReturnType<typeof lineOption>) =>
      (o.series as { name: string }[]).map((s) => s.name);
    const log = lineOption(days, [], String, undefined, null, [], true);
    expect((log.yAxis as { type: string }).type).toBe('log');
    expect(names(log)).toEqual(['Price', 'Value']);
    const linear = lineOption(days, [], String, undefined, null, [], false);
    expect((linear.yAxis as { type: string }).type).toBe('value');
    expect(names(linear)).toEqual([
      'base',
      'Price above value',
      'Price below value',
      'Price',
      'Value',
    ]);
  });
});
