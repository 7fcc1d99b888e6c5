import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ValuationRecord } from '../../../../shared/schemas/valuation-api';
import { computeValuation, toStoredOutputs, type PEInput } from '../../../../shared/valuation';
import { ScenarioSummary } from './components/ScenarioSummary';

function record(scenarios: ValuationRecord['scenarios']): ValuationRecord {
  const input: PEInput = {
    valuation_type_id: 1,
    earnings_per_share: 5,
    growth_ratein_eps: 10,
    forward_multiple: 20,
    market_price: 100,
    holding_period: 3,
  };
  const result = computeValuation(input);
  if (!result.ok) throw new Error(result.message);
  return {
    ...input,
    ...toStoredOutputs(result),
    id: 'v-1',
    valuation_id: 'v-1',
    stock_symbol: 'AAPL',
    stock_name: 'Apple Inc.',
    tracked_market_price: 100,
    moats: [],
    comment: '',
    pitch_status: 1,
    valuation_output_id: 'o-1',
    ignored: false,
    bought_into: [],
    createdAt: '2025-01-02T00:00:00Z',
    updatedAt: '2025-01-02T00:00:00Z',
    ...(scenarios === undefined ? {} : { scenarios }),
  };
}

describe('pitch detail: bear / base / bull', () => {
  it('shows the three intrinsic values and the probability-weighted value', () => {
    render(
      <ScenarioSummary
        price={100}
        record={record({
          bear: { growth: 0, forward_multiple: 15, probability: 25 },
          base: { probability: 50 },
          bull: { growth: 20, forward_multiple: 25, probability: 25 },
        })}
      />,
    );
    const table = screen.getByRole('table', { name: /Intrinsic value per share by case/ });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.children].map((c) => c.textContent));
    expect(rows.map((r) => [r[0], r[3], r[4]])).toEqual([
      ['Bear case', '25.00%', '$75.00'],
      ['Base case', '50.00%', '$133.10'],
      ['Bull case', '25.00%', '$216.00'],
    ]);
    expect(screen.getByTestId('pitch-weighted-value').textContent).toBe('$139.30');
  });

  it('shows nothing for a pitch saved without scenarios', () => {
    const { container } = render(<ScenarioSummary price={100} record={record(undefined)} />);
    expect(container.textContent).toBe('');
  });
});
