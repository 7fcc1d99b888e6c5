import {
  DEFAULT_FILTERS,
  EARNINGS_DATE_OPTIONS,
  FILTER_FIELDS,
  FILTER_GROUPS,
  FILTER_LABELS,
  NUMERIC_FILTERS,
  SECTORS,
  type FilterField,
  type NumericFilterField,
  type ScreenerFilters,
} from '../../../../shared/screener';

/**
 * The filter form's model, built from the shared filter definitions: a list of rows, each
 * a filter field and its value ('' = Any). Fields are offered in their group (Descriptive,
 * Financial) and each field appears in at most one row.
 */
export interface FilterRow {
  key: number;
  field: FilterField;
  value: string;
}

export type FieldInput =
  | { kind: 'text'; placeholder: string }
  | { kind: 'select'; options: readonly { id: string; label: string }[] };

export const GROUP_LABELS = { descriptive: 'Descriptive', financial: 'Financial' } as const;
export type FilterGroup = keyof typeof GROUP_LABELS;

export function groupOf(field: FilterField): FilterGroup {
  return FILTER_GROUPS.descriptive.includes(field) ? 'descriptive' : 'financial';
}

export const labelOf = (field: FilterField) => FILTER_LABELS[field];

const isNumeric = (field: FilterField): field is NumericFilterField => field in NUMERIC_FILTERS;

/** How a field's value is entered: the option list of its definition, or text. */
export function inputFor(field: FilterField, industries: readonly string[] = []): FieldInput {
  if (isNumeric(field)) return { kind: 'select', options: NUMERIC_FILTERS[field].options };
  switch (field) {
    case 'sector':
      return { kind: 'select', options: SECTORS.map((s) => ({ id: s, label: s })) };
    case 'earningdate':
      return { kind: 'select', options: EARNINGS_DATE_OPTIONS };
    case 'industry':
      return industries.length
        ? { kind: 'select', options: industries.map((s) => ({ id: s, label: s })) }
        : { kind: 'text', placeholder: 'e.g. Semiconductors' };
    case 'name':
      return { kind: 'text', placeholder: 'e.g. Apple or AAPL' };
  }
  throw new Error(`No input for ${field}`);
}

let nextKey = 1;
export const newKey = () => nextKey++;

/** Rows for a set of filters, in the form's field order. */
export function rowsFromFilters(filters: ScreenerFilters): FilterRow[] {
  const values = filters as Record<string, string | undefined>;
  return FILTER_FIELDS.filter((f) => values[f] !== undefined && values[f] !== '').map((field) => ({
    key: newKey(),
    field,
    value: String(values[field]),
  }));
}

/** The form's first rows: market cap Mid (spec/001 section 9). */
export const defaultRows = () => rowsFromFilters(DEFAULT_FILTERS);

/** The filters the rows set; a row left at Any sets nothing. */
export function filtersFromRows(rows: readonly FilterRow[]): ScreenerFilters {
  const out: Record<string, string> = {};
  for (const row of rows) {
    const value = row.value.trim();
    if (value !== '') out[row.field] = value;
  }
  return out as ScreenerFilters;
}

/** The next field "Add Another Filter" offers: the first one of the group not in a row yet. */
export function nextField(rows: readonly FilterRow[], group?: FilterGroup): FilterField | null {
  const used = new Set(rows.map((r) => r.field));
  const fields = group ? FILTER_GROUPS[group] : FILTER_FIELDS;
  return fields.find((f) => !used.has(f)) ?? null;
}

/** A short reading of a saved screener's filters: "Market Cap.: Large (>= $5Bn), Sector: Technology". */
export function describeFilters(filters: ScreenerFilters): string {
  const parts = rowsFromFilters(filters).map((row) => {
    const input = inputFor(row.field);
    const label =
      input.kind === 'select'
        ? (input.options.find((o) => o.id === row.value)?.label ?? row.value)
        : row.value;
    return `${labelOf(row.field)}: ${label}`;
  });
  return parts.length ? parts.join(', ') : 'No filters: every stock';
}
