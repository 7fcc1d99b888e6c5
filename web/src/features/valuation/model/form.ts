import type { ValuationTypeId } from '../../../../../shared/domain/valuation-types';
import {
  computeValuation,
  MODELS,
  toStoredOutputs,
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
}

export interface FieldSpec {
  name: string;
  label: string;
  kind: 'base' | 'growth' | 'multiple' | 'millions' | 'price' | 'hold';
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
    return 'millions';
  };
  return Object.keys(labels).map((name) => ({ name, label: labels[name]!, kind: kind(name) }));
}

/** Text shown for a number in a field: growth and multiples with 2 decimals, others as they are. */
export function fieldText(kind: FieldSpec['kind'], value: number): string {
  if (!Number.isFinite(value)) return '';
  if (kind === 'growth' || kind === 'multiple') return value.toFixed(2);
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
  extra: { moats?: Moat[]; comment?: string; ebitdaLabel?: string } = {},
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
  };
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
  });
}

export function modelInput(form: ValuationFormState): ValuationModelInput {
  const values: Record<string, unknown> = { valuation_type_id: form.typeId };
  for (const field of fieldsOf(form.typeId))
    values[field.name] = parseField(form.text[field.name] ?? '');
  return values as unknown as ValuationModelInput;
}

/** The figures of the form, by the shared math. */
export function computeForm(form: ValuationFormState): ValuationComputation {
  return computeValuation(modelInput(form));
}

/** The body of a save: every input, the outputs the screen shows, moats and comment. */
export function savePayload(
  form: ValuationFormState,
  stock: { symbol: string; name?: string | undefined },
): Record<string, unknown> | null {
  const computed = computeForm(form);
  if (!computed.ok) return null;
  return {
    ...modelInput(form),
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
