import type { ValuationTypeId } from '../../../../../shared/domain/valuation-types';
import {
  computeValuation,
  DEFAULT_SCENARIO_PROBABILITIES,
  dcfScenariosSchema,
  discountStep,
  growthOf,
  scenarioLever,
  growthStep,
  MODELS,
  multipleStep,
  scenarioProblem,
  scenariosSchema,
  toStoredOutputs,
  type Scenarios,
  type Moat,
  type Prefill,
  type ValuationComputation,
  type ValuationModelInput,
  type WindowFigure,
} from '../../../../../shared/valuation';
import type { ValuationRecord } from '../../../../../shared/schemas/valuation-api';

/**
 * The valuation panel's state: the text of every assumption as typed (so "12." or "" can be
 * on screen while typing), the moats and the comment. Figures come from the shared math on
 * every change, never from a button.
 */
export interface ValuationFormState {
  typeId: ValuationTypeId;
  /** Field name -> text in the input, market price included. */
  text: Record<string, string>;
  moats: Moat[];
  comment: string;
  /** EV/EBITDA: the editable label beside EBITDA (e.g. "2024A"). */
  ebitdaLabel: string;
  /** Bear / base / bull as typed; null when the valuation has none (the simple flow). */
  scenarios: ScenarioText | null;
}

/**
 * The typed text of the scenario fields; the base case's are the form's own. `lever` is the
 * second assumption a case changes: the forward multiple, or a DCF's discount rate.
 */
export interface ScenarioText {
  bear: { growth: string; lever: string; probability: string };
  base: { probability: string };
  bull: { growth: string; lever: string; probability: string };
}

export interface FieldSpec {
  name: string;
  label: string;
  /** 'rate': a DCF's terminal growth or discount rate (percent); 'years': its whole stage-one years. */
  kind: 'base' | 'growth' | 'multiple' | 'millions' | 'price' | 'hold' | 'rate' | 'years';
}

/** The assumption fields of each methodology, in the form's order. */
export function fieldsOf(typeId: ValuationTypeId): FieldSpec[] {
  const model = MODELS[typeId];
  const labels = model.fieldLabels as Record<string, string>;
  const kind = (name: string): FieldSpec['kind'] => {
    if (name === model.baseField) return typeId === 4 ? 'millions' : 'base';
    if (name === model.growthField) return 'growth';
    if (name === 'forward_multiple') return 'multiple';
    if (name === 'market_price') return 'price';
    if (name === 'holding_period') return 'hold';
    if (name === 'terminal_growth' || name === 'discount_rate') return 'rate';
    if (name === 'stage_one_years') return 'years';
    return 'millions';
  };
  return Object.keys(labels).map((name) => ({ name, label: labels[name]!, kind: kind(name) }));
}

/** Text shown for a number in a field: growth and multiples with 2 decimals, others as they are. */
export function fieldText(kind: FieldSpec['kind'], value: number): string {
  if (!Number.isFinite(value)) return '';
  if (kind === 'growth' || kind === 'multiple' || kind === 'rate') return value.toFixed(2);
  return String(value);
}

/** A typed number: blank or anything that is not a plain number gives NaN (the math then names the field). */
export function parseField(text: string): number {
  const trimmed = text.replace(/,/g, '').trim();
  if (trimmed === '' || !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(trimmed)) return Number.NaN;
  return Number(trimmed);
}

export function formFromValues(
  input: ValuationModelInput,
  extra: {
    moats?: Moat[];
    comment?: string;
    ebitdaLabel?: string;
    scenarios?: Scenarios | null | undefined;
  } = {},
): ValuationFormState {
  const record = input as unknown as Record<string, number>;
  const text: Record<string, string> = {};
  for (const field of fieldsOf(input.valuation_type_id))
    text[field.name] = fieldText(field.kind, record[field.name] ?? Number.NaN);
  return {
    typeId: input.valuation_type_id,
    text,
    moats: extra.moats ?? [],
    comment: extra.comment ?? '',
    ebitdaLabel: extra.ebitdaLabel ?? '',
    scenarios: extra.scenarios ? scenarioTextOf(extra.scenarios) : null,
  };
}

const two = (n: number) => fieldText('growth', n);

type AnyCase = {
  growth: number;
  forward_multiple?: number;
  discount_rate?: number;
  probability: number;
};
const caseText = (c: AnyCase) => ({
  growth: two(c.growth),
  lever: two(c.forward_multiple ?? c.discount_rate ?? Number.NaN),
  probability: String(c.probability),
});

export function scenarioTextOf(s: Scenarios): ScenarioText {
  return {
    bear: caseText(s.bear),
    base: { probability: String(s.base.probability) },
    bull: caseText(s.bull),
  };
}

/**
 * Starting bear and bull cases: two grid steps below and above the form's growth rate and
 * multiple (growth not below -99%, so the bear case keeps a value), weighted 25/50/25.
 */
export function defaultScenarios(input: ValuationModelInput): Scenarios {
  const g = Number.isFinite(growthOf(input)) ? growthOf(input) : 0;
  const gs = growthStep(g).times(2).toNumber();
  const p = DEFAULT_SCENARIO_PROBABILITIES;
  if (input.valuation_type_id === 5) {
    // DCF: the bear case grows slower at a higher discount rate, the bull faster at a lower one
    // (kept above the terminal growth rate).
    const r = Number.isFinite(input.discount_rate) ? input.discount_rate : 9;
    const gT = Number.isFinite(input.terminal_growth) ? input.terminal_growth : 2.5;
    const rs = discountStep(r).times(2).toNumber();
    return {
      bear: {
        growth: Math.max(g - gs, -99),
        discount_rate: Math.min(r + rs, 100),
        probability: p.bear,
      },
      base: { probability: p.base },
      bull: {
        growth: g + gs,
        discount_rate: Math.max(r - rs, (r + gT) / 2, 0.01),
        probability: p.bull,
      },
    };
  }
  const m = Number.isFinite(input.forward_multiple) ? input.forward_multiple : 1;
  const ms = multipleStep(m).times(2).toNumber();
  return {
    bear: {
      growth: Math.max(g - gs, -99),
      forward_multiple: Math.max(m - ms, m / 2),
      probability: p.bear,
    },
    base: { probability: p.base },
    bull: { growth: g + gs, forward_multiple: m + ms, probability: p.bull },
  };
}

export type ScenarioParse = { ok: true; scenarios: Scenarios } | { ok: false; message: string };

/** The typed scenarios checked as the server checks them (the schema, then each case's valuation). */
export function parseScenarios(form: ValuationFormState): ScenarioParse | null {
  if (!form.scenarios) return null;
  const t = form.scenarios;
  const lever = scenarioLever(form.typeId);
  const schema = form.typeId === 5 ? dcfScenariosSchema : scenariosSchema;
  const parsed = schema.safeParse({
    bear: {
      growth: parseField(t.bear.growth),
      [lever]: parseField(t.bear.lever),
      probability: parseField(t.bear.probability),
    },
    base: { probability: parseField(t.base.probability) },
    bull: {
      growth: parseField(t.bull.growth),
      [lever]: parseField(t.bull.lever),
      probability: parseField(t.bull.probability),
    },
  });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  const problem = scenarioProblem(modelInput(form), parsed.data);
  return problem ? { ok: false, message: problem.message } : { ok: true, scenarios: parsed.data };
}

/** Why the form cannot be saved, or null when it can. */
export function saveProblem(form: ValuationFormState): string | null {
  const computed = computeForm(form);
  if (!computed.ok) return computed.message;
  const scenarios = parseScenarios(form);
  return scenarios && !scenarios.ok ? scenarios.message : null;
}

export function formFromPrefill(prefill: Prefill): ValuationFormState {
  return formFromValues(prefill.values, {
    ebitdaLabel: prefill.baseYear === null ? 'Latest' : `${prefill.baseYear}A`,
  });
}

/** A saved valuation's assumptions, as the form shows them. */
export function formFromRecord(record: ValuationRecord): ValuationFormState {
  const r = record as unknown as Record<string, unknown>;
  const values: Record<string, unknown> = { valuation_type_id: record.valuation_type_id };
  for (const field of fieldsOf(record.valuation_type_id)) values[field.name] = r[field.name];
  return formFromValues(values as unknown as ValuationModelInput, {
    moats: record.moats,
    comment: record.comment,
    ebitdaLabel: 'Latest',
    scenarios: record.scenarios ?? null,
  });
}

export function modelInput(form: ValuationFormState): ValuationModelInput {
  return inputFromText(form.typeId, form.text);
}

/** The model input of a methodology's typed fields. */
export function inputFromText(
  typeId: ValuationTypeId,
  text: Record<string, string>,
): ValuationModelInput {
  const values: Record<string, unknown> = { valuation_type_id: typeId };
  for (const field of fieldsOf(typeId)) values[field.name] = parseField(text[field.name] ?? '');
  return values as unknown as ValuationModelInput;
}

/** The figures of the form, by the shared math. */
export function computeForm(form: ValuationFormState): ValuationComputation {
  return computeValuation(modelInput(form));
}

/** The body of a save: every input, the outputs the screen shows, moats, comment and scenarios. */
export function savePayload(
  form: ValuationFormState,
  stock: { symbol: string; name?: string | undefined },
): Record<string, unknown> | null {
  const computed = computeForm(form);
  if (!computed.ok) return null;
  const scenarios = parseScenarios(form);
  if (scenarios && !scenarios.ok) return null;
  return {
    ...modelInput(form),
    ...(scenarios ? { scenarios: scenarios.scenarios } : {}),
    ...toStoredOutputs(computed),
    stock_symbol: stock.symbol,
    ...(stock.name ? { stock_name: stock.name.slice(0, 200) } : {}),
    moats: form.moats,
    comment: form.comment,
  };
}

/** "3 Yr: 12.34%" style suggestion texts; null values are N/A. */
export function suggestionText(figure: WindowFigure, percent: boolean): string {
  if (figure.value === null) return `${figure.window} Yr: N/A`;
  return `${figure.window} Yr: ${figure.value.toFixed(2)}${percent ? '%' : 'x'}`;
}
