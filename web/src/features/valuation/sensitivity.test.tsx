import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  impliedGrowth,
  sensitivityGrid,
  type ValuationModelInput,
} from '../../../../shared/valuation';
import { ImpliedGrowth } from './components/ImpliedGrowth';
import { Scenarios } from './components/Scenarios';
import { SensitivityGrid } from './components/SensitivityGrid';
import { formFromValues, modelInput, savePayload, type ValuationFormState } from './model/form';

const pe = {
  valuation_type_id: 1,
  earnings_per_share: 5,
  growth_ratein_eps: 10,
  forward_multiple: 20,
  market_price: 100,
  holding_period: 3,
} as const satisfies ValuationModelInput;

describe('sensitivity grid', () => {
  it('shows 5 x 5 IRRs with the user cell marked and announced, and the cells at the target flagged', async () => {
    render(<SensitivityGrid input={pe} />);
    const table = await screen.findByRole('table', { name: /IRR by growth rate/ });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Growth \\ Multiple',
      '16.00x',
      '18.00x',
      '20.00x',
      '22.00x',
      '24.00x',
    ]);
    const rowHeaders = within(table)
      .getAllByRole('rowheader')
      .map((h) => h.textContent);
    expect(rowHeaders).toEqual(['6.00%', '8.00%', '10.00%', '12.00%', '14.00%']);

    const current = table.querySelectorAll('td[aria-current="true"]');
    expect(current).toHaveLength(1);
    expect(current[0]!.textContent).toBe('10.0% ● (your assumptions)');
    expect(current[0]!.getAttribute('title')).toContain('intrinsic value per share 133.10');

    // Default target 15%: the cells the shared grid says meet it, each with a check mark and words.
    const expected = sensitivityGrid(pe, 15)!
      .rows.flat()
      .filter((c) => c.meetsTarget).length;
    expect(expected).toBe(5);
    const flagged = table.querySelectorAll('td[data-meets-target="true"]');
    expect(flagged).toHaveLength(expected);
    for (const cell of flagged) expect(cell.textContent).toContain('✓ meets target');
    expect(table.querySelectorAll('td:not([data-meets-target])').length).toBe(25 - expected);
  });

  it('re-highlights when the target IRR changes', async () => {
    render(<SensitivityGrid input={pe} />);
    fireEvent.change(screen.getByRole('textbox', { name: /Target IRR/ }), {
      target: { value: '10' },
    });
    const table = await screen.findByRole('table', { name: /target IRR of 10\.0%/ });
    expect(table.querySelectorAll('td[data-meets-target="true"]')).toHaveLength(
      sensitivityGrid(pe, 10)!
        .rows.flat()
        .filter((c) => c.meetsTarget).length,
    );
    // The user's own cell (exactly 10%) meets a 10% target.
    expect(table.querySelector('td[aria-current="true"]')?.getAttribute('data-meets-target')).toBe(
      'true',
    );
  });
});

describe('implied growth', () => {
  it('shows the growth rate the price implies', () => {
    const input = { ...pe, market_price: 133.1 };
    expect(impliedGrowth(input)).toEqual({ ok: true, growthPercent: 10 });
    const { container } = render(<ImpliedGrowth input={input} />);
    expect(container.textContent).toBe('Implied by price: 10.00%');
  });

  it('says not meaningful for negative earnings', () => {
    const { container } = render(<ImpliedGrowth input={{ ...pe, earnings_per_share: -1 }} />);
    expect(container.textContent).toMatch(/^Implied by price: not meaningful/);
  });
});

function ScenarioHarness({ onForm }: { onForm: (f: ValuationFormState) => void }) {
  const [form, setForm] = useState(() => formFromValues(pe));
  onForm(form);
  return (
    <Scenarios
      form={form}
      input={modelInput(form)}
      onChange={(scenarios) => setForm((f) => ({ ...f, scenarios }))}
    />
  );
}

describe('bear / base / bull entry', () => {
  it('is collapsed at first, then takes bear and bull cases and shows the weighted value', () => {
    let form: ValuationFormState | null = null;
    render(<ScenarioHarness onForm={(f) => (form = f)} />);
    const toggle = screen.getByRole('button', { name: 'Bear / Base / Bull' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: 'Add Bear And Bull Cases' }));

    const set = (name: string, value: string) =>
      fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
    set('Bear case growth rate', '0');
    set('Bear case forward multiple', '15');
    set('Bull case growth rate', '20');
    set('Bull case forward multiple', '25');
    expect(screen.getByRole('textbox', { name: 'Base case probability' })).toHaveProperty(
      'value',
      '50',
    );
    const value = (name: string) =>
      document.querySelector(`[data-scenario-value="${name}"]`)?.textContent;
    expect([value('bear'), value('base'), value('bull')]).toEqual(['75.00', '133.10', '216.00']);
    // 0.25 x 75 + 0.5 x 133.1 + 0.25 x 216
    expect(screen.getByText(/Probability-weighted value/).textContent).toBe(
      'Probability-weighted value: 139.30 (+39.30% vs price)',
    );
    expect(savePayload(form!, { symbol: 'AAPL' })?.scenarios).toEqual({
      bear: { growth: 0, forward_multiple: 15, probability: 25 },
      base: { probability: 50 },
      bull: { growth: 20, forward_multiple: 25, probability: 25 },
    });

    set('Bull case probability', '30');
    expect(screen.getByRole('alert').textContent).toBe(
      'The bear, base and bull probabilities must add up to 100% (they add up to 105%)',
    );
    expect(savePayload(form!, { symbol: 'AAPL' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Scenarios' }));
    expect(savePayload(form!, { symbol: 'AAPL' })?.scenarios).toBeUndefined();
  });
});
