import * as z from 'zod/mini';
import '../schemas/zod-messages';
import type { ScreenerRow } from './columns';

/**
 * Screener filters: every filter field of spec/001 section 3, each with its option list.
 * A filter is a field name and one option id; a field left out (or sent as '' / null) means
 * "Any". Every numeric option is a bound on one result column; its label states whether the
 * bound is inclusive ("<= $5", "Over 10%" = strictly above 10 %) and `bound` is exactly that.
 * A row whose value is N/A (null) never passes a filter on that field.
 */

export interface Bound {
  min?: number;
  minInclusive?: boolean;
  max?: number;
  maxInclusive?: boolean;
}

export interface FilterOption {
  id: string;
  label: string;
  bound: Bound;
}

type NumericColumn = {
  [K in keyof ScreenerRow]: ScreenerRow[K] extends number | null ? K : never;
}[keyof ScreenerRow];

export interface NumericFilterDef {
  kind: 'numeric';
  label: string;
  group: 'descriptive' | 'financial';
  /** The result column the bound applies to. */
  column: NumericColumn;
  options: readonly FilterOption[];
}

// --- option builders -----------------------------------------------------------------------

type Unit = '' | '%' | '$' | 'count';

function show(v: number, unit: Unit): string {
  if (unit === '$') return `$${v}`;
  if (unit === '%') return `${v}%`;
  if (unit === 'count') return v >= 1e6 ? `${v / 1e6}M` : `${v / 1e3}K`;
  return String(v);
}
const idOf = (v: number, unit: Unit) =>
  unit === 'count' ? (v >= 1e6 ? `${v / 1e6}m` : `${v / 1e3}k`) : String(v);

/** Strictly below: "Under 15". */
const under =
  (unit: Unit) =>
  (v: number): FilterOption => ({
    id: `under${idOf(v, unit)}`,
    label: `Under ${show(v, unit)}`,
    bound: { max: v },
  });
/** Strictly above: "Over 15". */
const over =
  (unit: Unit) =>
  (v: number): FilterOption => ({
    id: `over${idOf(v, unit)}`,
    label: `Over ${show(v, unit)}`,
    bound: { min: v },
  });
/** At most, inclusive: "<= $5". */
const atMost =
  (unit: Unit) =>
  (v: number): FilterOption => ({
    id: `atmost${idOf(v, unit)}`,
    label: `<= ${show(v, unit)}`,
    bound: { max: v, maxInclusive: true },
  });
/** At least, inclusive: ">= 2%". */
const atLeast =
  (unit: Unit) =>
  (v: number): FilterOption => ({
    id: `atleast${idOf(v, unit)}`,
    label: `>= ${show(v, unit)}`,
    bound: { min: v, minInclusive: true },
  });
/** Strictly below, spelled "< 50K" as the spec labels volumes. */
const below =
  (unit: Unit) =>
  (v: number): FilterOption => ({
    id: `under${idOf(v, unit)}`,
    label: `< ${show(v, unit)}`,
    bound: { max: v },
  });

const POSITIVE_PCT: FilterOption = { id: 'positive', label: 'Positive (> 0%)', bound: { min: 0 } };
const NEGATIVE_PCT: FilterOption = { id: 'negative', label: 'Negative (< 0%)', bound: { max: 0 } };

const range = (from: number, to: number, step: number) => {
  const out: number[] = [];
  for (let v = from; v <= to + 1e-9; v += step) out.push(Math.round(v * 100) / 100);
  return out;
};

const multiple = (values: number[]) => [...values.map(under('')), ...values.map(over(''))];
const growth = (values: number[]) => [
  NEGATIVE_PCT,
  POSITIVE_PCT,
  ...values.map(over('%')),
  ...values.map(under('%')),
];
const percentReturn = [
  NEGATIVE_PCT,
  POSITIVE_PCT,
  ...range(5, 50, 5).map(over('%')),
  ...[-50, -30, -20, -10, -5, 5, 10, 15, 20].map(under('%')),
];
const margin = [
  NEGATIVE_PCT,
  POSITIVE_PCT,
  ...[5, ...range(10, 90, 10)].map(over('%')),
  ...[-100, -50, -30, -20, -10, 5, ...range(10, 90, 10)].map(under('%')),
];
const liquidity = [...[0.5, 1, 1.5].map(under('')), ...[0.5, 1, 1.5, 2, 3, 5, 10].map(over(''))];
const leverage = [
  ...range(0.1, 1, 0.1).map(under('')),
  ...range(0.1, 1, 0.1).map(over('')),
  ...[1.5, 2, 3].map(over('')),
];

// --- market-cap bands (spec/001 section 9) -------------------------------------------------

export const MARKET_CAP_OPTIONS: readonly FilterOption[] = [
  { id: 'large', label: 'Large (>= $5Bn)', bound: { min: 5e9, minInclusive: true } },
  {
    id: 'mid',
    label: 'Mid ($1Bn to under $5Bn)',
    bound: { min: 1e9, minInclusive: true, max: 5e9 },
  },
  { id: 'small', label: 'Small (< $1Bn)', bound: { max: 1e9 } },
];

// --- the numeric filters -------------------------------------------------------------------

export const NUMERIC_FILTERS = {
  price: {
    kind: 'numeric',
    label: 'Price',
    group: 'descriptive',
    column: 'price',
    options: [...[1, 2, 3, 4, 5, 7, 10, 15, 20, 30, 40, 50, 100].map(atMost('$')), over('$')(100)],
  },
  marketcap: {
    kind: 'numeric',
    label: 'Market Cap.',
    group: 'descriptive',
    column: 'marketCap',
    options: MARKET_CAP_OPTIONS,
  },
  volume: {
    kind: 'numeric',
    label: 'Average Volume',
    group: 'descriptive',
    column: 'avgVolume',
    options: [...[50e3, 100e3, 250e3, 500e3, 750e3, 1e6].map(below('count')), over('count')(1e6)],
  },
  dividend: {
    kind: 'numeric',
    label: 'Dividend Yield',
    group: 'descriptive',
    column: 'dividendYield',
    options: [
      {
        id: 'none',
        label: 'None (0%)',
        bound: { min: 0, minInclusive: true, max: 0, maxInclusive: true },
      },
      POSITIVE_PCT,
      ...range(1, 10, 1).map(atLeast('%')),
    ],
  },
  pe: {
    kind: 'numeric',
    label: 'P/E',
    group: 'financial',
    column: 'pe',
    options: [
      { id: 'profitable', label: 'Profitable (P/E > 0)', bound: { min: 0 } },
      ...multiple(range(5, 50, 5)),
    ],
  },
  ps: {
    kind: 'numeric',
    label: 'P/S',
    group: 'financial',
    column: 'ps',
    options: multiple(range(1, 10, 1)),
  },
  pb: {
    kind: 'numeric',
    label: 'P/B',
    group: 'financial',
    column: 'pb',
    options: multiple(range(1, 10, 1)),
  },
  pfcf: {
    kind: 'numeric',
    label: 'P/FCF',
    group: 'financial',
    column: 'pfcf',
    options: multiple([5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 60, 70, 80, 90, 100]),
  },
  pc: {
    kind: 'numeric',
    label: 'P/C',
    group: 'financial',
    column: 'pc',
    options: multiple([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 30, 50]),
  },
  peg: {
    kind: 'numeric',
    label: 'PEG',
    group: 'financial',
    column: 'peg',
    options: multiple([1, 2, 3]),
  },
  epsgrowthpastyear: {
    kind: 'numeric',
    label: 'EPS growth past year',
    group: 'financial',
    column: 'epsGrowthPastYear',
    options: growth(range(5, 30, 5)),
  },
  epsgrowthpast5years: {
    kind: 'numeric',
    label: 'EPS growth past 5 years',
    group: 'financial',
    column: 'epsGrowthPast5Years',
    options: growth(range(5, 30, 5)),
  },
  salesgrowthpast5years: {
    kind: 'numeric',
    label: 'Sales growth past 5 years',
    group: 'financial',
    column: 'salesGrowthPast5Years',
    options: growth(range(5, 30, 5)),
  },
  roa: {
    kind: 'numeric',
    label: 'Return on Assets',
    group: 'financial',
    column: 'roa',
    options: percentReturn,
  },
  roe: {
    kind: 'numeric',
    label: 'Return on Equity',
    group: 'financial',
    column: 'roe',
    options: percentReturn,
  },
  roi: {
    kind: 'numeric',
    label: 'Return on Investment',
    group: 'financial',
    column: 'roi',
    options: percentReturn,
  },
  currentratio: {
    kind: 'numeric',
    label: 'Current Ratio',
    group: 'financial',
    column: 'currentRatio',
    options: liquidity,
  },
  quickratio: {
    kind: 'numeric',
    label: 'Quick Ratio',
    group: 'financial',
    column: 'quickRatio',
    options: liquidity,
  },
  ltdebteq: {
    kind: 'numeric',
    label: 'LT Debt/Equity',
    group: 'financial',
    column: 'ltDebtEq',
    options: leverage,
  },
  debteq: {
    kind: 'numeric',
    label: 'Debt/Equity',
    group: 'financial',
    column: 'debtEq',
    options: leverage,
  },
  grossmargin: {
    kind: 'numeric',
    label: 'Gross Margin',
    group: 'financial',
    column: 'grossMargin',
    options: margin,
  },
  operatingmargin: {
    kind: 'numeric',
    label: 'Operating Margin',
    group: 'financial',
    column: 'operatingMargin',
    options: margin,
  },
  netprofitmargin: {
    kind: 'numeric',
    label: 'Net Profit Margin',
    group: 'financial',
    column: 'netMargin',
    options: margin,
  },
} as const satisfies Record<string, NumericFilterDef>;

export type NumericFilterField = keyof typeof NUMERIC_FILTERS;

// --- descriptive, non-numeric filters ------------------------------------------------------

/** Sectors as the market data names them (the getStockList list starts with Consumer Cyclical). */
export const SECTORS = [
  'Consumer Cyclical',
  'Basic Materials',
  'Communication Services',
  'Consumer Defensive',
  'Energy',
  'Financial Services',
  'Healthcare',
  'Industrials',
  'Real Estate',
  'Technology',
  'Utilities',
] as const;
export type Sector = (typeof SECTORS)[number];

export const EARNINGS_DATE_OPTIONS = [
  { id: 'thisweek', label: 'This Week' },
  { id: 'previousweek', label: 'Previous Week' },
  { id: 'thismonth', label: 'This Month' },
  { id: 'nextweek', label: 'Next Week' },
] as const;
export type EarningsDateOption = (typeof EARNINGS_DATE_OPTIONS)[number]['id'];

/** Every filter field of spec/001 section 3, in the form's order. */
export const FILTER_FIELDS = [
  'name',
  'sector',
  'industry',
  'price',
  'marketcap',
  'volume',
  'dividend',
  'earningdate',
  'pe',
  'ps',
  'pb',
  'pfcf',
  'pc',
  'peg',
  'epsgrowthpastyear',
  'epsgrowthpast5years',
  'salesgrowthpast5years',
  'roa',
  'roe',
  'roi',
  'currentratio',
  'quickratio',
  'ltdebteq',
  'debteq',
  'grossmargin',
  'operatingmargin',
  'netprofitmargin',
] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

export const FILTER_LABELS: Record<FilterField, string> = {
  name: 'Company name or ticker',
  sector: 'Sector',
  industry: 'Industry',
  earningdate: 'Earnings Date',
  ...Object.fromEntries(Object.entries(NUMERIC_FILTERS).map(([k, v]) => [k, v.label])),
} as Record<FilterField, string>;

export const FILTER_GROUPS: Record<'descriptive' | 'financial', readonly FilterField[]> = {
  descriptive: [
    'name',
    'sector',
    'industry',
    'price',
    'marketcap',
    'volume',
    'dividend',
    'earningdate',
  ],
  financial: FILTER_FIELDS.filter(
    (f) => f in NUMERIC_FILTERS && NUMERIC_FILTERS[f as NumericFilterField].group === 'financial',
  ),
};

/** The form's starting filters: market cap Mid (spec/001 section 9). */
export const DEFAULT_FILTERS = { marketcap: 'mid' } as const;

// --- schemas -------------------------------------------------------------------------------

/** '' and null mean "Any", as a form with an unset select sends them. */
const any = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.transform((v: unknown): unknown => (v === '' || v === null ? undefined : v)),
    z.optional(schema),
  );

function optionEnum(field: NumericFilterField) {
  const ids = NUMERIC_FILTERS[field].options.map((o) => o.id) as [string, ...string[]];
  return z.enum(ids, { message: `Choose one of the ${NUMERIC_FILTERS[field].label} options` });
}

const numericShape = Object.fromEntries(
  (Object.keys(NUMERIC_FILTERS) as NumericFilterField[]).map((f) => [f, any(optionEnum(f))]),
) as { [K in NumericFilterField]: ReturnType<typeof any<ReturnType<typeof optionEnum>>> };

export const screenerFilters = z.strictObject({
  name: any(
    z
      .string()
      .check(z.trim(), z.minLength(1), z.maxLength(60, 'Keep the name filter under 60 characters')),
  ),
  sector: any(z.enum(SECTORS, { message: 'Choose a sector from the list' })),
  industry: any(
    z
      .string()
      .check(z.trim(), z.minLength(1), z.maxLength(100, 'Keep the industry under 100 characters')),
  ),
  earningdate: any(
    z.enum(
      EARNINGS_DATE_OPTIONS.map((o) => o.id) as [EarningsDateOption, ...EarningsDateOption[]],
      { message: 'Choose an earnings date option' },
    ),
  ),
  ...numericShape,
});

export type ScreenerFilters = {
  name?: string;
  sector?: Sector;
  industry?: string;
  earningdate?: EarningsDateOption;
} & { [K in NumericFilterField]?: string };

export function optionOf(field: NumericFilterField, id: string): FilterOption | undefined {
  return NUMERIC_FILTERS[field].options.find((o) => o.id === id);
}

/** Whether a value passes a bound; N/A (null) never does. */
export function inBound(value: number | null | undefined, bound: Bound): boolean {
  if (value === null || value === undefined || !Number.isFinite(value)) return false;
  if (bound.min !== undefined && (bound.minInclusive ? value < bound.min : value <= bound.min))
    return false;
  if (bound.max !== undefined && (bound.maxInclusive ? value > bound.max : value >= bound.max))
    return false;
  return true;
}
