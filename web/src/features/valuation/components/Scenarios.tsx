import { useId, useMemo, useState } from 'react';
import { formatNumber } from '../../../../../shared/format/money';
import {
  growthOf,
  leverOf,
  SCENARIO_LABELS,
  scenarioLever,
  scenarioValues,
  type ValuationModelInput,
} from '../../../../../shared/valuation';
import {
  defaultScenarios,
  parseScenarios,
  scenarioTextOf,
  type ScenarioText,
  type ValuationFormState,
} from '../model/form';

const money = (n: number) => formatNumber(n, 2);
type Editable = 'bear' | 'bull';
type Field = 'growth' | 'lever' | 'probability';

/**
 * Bear / base / bull: collapsed until asked for. The base case is the form's own
 * assumptions; bear and bull carry their own growth rate and forward multiple (a DCF's:
 * stage-one growth and discount rate); the three
 * probabilities add up to 100%. Shows each case's intrinsic value and the weighted value.
 */
export function Scenarios({
  form,
  input,
  onChange,
}: {
  form: ValuationFormState;
  input: ValuationModelInput;
  onChange: (scenarios: ScenarioText | null) => void;
}) {
  const [open, setOpen] = useState(form.scenarios !== null);
  const panelId = useId();
  const parsed = useMemo(() => parseScenarios(form), [form]);
  const values = useMemo(
    () => (parsed?.ok ? scenarioValues(input, parsed.scenarios) : null),
    [parsed, input],
  );
  const text = form.scenarios;
  const set = (name: Editable | 'base', field: Field, value: string) => {
    if (!text) return;
    onChange({ ...text, [name]: { ...text[name], [field]: value } } as ScenarioText);
  };
  const baseGrowth = growthOf(input);
  const baseLever = leverOf(input);
  const dcf = input.valuation_type_id === 5;
  const leverName = scenarioLever(input.valuation_type_id);

  const input1 = (name: Editable, field: Field, label: string) => (
    <input
      type="text"
      inputMode="decimal"
      name={`scenario_${name}_${field === 'lever' ? leverName : field}`}
      aria-label={`${SCENARIO_LABELS[name]} ${label}`}
      value={text?.[name][field] ?? ''}
      onChange={(e) => set(name, field, e.target.value)}
    />
  );

  return (
    <section className="valuation-box scenarios" aria-label="Bear / Base / Bull">
      <h3>
        <button
          type="button"
          className="scenarios__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          Bear / Base / Bull
          {values?.weightedValue != null && !open && (
            <span className="scenarios__summary">
              {' '}
              · weighted value {money(values.weightedValue)}
            </span>
          )}
        </button>
      </h3>
      {open && (
        <div id={panelId}>
          {!text ? (
            <>
              <p className="valuation-note">
                Add a bear and a bull case beside your assumptions (the base case) and weigh them by
                probability.
              </p>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => onChange(scenarioTextOf(defaultScenarios(input)))}
              >
                Add Bear And Bull Cases
              </button>
            </>
          ) : (
            <>
              <table className="scenarios__table">
                <caption className="visually-hidden">Bear, base and bull cases</caption>
                <thead>
                  <tr>
                    <td />
                    <th scope="col">Bear</th>
                    <th scope="col">Base</th>
                    <th scope="col">Bull</th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <th scope="row">{dcf ? 'Stage one growth (%)' : 'Growth rate (%)'}</th>
                    <td>{input1('bear', 'growth', 'growth rate')}</td>
                    <td>{Number.isFinite(baseGrowth) ? money(baseGrowth) : '—'}</td>
                    <td>{input1('bull', 'growth', 'growth rate')}</td>
                  </tr>
                  <tr>
                    <th scope="row">{dcf ? 'Discount rate (%)' : 'Forward multiple (x)'}</th>
                    <td>{input1('bear', 'lever', dcf ? 'discount rate' : 'forward multiple')}</td>
                    <td>{Number.isFinite(baseLever) ? money(baseLever) : '—'}</td>
                    <td>{input1('bull', 'lever', dcf ? 'discount rate' : 'forward multiple')}</td>
                  </tr>
                  <tr>
                    <th scope="row">Probability (%)</th>
                    <td>{input1('bear', 'probability', 'probability')}</td>
                    <td>
                      <input
                        type="text"
                        inputMode="decimal"
                        name="scenario_base_probability"
                        aria-label="Base case probability"
                        value={text.base.probability}
                        onChange={(e) => set('base', 'probability', e.target.value)}
                      />
                    </td>
                    <td>{input1('bull', 'probability', 'probability')}</td>
                  </tr>
                  <tr>
                    <th scope="row">Intrinsic value per share</th>
                    {(['bear', 'base', 'bull'] as const).map((name, i) => {
                      const c = values?.cases[i]?.computed;
                      return (
                        <td key={name} data-scenario-value={name}>
                          {c?.ok ? money(c.intrinsicValuePerShare) : '—'}
                        </td>
                      );
                    })}
                  </tr>
                </tbody>
              </table>
              {parsed && !parsed.ok ? (
                <p className="notice notice--error" role="alert">
                  {parsed.message}
                </p>
              ) : values?.weightedValue != null ? (
                <p className="scenarios__weighted" data-output="Probability-Weighted Value">
                  Probability-weighted value: <strong>{money(values.weightedValue)}</strong>
                  {values.weightedUpsidePercent !== null &&
                    ` (${values.weightedUpsidePercent >= 0 ? '+' : ''}${formatNumber(values.weightedUpsidePercent, 2)}% vs price)`}
                </p>
              ) : null}
              <button type="button" className="link-button" onClick={() => onChange(null)}>
                Remove Scenarios
              </button>
            </>
          )}
        </div>
      )}
    </section>
  );
}
