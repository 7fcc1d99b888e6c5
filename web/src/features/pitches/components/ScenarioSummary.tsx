import { useMemo } from 'react';
import type { ValuationRecord } from '../../../../../shared/schemas/valuation-api';
import { formatAmount, formatMultiple, formatPercent } from '../../../../../shared/tracking/format';
import { MODELS, scenarioValues, type ValuationModelInput } from '../../../../../shared/valuation';

/** The record's assumptions as the model takes them, at a price. */
function recordInput(record: ValuationRecord, price: number): ValuationModelInput {
  const values: Record<string, unknown> = { valuation_type_id: record.valuation_type_id };
  const r = record as unknown as Record<string, unknown>;
  for (const field of Object.keys(MODELS[record.valuation_type_id].fieldLabels))
    values[field] = r[field];
  values.market_price = price;
  return values as unknown as ValuationModelInput;
}

/** A pitch's bear / base / bull cases: each intrinsic value and the probability-weighted value. */
export function ScenarioSummary({ record, price }: { record: ValuationRecord; price: number }) {
  const scenarios = record.scenarios;
  const values = useMemo(
    () => (scenarios ? scenarioValues(recordInput(record, price), scenarios) : null),
    [record, scenarios, price],
  );
  if (!scenarios || !values) return null;
  const dcf = record.valuation_type_id === 5;
  return (
    <section className="pitch-scenarios" aria-label="Bear / Base / Bull">
      <h3 className="pitch-scenarios__title">Bear / Base / Bull</h3>
      <table className="pitch-scenarios__table">
        <caption className="pitch-scenarios__caption">
          Intrinsic value per share by case, weighted by probability
        </caption>
        <thead>
          <tr>
            <th scope="col">Case</th>
            <th scope="col">Growth</th>
            <th scope="col">{dcf ? 'Discount Rate' : 'Multiple'}</th>
            <th scope="col">Probability</th>
            <th scope="col">Intrinsic Value</th>
          </tr>
        </thead>
        <tbody>
          {values.cases.map((c) => (
            <tr key={c.name}>
              <th scope="row">{c.label}</th>
              <td>{formatPercent(c.growthPercent)}</td>
              <td>{dcf ? formatPercent(c.discountRate) : formatMultiple(c.forwardMultiple)}</td>
              <td>{formatPercent(c.probability)}</td>
              <td data-scenario-value={c.name}>
                {c.computed.ok ? `$${formatAmount(c.computed.intrinsicValuePerShare)}` : 'N/A'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="pitch-scenarios__weighted">
        Probability-Weighted Value:{' '}
        <strong data-testid="pitch-weighted-value">
          {values.weightedValue === null ? 'N/A' : `$${formatAmount(values.weightedValue)}`}
        </strong>
      </p>
    </section>
  );
}
