import type { ValuationTypeId } from '../domain/valuation-types';
import { dec, roundTo } from './decimal';
import {
  averageMultiples,
  firstAvailable,
  historicalGrowth,
  type WindowFigure,
  type YearValue,
} from './history';
import { DCF_DEFAULTS } from './dcf';
import type {
  DCFInput,
  EVEBITDAInput,
  PBInput,
  PEInput,
  PSInput,
  ValuationModelInput,
} from './models';

/*
 * Minimal shapes of the market-data rows the panels read (field names as the provider's
 * stable API spells them; every field optional because the provider may omit any).
 * `fiscalYear` arrives as a string ("2024"); `date` is the period end (YYYY-MM-DD).
 */
type Num = number | null | undefined;

export interface IncomeRow {
  date?: string | null;
  /** The day the statement was filed, and when the filing was accepted (New York time). */
  filingDate?: string | null;
  acceptedDate?: string | null;
  fiscalYear?: string | number | null;
  epsDiluted?: Num;
  ebitda?: Num;
  weightedAverageShsOutDil?: Num;
}

export interface RatiosRow {
  date?: string | null;
  fiscalYear?: string | number | null;
  bookValuePerShare?: Num;
  revenuePerShare?: Num;
  priceToEarningsRatio?: Num;
  priceToBookRatio?: Num;
  priceToSalesRatio?: Num;
  enterpriseValueMultiple?: Num;
}

export interface BalanceRow {
  date?: string | null;
  fiscalYear?: string | number | null;
  totalDebt?: Num;
  cashAndCashEquivalents?: Num;
}

export interface CashFlowRow {
  date?: string | null;
  filingDate?: string | null;
  acceptedDate?: string | null;
  fiscalYear?: string | number | null;
  operatingCashFlow?: Num;
  /** As the provider reports it: a negative figure (cash spent); its size is what is subtracted. */
  capitalExpenditure?: Num;
}

export interface PrefillData {
  /** Annual cash-flow statements (DCF: the last annual FCF and the FCF history). */
  annualCashFlow?: readonly CashFlowRow[];
  /** Quarterly cash-flow statements: the latest 4 give the trailing twelve months (DCF). */
  quarterlyCashFlow?: readonly CashFlowRow[];
  /** Annual income statements (the panels fetch 11). */
  annualIncome?: readonly IncomeRow[];
  /** Annual ratios (the panels fetch 11). */
  annualRatios?: readonly RatiosRow[];
  /** Quarterly balance sheets: the latest gives debt and cash (EV/EBITDA). */
  quarterlyBalance?: readonly BalanceRow[];
  /** Quarterly income statements: the latest gives weighted diluted shares (EV/EBITDA). */
  quarterlyIncome?: readonly IncomeRow[];
  /** Latest market price (quote). */
  price?: Num;
}

/** Form default for any numeric value the data does not supply, and the hold period (spec/001 section 9). */
export const DEFAULT_NUMERIC_VALUE = 1;
export const DEFAULT_HOLDING_PERIOD = 1;

export interface Prefill<T extends ValuationModelInput = ValuationModelInput> {
  values: T;
  /** Fields that took the default of 1 because the data had no usable figure. */
  defaulted: string[];
  /** Fiscal year of the base figure, for labels such as '2024A'; null when unknown. */
  baseYear: number | null;
  /** Growth of the base figure over 3, 5, 7 and 10 entries (percent; null is N/A). */
  growthHistory: WindowFigure[];
  /** Average of the model's multiple over 3, 5, 7 and 10 entries (null is N/A). */
  multipleHistory: WindowFigure[];
}

const MILLION = 1_000_000;

function usable(value: Num): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Fiscal year of a row: `fiscalYear` when it is a year, else the year of `date`. */
export function rowYear(row: {
  fiscalYear?: string | number | null;
  date?: string | null;
}): number | null {
  const fy = row.fiscalYear;
  if (typeof fy === 'number' && Number.isInteger(fy)) return fy;
  if (typeof fy === 'string' && /^\s*\d{4}\s*$/.test(fy)) return Number(fy.trim());
  const match = typeof row.date === 'string' ? /^(\d{4})-/.exec(row.date) : null;
  return match ? Number(match[1]) : null;
}

function sortKey(row: { fiscalYear?: string | number | null; date?: string | null }): string {
  if (typeof row.date === 'string' && row.date !== '') return row.date;
  const year = rowYear(row);
  return year === null ? '' : `${year}-99-99`;
}

/** Rows newest first (by period end date, else fiscal year); rows with neither go last, in their order. */
export function newestFirst<
  T extends { fiscalYear?: string | number | null; date?: string | null },
>(rows: readonly T[]): T[] {
  return rows
    .map((row, index) => ({ row, index, key: sortKey(row) }))
    .sort((a, b) => (a.key === b.key ? a.index - b.index : a.key < b.key ? 1 : -1))
    .map((entry) => entry.row);
}

export function yearSeries<T extends { fiscalYear?: string | number | null; date?: string | null }>(
  rows: readonly T[] | undefined,
  pick: (row: T) => Num,
): YearValue[] {
  return newestFirst(rows ?? []).map((row) => ({ year: rowYear(row), value: pick(row) }));
}

/** The latest usable figure: the newest row's value (a missing newest value is not replaced by an older one). */
function latest<T extends { fiscalYear?: string | number | null; date?: string | null }>(
  rows: readonly T[] | undefined,
  pick: (row: T) => Num,
): { value: number; year: number | null } | null {
  const newest = newestFirst(rows ?? [])[0];
  if (!newest) return null;
  const value = pick(newest);
  return usable(value) ? { value, year: rowYear(newest) } : null;
}

/** A value from history rounded to the 2 decimals the form shows, so what is seen is what is computed. */
function fromHistory(figures: WindowFigure[]): number | null {
  const first = firstAvailable(figures);
  return first && first.value !== null ? roundTo(dec(first.value), 2) : null;
}

function inMillions(value: number): number {
  return roundTo(dec(value).div(MILLION), 6);
}

class Filler {
  readonly defaulted: string[] = [];
  take(field: string, value: number | null | undefined): number {
    if (usable(value)) return value;
    this.defaulted.push(field);
    return DEFAULT_NUMERIC_VALUE;
  }
}

/**
 * Initial form values for a methodology from market data:
 * - base figure: latest diluted EPS (P/E), book value per share (P/B), revenue per share
 *   (P/S) or EBITDA (EV/EBITDA, in millions), taken as reported, even when zero or
 *   negative (the panel then shows 'Enter positive number or try another model');
 * - growth rate: the base figure's compound annual growth over the shortest window
 *   (3, 5, 7, 10 entries) that has one, 2 decimals;
 * - forward multiple: the average historical multiple (P/E, P/B, P/S, EV/EBITDA ratios)
 *   over the shortest window that has one, 2 decimals;
 * - EV/EBITDA: debt and cash from the latest quarterly balance sheet, shares from the
 *   latest quarterly weighted diluted shares (else the latest annual), all in millions;
 * - market price from the quote; hold period 1 year.
 * Any figure the data lacks takes the default 1 and is listed in `defaulted`.
 */
export function prefillValuation(typeId: 1, data: PrefillData): Prefill<PEInput>;
export function prefillValuation(typeId: 2, data: PrefillData): Prefill<PBInput>;
export function prefillValuation(typeId: 3, data: PrefillData): Prefill<PSInput>;
export function prefillValuation(typeId: 4, data: PrefillData): Prefill<EVEBITDAInput>;
export function prefillValuation(typeId: 5, data: PrefillData): Prefill<DCFInput>;
export function prefillValuation(typeId: ValuationTypeId, data: PrefillData): Prefill;
export function prefillValuation(typeId: ValuationTypeId, data: PrefillData): Prefill {
  const fill = new Filler();
  const { annualIncome, annualRatios } = data;
  const common = () => ({
    market_price: fill.take('market_price', data.price),
    holding_period: DEFAULT_HOLDING_PERIOD,
  });

  switch (typeId) {
    case 1: {
      const base = latest(annualIncome, (r) => r.epsDiluted);
      const growthHistory = historicalGrowth(yearSeries(annualIncome, (r) => r.epsDiluted));
      const multipleHistory = averageMultiples(
        yearSeries(annualRatios, (r) => r.priceToEarningsRatio),
      );
      const values: PEInput = {
        valuation_type_id: 1,
        earnings_per_share: fill.take('earnings_per_share', base?.value),
        growth_ratein_eps: fill.take('growth_ratein_eps', fromHistory(growthHistory)),
        forward_multiple: fill.take('forward_multiple', fromHistory(multipleHistory)),
        ...common(),
      };
      return {
        values,
        defaulted: fill.defaulted,
        baseYear: base?.year ?? null,
        growthHistory,
        multipleHistory,
      };
    }
    case 2: {
      const base = latest(annualRatios, (r) => r.bookValuePerShare);
      const growthHistory = historicalGrowth(yearSeries(annualRatios, (r) => r.bookValuePerShare));
      const multipleHistory = averageMultiples(yearSeries(annualRatios, (r) => r.priceToBookRatio));
      const values: PBInput = {
        valuation_type_id: 2,
        book_value_per_share: fill.take('book_value_per_share', base?.value),
        growth_in_bookvalue: fill.take('growth_in_bookvalue', fromHistory(growthHistory)),
        forward_multiple: fill.take('forward_multiple', fromHistory(multipleHistory)),
        ...common(),
      };
      return {
        values,
        defaulted: fill.defaulted,
        baseYear: base?.year ?? null,
        growthHistory,
        multipleHistory,
      };
    }
    case 3: {
      const base = latest(annualRatios, (r) => r.revenuePerShare);
      const growthHistory = historicalGrowth(yearSeries(annualRatios, (r) => r.revenuePerShare));
      const multipleHistory = averageMultiples(
        yearSeries(annualRatios, (r) => r.priceToSalesRatio),
      );
      const values: PSInput = {
        valuation_type_id: 3,
        revenue_per_share: fill.take('revenue_per_share', base?.value),
        revenue_per_share_growth_rate: fill.take(
          'revenue_per_share_growth_rate',
          fromHistory(growthHistory),
        ),
        forward_multiple: fill.take('forward_multiple', fromHistory(multipleHistory)),
        ...common(),
      };
      return {
        values,
        defaulted: fill.defaulted,
        baseYear: base?.year ?? null,
        growthHistory,
        multipleHistory,
      };
    }
    case 4: {
      const base = latest(annualIncome, (r) => r.ebitda);
      const growthHistory = historicalGrowth(yearSeries(annualIncome, (r) => r.ebitda));
      const multipleHistory = averageMultiples(
        yearSeries(annualRatios, (r) => r.enterpriseValueMultiple),
      );
      const debt = latest(data.quarterlyBalance, (r) => r.totalDebt);
      const cash = latest(data.quarterlyBalance, (r) => r.cashAndCashEquivalents);
      const shares =
        latest(data.quarterlyIncome, (r) => r.weightedAverageShsOutDil) ??
        latest(annualIncome, (r) => r.weightedAverageShsOutDil);
      const millions = (figure: { value: number } | null) =>
        figure ? inMillions(figure.value) : null;
      const values: EVEBITDAInput = {
        valuation_type_id: 4,
        ebitda: fill.take('ebitda', millions(base)),
        ebitda_growth: fill.take('ebitda_growth', fromHistory(growthHistory)),
        forward_multiple: fill.take('forward_multiple', fromHistory(multipleHistory)),
        debt: fill.take('debt', millions(debt)),
        cash_and_cash_equivalents: fill.take('cash_and_cash_equivalents', millions(cash)),
        shares_outstanding: fill.take('shares_outstanding', millions(shares)),
        ...common(),
      };
      return {
        values,
        defaulted: fill.defaulted,
        baseYear: base?.year ?? null,
        growthHistory,
        multipleHistory,
      };
    }
    case 5: {
      const base = freeCashFlowPerShare(data);
      const growthHistory = historicalGrowth(fcfPerShareSeries(data));
      const values: DCFInput = {
        valuation_type_id: 5,
        free_cash_flow_per_share: fill.take('free_cash_flow_per_share', base?.value),
        stage_one_growth: fill.take('stage_one_growth', fromHistory(growthHistory)),
        stage_one_years: DCF_DEFAULTS.stageOneYears,
        terminal_growth: DCF_DEFAULTS.terminalGrowth,
        discount_rate: DCF_DEFAULTS.discountRate,
        ...common(),
      };
      return {
        values,
        defaulted: fill.defaulted,
        baseYear: base?.year ?? null,
        growthHistory,
        multipleHistory: [],
      };
    }
  }
}

/** Operating cash flow minus the size of capital expenditure (the provider reports capex negative). */
function freeCashFlowOf(row: CashFlowRow): number | null {
  if (!usable(row.operatingCashFlow) || !usable(row.capitalExpenditure)) return null;
  return dec(row.operatingCashFlow).minus(dec(row.capitalExpenditure).abs()).toNumber();
}

/** FCF per share rounded to the cent the form shows. */
function perShare(fcf: number, shares: number): number {
  return roundTo(dec(fcf).div(shares), 2);
}

/**
 * DCF base figure: trailing-twelve-month FCF (the latest 4 quarters' operating cash flow minus
 * capital expenditure) over the latest quarterly diluted shares; without 4 usable quarters, the
 * latest annual FCF over that year's diluted shares. Rounded to cents. `year` is the fiscal
 * year of the newest period used.
 */
export function freeCashFlowPerShare(
  data: PrefillData,
): { value: number; year: number | null; ttm: boolean } | null {
  const quarters = newestFirst(data.quarterlyCashFlow ?? []).slice(0, 4);
  const quarterShares = latest(data.quarterlyIncome, (r) => r.weightedAverageShsOutDil);
  if (quarters.length === 4 && quarterShares && quarterShares.value > 0) {
    const flows = quarters.map(freeCashFlowOf);
    if (flows.every((f): f is number => f !== null)) {
      const sum = flows.reduce((a, f) => a.plus(f), dec(0)).toNumber();
      return { value: perShare(sum, quarterShares.value), year: rowYear(quarters[0]!), ttm: true };
    }
  }
  const series = fcfPerShareSeries(data);
  const newest = series[0];
  if (!newest || !usable(newest.value)) return null;
  return { value: newest.value, year: newest.year, ttm: false };
}

/** Annual FCF per share, newest first: each year's FCF over that year's diluted shares. */
export function fcfPerShareSeries(data: PrefillData): YearValue[] {
  const sharesByYear = new Map<number, number>();
  for (const row of data.annualIncome ?? []) {
    const year = rowYear(row);
    if (year !== null && usable(row.weightedAverageShsOutDil) && row.weightedAverageShsOutDil > 0)
      sharesByYear.set(year, row.weightedAverageShsOutDil);
  }
  return newestFirst(data.annualCashFlow ?? []).map((row) => {
    const year = rowYear(row);
    const fcf = freeCashFlowOf(row);
    const shares = year === null ? undefined : sharesByYear.get(year);
    return { year, value: fcf === null || shares === undefined ? null : perShare(fcf, shares) };
  });
}
