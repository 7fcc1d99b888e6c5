import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DCF_DEFAULTS } from '../../../../shared/valuation/dcf';
import { plainModel } from '../../../../shared/valuation/value-line';
import { renderWithProviders } from '../../test/render-with-providers';
import { ValueLineSection } from './components/ValueLineSection';
import { basesOf, lineView } from './model';
import { fixture, serve } from './value-line.fixture';

/*
 * The value line's range (decision 199): a preset or two dates, kept in the address, the chart
 * drawn over it; a day's value the same whatever the range (each from the statements filed by
 * then), and a range that ends in the past ends on the value of its last day.
 */

vi.mock('./components/ValueLineChart', () => ({
  default: ({ label }: { label: string }) => (
    <div data-testid="value-line-chart" aria-label={label} />
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
const drawn = () => screen.getByTestId('value-line-chart').getAttribute('aria-label') ?? '';
const address = () => screen.getByTestId('address').textContent;

afterEach(() => vi.unstubAllGlobals());

describe('the value line’s range', () => {
  it('is read from the address, drawn over, and kept in the address as the investor chooses', async () => {
    serve();
    render('/Market?symbol=ACME&lineFrom=2024-01-02&lineTo=2025-06-30');
    await screen.findByTestId('value-line-chart');
    expect(drawn()).toMatch(/, 2024-01-02 to 2025-06-30$/);
    expect(screen.getByRole('radio', { name: 'Dates' }).getAttribute('aria-checked')).toBe('true');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2024-01-02');
    // A date typed moves the range and the address.
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-12-31' } });
    await waitFor(() =>
      expect(address()).toBe('?symbol=ACME&lineFrom=2024-01-02&lineTo=2025-12-31'),
    );
    expect(drawn()).toMatch(/, 2024-01-02 to 2025-12-31$/);
    // Max: as far back as the closes go (the line starts with its first quarter's filing).
    fireEvent.click(screen.getByRole('radio', { name: 'Max' }));
    await waitFor(() => expect(address()).toBe('?symbol=ACME&lineRange=max'));
    expect(drawn()).toMatch(/, 2023-05-01 to 2026-03-09$/);
    // Ten years is the default: absent from the address.
    fireEvent.click(screen.getByRole('radio', { name: '10Y' }));
    await waitFor(() => expect(address()).toBe('?symbol=ACME'));
    // Dates start from the range chosen: ten years, from the first close at the earliest.
    fireEvent.click(screen.getByRole('radio', { name: 'Dates' }));
    await waitFor(() =>
      expect(address()).toBe('?symbol=ACME&lineFrom=2023-01-02&lineTo=2026-03-09'),
    );
  });

  it('says what is wrong with the address’s range and draws ten years', async () => {
    serve();
    render('/Market?symbol=ACME&lineRange=7y');
    await screen.findByTestId('value-line-chart');
    expect(screen.getByTestId('value-line-range-problem').textContent).toBe(
      'Choose 5Y, 10Y, 20Y or Max The line shows the last ten years.',
    );
    expect(screen.getByRole('radio', { name: '10Y' }).getAttribute('aria-checked')).toBe('true');
  });

  it('gives each day the value it has on the whole line; a past range ends on its last day’s', () => {
    const data = fixture();
    const bases = basesOf(data, 1);
    const model = plainModel(1, bases, 70, 15, DCF_DEFAULTS)!;
    const whole = lineView(data, model, bases, { latest: 'quarters', multiple: 15 });
    const span = { from: '2024-03-01', to: '2025-03-14' };
    const part = lineView(data, model, bases, { latest: 'quarters', multiple: 15, span });
    expect(part.days[0]!.date).toBe('2024-03-01');
    expect(part.days.at(-1)!.date).toBe('2025-03-14');
    const byDay = new Map(whole.days.map((d) => [d.date, d]));
    for (const d of part.days) expect(d).toEqual(byDay.get(d.date));
    // Q4 2024's figures were filed on 2025-01-30 (a loss: no value); 2025's first on 2025-05-01.
    expect(part.current!.from).toBe('2025-01-31');
    expect(whole.current!.from > part.current!.from).toBe(true);
  });
});
