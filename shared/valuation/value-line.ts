import { formatNumber } from '../format/money';
import { knownFrom } from '../market/filings';
import { median as exactMedian } from '../screener/peers';
import { D, dec, toOutput, type Dec } from './decimal';
import {
  checkValuationInput,
  computeValuation,
  growthFactor,
  intrinsicFigures,
  MODELS,
  type ValuationModelInput,
  type ValuationProblem,
} from './models';

/*
 * Value through time (decision 150): a model's value per share at each past quarter end,
 * computed with the figures known then and the investor's own assumptions, set against the
 * daily price. Pure and exact: every value is `computeValuation`'s intrinsic value for that
 * quarter's figures, so the line's latest step and the valuation panel agree to the cent.
 *
 * - Figures are trailing twelve months (TTM) where the model's base is a flow: EPS is the sum of
 *   the last four quarters' diluted EPS; revenue, EBITDA and free cash flow are four quarters'
 *   sums over the latest quarter's diluted shares. Book value per share, debt, cash and shares
 *   are the quarter's own.
 * - Per-share figures are split-adjusted like the prices: a quarter before a split whose share
 *   count was reported before the split is restated (shares x ratio, EPS / ratio); statements
 *   already restated by the provider are left alone (splitAdjusted).
 * - Figures known then (decision 160): a quarter's value holds from the day its statements
 *   became public (`knownFrom`: the filing's acceptance, before or after that day's close) until
 *   the next quarter's are public. Where no value has a meaning (a loss, negative book value,
 *   missing statements) the line has a gap with the reason, never a zero.
 */

/* ------------------------------------------------------------------ inputs */

/** One quarter's reported figures (amounts in dollars, shares as a count). */
export interface QuarterFigures {
  /** Period end, YYYY-MM-DD. */
  date: string;
  /** The day its statements were filed (YYYY-MM-DD): the latest of its three statements'. */
  filingDate?: string | null;
  /** When that filing was accepted, New York time (YYYY-MM-DD HH:MM:SS). */
  acceptedDate?: string | null;
  /** The quarter's diluted EPS. */
  epsDiluted: number | null;
  revenue: number | null;
  ebitda: number | null;
  /** Weighted average diluted shares of the quarter. */
  dilutedShares: number | null;
  /** Total stockholders' equity at the quarter's end. */
  equity: number | null;
  debt: number | null;
  cash: number | null;
  operatingCashFlow: number | null;
  /** As reported: negative (cash spent); its size is what is subtracted. */
  capitalExpenditure: number | null;
}

/** A share split: `numerator` new shares for every `denominator` old ones, effective `date`. */
export interface ShareSplit {
  date: string;
  numerator: number;
  denominator: number;
}

/** A daily close: [YYYY-MM-DD, price], split-adjusted. */
export type DailyClose = readonly [string, number];

export type ValueLineTypeId = 1 | 2 | 3 | 4 | 5;

/**
 * Quarters of statements the line reads: twenty years of them (decision 199), the most the
 * company view's shared statement read holds (the cache's bucket of 80 rows), so a line over
 * up to twenty years costs no read of its own. A ten-year line has the quarter in effect when
 * it starts, the three before it for its TTM figure and more for the company's median known
 * then; a twenty-year line's first year or two are gaps where a provider has no older quarters.
 */
export const VALUE_LINE_QUARTERS = 80;
/** Years of daily prices the line is drawn over unless a span is chosen (decision 199). */
export const VALUE_LINE_YEARS = 10;

const MILLION = 1_000_000;
const DAY_MS = 86_400_000;

const usable = (v: number | null | undefined): v is number =>
  typeof v === 'number' && Number.isFinite(v);

function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / DAY_MS);
}

/* ----------------------------------------------------------- split adjustment */

/**
 * The quarters with every per-share figure and share count split-adjusted, oldest first. For
 * each split (in date order), the quarters ending before it are restated when their share
 * count is the count reported before the split: the share count across the split moved by a
 * factor closer to the split's ratio than to 1 (buybacks and issues move it by a few percent a
 * quarter; a split by its ratio). Statements already restated move by about 1 and are kept.
 * A split with no quarter on one side of it cannot be told: the statements are taken as
 * restated, as the provider's are.
 */
export function splitAdjusted(
  quarters: readonly QuarterFigures[],
  splits: readonly ShareSplit[],
): QuarterFigures[] {
  const out = [...quarters].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const ordered = [...splits]
    .filter(
      (s) =>
        usable(s.numerator) &&
        usable(s.denominator) &&
        s.numerator > 0 &&
        s.denominator > 0 &&
        s.numerator !== s.denominator,
    )
    .sort((a, b) => (a.date < b.date ? -1 : 1));
  for (const split of ordered) {
    const day = split.date.slice(0, 10);
    const before = out.filter(
      (q) => q.date < day && usable(q.dilutedShares) && q.dilutedShares > 0,
    );
    const after = out.find((q) => q.date >= day && usable(q.dilutedShares) && q.dilutedShares > 0);
    const last = before[before.length - 1];
    if (!last || !after) continue;
    const ratio = split.numerator / split.denominator;
    const moved = Math.log(after.dilutedShares! / last.dilutedShares!);
    if (Math.abs(moved - Math.log(ratio)) >= Math.abs(moved)) continue;
    const k = dec(split.numerator).div(split.denominator);
    for (let i = 0; i < out.length; i++) {
      const q = out[i]!;
      if (q.date >= day) continue;
      out[i] = {
        ...q,
        epsDiluted: usable(q.epsDiluted) ? dec(q.epsDiluted).div(k).toNumber() : q.epsDiluted,
        dilutedShares: usable(q.dilutedShares)
          ? dec(q.dilutedShares).times(k).toNumber()
          : q.dilutedShares,
      };
    }
  }
  return out;
}

/* ------------------------------------------------------------ base figures */

/** What one quarter gives a model: the input fields it supplies, or why it gives none. */
export interface QuarterBase {
  /** The quarter's period end. */
  date: string;
  /**
   * The first day its figures were public (YYYY-MM-DD), from which its value holds: the latest
   * `knownFrom` of the quarters it reads (the four of a TTM figure).
   */
  from: string;
  /** The model's base figure (TTM EPS, book value per share, ...; EBITDA in millions). */
  base: number | null;
  /** The input fields the quarter supplies: the base figure, and for EV/EBITDA debt, cash, shares. */
  fields: Record<string, number> | null;
  /** Why the quarter has no figures (missing statements); null when `fields` is set. */
  missing: string | null;
}

/** The base figure's name in reasons and captions. */
export const VALUE_LINE_BASE_LABELS: Record<ValueLineTypeId, string> = {
  1: 'TTM EPS',
  2: 'book value per share',
  3: 'TTM revenue per share',
  4: 'TTM EBITDA',
  5: 'TTM free cash flow per share',
};

/** Consecutive quarter ends are 80 to 100 days apart; 60 to 120 allows for 52/53-week years. */
function consecutive(a: string, b: string): boolean {
  const gap = dayNumber(b) - dayNumber(a);
  return gap >= 60 && gap <= 120;
}

function sum(values: readonly number[]): Dec {
  return values.reduce((total, v) => total.plus(v), new D(0));
}

/** A decimal as a figure (10 decimal places), or null. */
const figure = (value: Dec): number | null => toOutput(value);

/**
 * Each quarter's figures for one model, oldest first, from split-adjusted quarters. Flows need
 * the quarter and the three before it, each about three months apart; a quarter without them,
 * or without a figure the model needs, is `missing` with the reason.
 */
export function quarterBases(
  typeId: ValueLineTypeId,
  quarters: readonly QuarterFigures[],
): QuarterBase[] {
  const sorted = [...quarters].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const label = VALUE_LINE_BASE_LABELS[typeId];
  const known = sorted.map(knownFrom);
  return sorted.map((q, i) => {
    const date = q.date.slice(0, 10);
    const window = sorted.slice(Math.max(0, i - 3), i + 1);
    // A TTM figure is known once the last of its four quarters is; book value with its own.
    const from =
      typeId === 2
        ? known[i]!
        : known.slice(Math.max(0, i - 3), i + 1).reduce((a, b) => (b > a ? b : a));
    const gap = (reason: string): QuarterBase => ({
      date,
      from,
      base: null,
      fields: null,
      missing: reason,
    });
    const fourQuarters =
      window.length === 4 &&
      window.every((w, j) => j === 0 || consecutive(window[j - 1]!.date, w.date));
    const needsTtm = typeId !== 2;
    if (needsTtm && !fourQuarters)
      return gap(`Missing statements: ${label} needs four consecutive quarters to ${date}`);
    const shares = q.dilutedShares;
    const sharesOk = usable(shares) && shares > 0;
    const missingFigure = (what: string) =>
      gap(`Missing statements: no ${what} in the statements to ${date}`);
    switch (typeId) {
      case 1: {
        const eps = window.map((w) => w.epsDiluted);
        if (!eps.every(usable)) return missingFigure('diluted EPS');
        const base = figure(sum(eps as number[]));
        if (base === null) return missingFigure('diluted EPS');
        return { date, from, base, fields: { earnings_per_share: base }, missing: null };
      }
      case 2: {
        if (!usable(q.equity) || !sharesOk) return missingFigure('equity or share count');
        const base = figure(dec(q.equity).div(shares!));
        if (base === null) return missingFigure('equity or share count');
        return { date, from, base, fields: { book_value_per_share: base }, missing: null };
      }
      case 3: {
        const revenue = window.map((w) => w.revenue);
        if (!revenue.every(usable) || !sharesOk) return missingFigure('revenue or share count');
        const base = figure(sum(revenue as number[]).div(shares!));
        if (base === null) return missingFigure('revenue or share count');
        return { date, from, base, fields: { revenue_per_share: base }, missing: null };
      }
      case 4: {
        const ebitda = window.map((w) => w.ebitda);
        if (!ebitda.every(usable) || !sharesOk || !usable(q.debt) || !usable(q.cash))
          return missingFigure('EBITDA, debt, cash or share count');
        const values = [
          sum(ebitda as number[]).div(MILLION),
          dec(q.debt).div(MILLION),
          dec(q.cash).div(MILLION),
          dec(shares!).div(MILLION),
        ].map(figure);
        if (values.some((v) => v === null))
          return missingFigure('EBITDA, debt, cash or share count');
        const [base, debt, cash, sharesM] = values as number[];
        return {
          date,
          from,
          base: base!,
          fields: {
            ebitda: base!,
            debt: debt!,
            cash_and_cash_equivalents: cash!,
            shares_outstanding: sharesM!,
          },
          missing: null,
        };
      }
      case 5: {
        const flows = window.map((w) =>
          usable(w.operatingCashFlow) && usable(w.capitalExpenditure)
            ? dec(w.operatingCashFlow).minus(dec(w.capitalExpenditure).abs())
            : null,
        );
        if (flows.some((f) => f === null) || !sharesOk)
          return missingFigure('operating cash flow, capital expenditure or share count');
        const base = figure((flows as Dec[]).reduce((t, f) => t.plus(f), new D(0)).div(shares!));
        if (base === null) return missingFigure('free cash flow');
        return { date, from, base, fields: { free_cash_flow_per_share: base }, missing: null };
      }
    }
  });
}

/* ------------------------------------------------------------ the line */

/** A value that holds from `from` until the next step (the last one to the end of the prices). */
export interface ValueStep {
  /** First day it holds (YYYY-MM-DD). */
  from: string;
  /** A quarter's figures; the investor's own model (the panel's latest figures); a saved pitch. */
  source: 'quarter' | 'model' | 'pitch';
  /** Intrinsic value per share, as computeValuation gives it; null in a gap. */
  value: number | null;
  /** The base figure it was computed from (null when missing). */
  base: number | null;
  /** Why there is no value (a loss, negative book value, missing statements); null with a value. */
  reason: string | null;
  /** The period end of the quarter whose figures it uses (null for the model's or a pitch's own). */
  quarter?: string | null;
  /** The multiple it used when not the model's own (a median known then); undefined otherwise. */
  multiple?: number | null;
  /** For a discounted line (`discountedSteps`): the value at the end of the hold it came from. */
  endOfHold?: number | null;
}

/**
 * A multiple that changes with what was known (the company's own median, decision 164): the
 * value at a day, or null (with `missing` as the reason) when too little was known then.
 */
export interface MultipleAsOf {
  at: (day: string) => number | null;
  missing: string;
}

export interface ValueLineOptions {
  /**
   * The multiple every step uses (P/E, P/B, P/S, EV/EBITDA): the investor's own (the model's
   * forward multiple, the default), a fixed one (the sector's median today, one typed), or one
   * known at each step's day (the company's median then). A DCF has none.
   */
  multiple?: number | MultipleAsOf;
  /**
   * 'model': the latest step is the model's own value (the valuation panel's figures, from the
   * day the latest quarter was public on), so the line's current point is the panel's
   * intrinsic value.
   * 'quarters': every step is a quarter's (the company view, and a pitch after its date).
   */
  latest: 'model' | 'quarters';
  /**
   * A saved pitch: its own value from its date, then the quarters made public after it, with
   * the pitch's assumptions. Quarters public by then are left out (the pitch had them).
   */
  pitchDate?: string;
  /** The last close's day: where the model's own value starts when no quarter has figures. */
  today?: string;
}

/** Why the model gives no value for a quarter's figures, in the investor's words. */
export function gapReason(
  typeId: ValueLineTypeId,
  base: number | null,
  problem: ValuationProblem,
): string {
  const amount = (n: number) => formatNumber(n, 2);
  if (problem.kind === 'base-not-positive' && base !== null) {
    const what = base < 0 ? 'negative' : 'no';
    switch (typeId) {
      case 1:
        return `Not meaningful: ${what} earnings (TTM EPS ${amount(base)})`;
      case 2:
        return `Not meaningful: ${what} book value (${amount(base)} a share)`;
      case 3:
        return `Not meaningful: ${what} revenue (TTM ${amount(base)} a share)`;
      case 4:
        return `Not meaningful: ${what} EBITDA (TTM ${amount(base)} M)`;
      case 5:
        return `Not meaningful: ${what} free cash flow (TTM ${amount(base)} a share)`;
    }
  }
  if (problem.kind === 'intrinsic-not-positive')
    return typeId === 4
      ? 'Not meaningful: debt above the enterprise value leaves nothing for the shares'
      : 'Not meaningful: the model gives no value above 0';
  return `Not meaningful: ${problem.message}`;
}

/** The model's input with a quarter's figures and the chosen multiple. */
export function quarterInput(
  model: ValuationModelInput,
  fields: Record<string, number>,
  multiple: number | undefined,
): ValuationModelInput {
  const input = { ...model, ...fields } as ValuationModelInput;
  if (multiple !== undefined && input.valuation_type_id !== 5)
    return { ...input, forward_multiple: multiple };
  return input;
}

/** The model's own step (the panel's, a pitch's): computeValuation itself. */
function stepOf(
  typeId: ValueLineTypeId,
  from: string,
  source: ValueStep['source'],
  input: ValuationModelInput,
  base: number | null,
): ValueStep {
  const result = computeValuation(input);
  if (result.ok) return { from, source, value: result.intrinsicValuePerShare, base, reason: null };
  return { from, source, value: null, base, reason: gapReason(typeId, base, result) };
}

/**
 * A quarter's step: computeValuation's own checks and intrinsic value (`checkValuationInput`,
 * `intrinsicFigures`), without the outcomes against the price (IRR's fractional power is most
 * of a valuation's cost, and forty of them would not fit the line's time budget). The growth
 * factor is the same for every quarter: computed once, the same product growOverHold makes.
 */
function quarterValue(
  typeId: ValueLineTypeId,
  from: string,
  input: ValuationModelInput,
  base: number | null,
  factor: () => Dec,
): ValueStep {
  const checked = checkValuationInput(input);
  const figures = checked ?? intrinsicFigures(input, typeId === 5 ? undefined : factor());
  if (!figures.ok)
    return { from, source: 'quarter', value: null, base, reason: gapReason(typeId, base, figures) };
  const value = toOutput(figures.intrinsic);
  if (value === null || value <= 0)
    return {
      from,
      source: 'quarter',
      value: null,
      base,
      reason:
        value === null
          ? 'Not meaningful: the value is too large to show'
          : 'Not meaningful: the model gives no value above 0',
    };
  return { from, source: 'quarter', value, base, reason: null };
}

function baseOfInput(input: ValuationModelInput): number | null {
  const value = (input as unknown as Record<string, unknown>)[
    MODELS[input.valuation_type_id].baseField
  ];
  return usable(value as number) ? (value as number) : null;
}

/**
 * The value line's steps, oldest first: each quarter's value with the model's assumptions
 * (growth, hold, rates) and the chosen multiple, computed by computeValuation, holding from the
 * day the quarter's figures became public. With `latest: 'model'` the newest step is the
 * model's own value (its own base figures: what the valuation panel shows) from that day on; a
 * pitch starts at its date with its own value. Quarters without figures are gaps with the
 * reason.
 */
export function valueLine(
  model: ValuationModelInput,
  bases: readonly QuarterBase[],
  options: ValueLineOptions,
): ValueStep[] {
  const typeId = model.valuation_type_id;
  const steps: ValueStep[] = [];
  let factor: Dec | undefined;
  const growth = () => {
    if (factor === undefined) {
      const record = model as unknown as Record<string, number>;
      factor = growthFactor(dec(record[MODELS[typeId].growthField]!), dec(model.holding_period));
    }
    return factor;
  };
  const fixed = typeof options.multiple === 'number' ? options.multiple : undefined;
  const asOf = typeof options.multiple === 'object' ? options.multiple : undefined;
  /** The multiple a step from `day` uses: null when the company's was not known yet. */
  const multipleAt = (day: string): number | null | undefined => (asOf ? asOf.at(day) : fixed);
  const quarterStep = (q: QuarterBase): ValueStep => {
    const at = { from: q.from, quarter: q.date };
    if (q.fields === null)
      return { ...at, source: 'quarter', value: null, base: null, reason: q.missing };
    const valueAt = (multiple: number | undefined) =>
      quarterValue(typeId, q.from, quarterInput(model, q.fields!, multiple), q.base, growth);
    const multiple = multipleAt(q.from);
    if (multiple === null) {
      // No median known yet: a quarter the model gives no value for says why (a loss) first.
      const own = valueAt(undefined);
      return own.value === null
        ? { ...own, quarter: q.date }
        : { ...at, source: 'quarter', value: null, base: q.base, reason: asOf!.missing };
    }
    const step = valueAt(multiple);
    return { ...step, quarter: q.date, ...(asOf ? { multiple } : {}) };
  };
  /** Steps in the order their figures became public; a quarter public after a newer one never shows. */
  const push = (step: ValueStep) => {
    const last = steps[steps.length - 1];
    if (last && last.from === step.from) steps[steps.length - 1] = step;
    else steps.push(step);
  };
  const ordered = [...bases].sort((a, b) =>
    a.from < b.from ? -1 : a.from > b.from ? 1 : a.date < b.date ? -1 : a.date > b.date ? 1 : 0,
  );
  let newest = '';
  const quarterSteps = (after: string) => {
    for (const q of ordered) {
      if (q.from <= after || q.date <= newest) continue;
      newest = q.date;
      push(quarterStep(q));
    }
  };

  if (options.pitchDate !== undefined) {
    const day = options.pitchDate.slice(0, 10);
    steps.push(stepOf(typeId, day, 'pitch', model, baseOfInput(model)));
    // The newest quarter public by the pitch's day was the pitch's to use: later ones are news.
    for (const q of ordered) if (q.from <= day && q.date > newest) newest = q.date;
    quarterSteps(day);
    return steps;
  }
  quarterSteps('');
  if (options.latest === 'model') {
    const from = steps.length ? steps[steps.length - 1]!.from : (options.today ?? '9999-12-31');
    const multiple = multipleAt(from);
    const own = quarterInput(model, {}, multiple ?? undefined);
    const last: ValueStep =
      multiple === null
        ? { from, source: 'model', value: null, base: baseOfInput(own), reason: asOf!.missing }
        : {
            ...stepOf(typeId, from, 'model', own, baseOfInput(own)),
            ...(asOf ? { multiple } : {}),
          };
    if (steps.length) steps[steps.length - 1] = last;
    else steps.push(last);
  }
  return steps;
}

/** The step's value as the line's current point: the newest step (null in a gap). */
export function currentValue(steps: readonly ValueStep[]): ValueStep | null {
  return steps[steps.length - 1] ?? null;
}

/**
 * A line of end-of-hold values as values on the day (decision 163): the P/E, P/B, P/S and
 * EV/EBITDA models value the shares at the end of the hold (the figure grown over it, times the
 * multiple), which is not what they are worth on a day the price is compared with. Each step's
 * value is discounted over the hold at the investor's rate, value / (1 + rate)^hold: what the
 * value a hold of that length would end on is worth on the day the hold starts (every day of
 * the line is such a day). A DCF's value is already today's and is never passed here.
 */
export function discountedSteps(
  steps: readonly ValueStep[],
  holdYears: number,
  ratePercent: number,
): ValueStep[] {
  const factor = dec(ratePercent).div(100).plus(1).pow(dec(holdYears));
  return steps.map((step) => {
    if (step.value === null) return { ...step, endOfHold: null };
    const value = toOutput(dec(step.value).div(factor));
    return value === null || value <= 0
      ? {
          ...step,
          value: null,
          endOfHold: step.value,
          reason: 'Not meaningful: the value is too small to show',
        }
      : { ...step, value, endOfHold: step.value };
  });
}

/** Whether a rate and hold discount to a meaningful factor (a rate above -100 %, a hold above 0). */
export function canDiscount(holdYears: number, ratePercent: number): boolean {
  return (
    Number.isFinite(holdYears) &&
    Number.isFinite(ratePercent) &&
    holdYears > 0 &&
    ratePercent > -100 &&
    ratePercent <= 100
  );
}

/* ------------------------------------------------------------ price against value */

/** One trading day: the close and the value that held that day. */
export interface DayValue {
  date: string;
  price: number;
  /** null in a gap (or before the first step). */
  value: number | null;
  reason: string | null;
}

/**
 * The closes from `from` on (default: the first step; at most `years` back from the last
 * close), each with the step in effect that day. Days before the first step are gaps.
 */
export function pricesAgainstValue(
  steps: readonly ValueStep[],
  closes: readonly DailyClose[],
  options: { from?: string; years?: number } = {},
): DayValue[] {
  const last = closes[closes.length - 1];
  if (!last) return [];
  const years = options.years ?? VALUE_LINE_YEARS;
  const [y, m, d] = last[0].split('-');
  const earliest = `${String(Number(y) - years).padStart(4, '0')}-${m}-${d}`;
  let start = options.from ?? steps[0]?.from ?? last[0];
  if (start < earliest) start = earliest;
  const out: DayValue[] = [];
  let k = -1;
  for (const [date, price] of closes) {
    if (date < start) continue;
    while (k + 1 < steps.length && steps[k + 1]!.from <= date) k++;
    const step = k >= 0 ? steps[k]! : null;
    out.push(
      step
        ? { date, price, value: step.value, reason: step.reason }
        : {
            date,
            price,
            value: null,
            reason: 'Not meaningful: no statements for a value yet',
          },
    );
  }
  return out;
}

/* ------------------------------------------------------------ statistics */

/** A day the price crossed below the line, and the price a year on. */
export interface Crossing {
  date: string;
  price: number;
  value: number;
  /** The last close on or before the same day a year later; null while a year has not passed. */
  yearOnDate: string | null;
  yearOnPrice: number | null;
  /** (price a year on / price - 1) x 100; null while a year has not passed. */
  returnPercent: number | null;
}

export interface ValueLineStatistics {
  /** Days with a close and a value. */
  days: number;
  /** Days the close was below the value. */
  daysBelow: number;
  /** daysBelow / days x 100 (null without days). */
  belowPercent: number | null;
  /** Median of (close / value - 1) x 100: above 0 the market paid a premium, below a discount. */
  medianPremiumPercent: number | null;
  crossings: Crossing[];
  /** Median of the crossings' returns a year on (those with a full year). */
  medianCrossingReturnPercent: number | null;
  /**
   * The base rate (decision 161): the median return a year on from every day with a value (and
   * a year after it), the days of the same span, crossing or not.
   */
  baseRate: YearOnReturns;
  /** The median return a year after a day the price was below the line. */
  belowReturn: YearOnReturns;
  /** Percentage points: the crossings' median return less the base rate (null without both). */
  crossingVsBasePoints: number | null;
  /** Percentage points: the days below's median return less the base rate (null without both). */
  belowVsBasePoints: number | null;
}

/** Returns a year on from a set of days: their median (percent) and how many days it is over. */
export interface YearOnReturns {
  medianReturnPercent: number | null;
  days: number;
}

/** The same day a year later (29 February to 28 February). */
export function yearOn(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const next = y + 1;
  const leap = (next % 4 === 0 && next % 100 !== 0) || next % 400 === 0;
  const day = m === 2 && d === 29 && !leap ? 28 : d;
  return `${String(next).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * How the price sat against the line: the share of days below it, the median premium or
 * discount, and each crossing below it (a close below the value after a close at or above it,
 * both days with a value) with the return a year on. Every ratio is decimal, rounded once.
 */
export function valueLineStatistics(days: readonly DayValue[]): ValueLineStatistics {
  const valued: DayValue[] = [];
  let withValue = 0;
  let below = 0;
  const crossings: Crossing[] = [];
  const yearOnOf = yearOnIndexes(days);
  /** Days with a value and a year after them: every one, and those below the line. */
  const anyDay: [number, number][] = [];
  const belowDay: [number, number][] = [];
  let previous: DayValue | null = null;
  for (let i = 0; i < days.length; i++) {
    const day = days[i]!;
    if (day.value === null || day.value <= 0) {
      previous = null;
      continue;
    }
    withValue++;
    const isBelow = day.price < day.value;
    if (isBelow) below++;
    valued.push(day);
    const j = yearOnOf[i]!;
    if (j >= 0) {
      anyDay.push([i, j]);
      if (isBelow) belowDay.push([i, j]);
    }
    if (isBelow && previous !== null && previous.price >= previous.value!) {
      const yearOnDay = j >= 0 ? days[j]! : null;
      crossings.push({
        date: day.date,
        price: day.price,
        value: day.value,
        yearOnDate: yearOnDay?.date ?? null,
        yearOnPrice: yearOnDay?.price ?? null,
        returnPercent: yearOnDay ? toOutput(returnOf(day, yearOnDay)) : null,
      });
    }
    previous = day;
  }
  const returns = crossings.map((c) => c.returnPercent).filter((r): r is number => r !== null);
  const medianCrossingReturnPercent = exactMedian(returns);
  const baseRate = medianYearOn(days, anyDay);
  const belowReturn = medianYearOn(days, belowDay);
  const points = (a: number | null, b: number | null) =>
    a === null || b === null ? null : toOutput(dec(a).minus(b));
  return {
    days: withValue,
    daysBelow: below,
    belowPercent: withValue ? toOutput(dec(below).div(withValue).times(100)) : null,
    medianPremiumPercent: medianPremium(valued),
    crossings,
    medianCrossingReturnPercent,
    baseRate,
    belowReturn,
    crossingVsBasePoints: points(medianCrossingReturnPercent, baseRate.medianReturnPercent),
    belowVsBasePoints: points(belowReturn.medianReturnPercent, baseRate.medianReturnPercent),
  };
}

/**
 * For each day, the index of the last day on or before the same day a year later (-1 while a
 * year has not passed since it: the last day is before the anniversary).
 */
function yearOnIndexes(days: readonly DayValue[]): Int32Array {
  const out = new Int32Array(days.length).fill(-1);
  const lastDate = days[days.length - 1]?.date ?? '';
  let j = 0;
  for (let i = 0; i < days.length; i++) {
    const anniversary = yearOn(days[i]!.date);
    if (lastDate < anniversary) break;
    if (j < i) j = i;
    while (j + 1 < days.length && days[j + 1]!.date <= anniversary) j++;
    if (j > i) out[i] = j;
  }
  return out;
}

/** (price a year on / price - 1) x 100, exact. */
const returnOf = (day: DayValue, later: DayValue): Dec =>
  dec(later.price).div(day.price).minus(1).times(100);

/**
 * The median return a year on over pairs [day, day a year on]: ordered by the ratio of the two
 * closes in floating point (thousands of exact divisions would not fit the line's time budget),
 * the middle pair (or two) then get their exact return, as the median premium does.
 */
function medianYearOn(days: readonly DayValue[], pairs: [number, number][]): YearOnReturns {
  if (pairs.length === 0) return { medianReturnPercent: null, days: 0 };
  // Each ratio worked out once; the pairs' indexes sorted by it.
  const ratios = Float64Array.from(pairs, ([i, j]) => days[j]!.price / days[i]!.price);
  const order = Uint32Array.from(pairs, (_, k) => k).sort((a, b) => ratios[a]! - ratios[b]!);
  const at = (k: number) => {
    const [i, j] = pairs[order[k]!]!;
    return returnOf(days[i]!, days[j]!);
  };
  const mid = Math.floor(order.length / 2);
  const median =
    order.length % 2 === 1
      ? at(mid)
      : at(mid - 1)
          .plus(at(mid))
          .div(2);
  return { medianReturnPercent: toOutput(median), days: pairs.length };
}

/** (close / value - 1) x 100, exact and rounded once. */
const premiumOf = (day: DayValue): Dec => dec(day.price).div(day.value!).minus(1).times(100);

/**
 * The median premium of the days with a value. The days are ordered by close / value in floating
 * point (a few thousand exact divisions would not fit the line's time budget); the middle day (or
 * two) then get their exact premium. Two ratios a float cannot order are equal to within 1e-15,
 * far below the 10 decimal places a premium is rounded to, so the median is the exact one.
 */
function medianPremium(days: readonly DayValue[]): number | null {
  if (days.length === 0) return null;
  const sorted = [...days].sort((a, b) => a.price / a.value! - b.price / b.value!);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return toOutput(premiumOf(sorted[mid]!));
  return toOutput(
    premiumOf(sorted[mid - 1]!)
      .plus(premiumOf(sorted[mid]!))
      .div(2),
  );
}

/** The stretches of days without a value, each with its reason (for the list under the chart). */
export function valueLineGaps(
  days: readonly DayValue[],
): { from: string; to: string; reason: string }[] {
  const gaps: { from: string; to: string; reason: string }[] = [];
  for (let i = 0; i < days.length; i++) {
    const day = days[i]!;
    if (day.value !== null) continue;
    const reason = day.reason ?? 'Not meaningful';
    const open = gaps[gaps.length - 1];
    const previous = days[i - 1];
    if (open && open.reason === reason && previous?.value === null && open.to === previous.date)
      open.to = day.date;
    else gaps.push({ from: day.date, to: day.date, reason });
  }
  return gaps;
}

/* ------------------------------------------------------------ multiples */

/** The last close on or before a day (closes oldest first), or null. */
export function closeOnOrBefore(closes: readonly DailyClose[], date: string): number | null {
  let lo = 0;
  let hi = closes.length - 1;
  let found: number | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (closes[mid]![0] <= date) {
      found = closes[mid]![1];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The company's own multiple at a quarter's end, public from `from` (its figures' day). */
export interface QuarterMultiple {
  /** The quarter's period end. */
  date: string;
  /** The first day its figures were public. */
  from: string;
  multiple: number;
}

/**
 * The company's own multiple at each quarter end: close / base figure for P/E, P/B and P/S;
 * (close x shares + debt - cash) / TTM EBITDA for EV/EBITDA. Only quarters with a positive
 * base (and enterprise value) and a close on or before their end count. None for a DCF.
 */
export function quarterMultiples(
  typeId: ValueLineTypeId,
  bases: readonly QuarterBase[],
  closes: readonly DailyClose[],
): QuarterMultiple[] {
  if (typeId === 5) return [];
  const out: QuarterMultiple[] = [];
  for (const q of bases) {
    if (q.fields === null || q.base === null || q.base <= 0) continue;
    const price = closeOnOrBefore(closes, q.date);
    if (price === null || price <= 0) continue;
    let multiple: Dec;
    if (typeId === 4) {
      const f = q.fields;
      const ev = dec(price)
        .times(f.shares_outstanding!)
        .plus(f.debt!)
        .minus(f.cash_and_cash_equivalents!);
      if (ev.lte(0)) continue;
      multiple = ev.div(q.base);
    } else multiple = dec(price).div(q.base);
    const n = toOutput(multiple);
    if (n !== null) out.push({ date: q.date, from: q.from, multiple: n });
  }
  return out;
}

/** Fewest quarters of the company's own multiple its median is taken over. */
export const MIN_MEDIAN_QUARTERS = 4;

/** The day ten years before a day (29 February to 28 February). */
function tenYearsBefore(date: string): string {
  const [y, m, d] = date.split('-');
  const year = Number(y) - VALUE_LINE_YEARS;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const day = m === '02' && d === '29' && !leap ? '28' : d;
  return `${String(year).padStart(4, '0')}-${m}-${day}`;
}

/**
 * The company's median multiple known on `day` (decision 164): over the quarters public by
 * then whose period ended in the ten years before the newest of them. Exact (the median of
 * exact multiples, rounded once to 10 places, never to the 2 shown); null with fewer than
 * MIN_MEDIAN_QUARTERS. Without a day, over every quarter (what is known today).
 */
export function companyMedianAt(
  multiples: readonly QuarterMultiple[],
  day?: string,
): { median: number | null; quarters: number } {
  const known = day === undefined ? multiples : multiples.filter((q) => q.from <= day);
  let newest = '';
  for (const q of known) if (q.date > newest) newest = q.date;
  if (!newest) return { median: null, quarters: 0 };
  const from = tenYearsBefore(newest);
  const within = known.filter((q) => q.date > from).map((q) => q.multiple);
  return {
    median: within.length >= MIN_MEDIAN_QUARTERS ? exactMedian(within) : null,
    quarters: within.length,
  };
}

/** The company's median multiple known today (every quarter public): the one the note shows. */
export function companyMedianMultiple(
  typeId: ValueLineTypeId,
  bases: readonly QuarterBase[],
  closes: readonly DailyClose[],
): { median: number | null; quarters: number } {
  return companyMedianAt(quarterMultiples(typeId, bases, closes));
}

/** The company's median as a line's multiple: at each step the median known on its day. */
export function companyMultipleAsOf(
  typeId: ValueLineTypeId,
  bases: readonly QuarterBase[],
  closes: readonly DailyClose[],
): MultipleAsOf {
  const multiples = quarterMultiples(typeId, bases, closes);
  return {
    at: (day) => companyMedianAt(multiples, day).median,
    missing: `Not meaningful: fewer than ${MIN_MEDIAN_QUARTERS} quarters of the company’s own ${MODELS[typeId].name} known by then`,
  };
}

/* ------------------------------------------------------------ inputs from records */

/**
 * A valuation model's input from a saved record (a pitch, a shared version): the model's own
 * fields by name. Missing fields come through as undefined, and computeValuation says which.
 */
export function modelInputOf(
  typeId: ValueLineTypeId,
  fields: Readonly<Record<string, unknown>>,
): ValuationModelInput {
  const input: Record<string, unknown> = { valuation_type_id: typeId };
  for (const field of Object.keys(MODELS[typeId].fieldLabels)) input[field] = fields[field];
  return input as unknown as ValuationModelInput;
}

/**
 * The company view's model (no valuation open): the newest quarter's figures, no growth over a
 * one-year hold, so a step is the figure times the multiple (the classic earnings line); a DCF
 * takes the form's defaults with no stage-one growth. Null without a quarter that has figures.
 */
export function plainModel(
  typeId: ValueLineTypeId,
  bases: readonly QuarterBase[],
  price: number,
  multiple: number,
  dcf: { stageOneYears: number; terminalGrowth: number; discountRate: number },
): ValuationModelInput | null {
  const latest = [...bases].reverse().find((b) => b.fields !== null);
  if (!latest || !latest.fields) return null;
  const common = { market_price: price > 0 ? price : 1, holding_period: 1 };
  switch (typeId) {
    case 1:
      return {
        valuation_type_id: 1,
        earnings_per_share: latest.fields.earnings_per_share!,
        growth_ratein_eps: 0,
        forward_multiple: multiple,
        ...common,
      };
    case 2:
      return {
        valuation_type_id: 2,
        book_value_per_share: latest.fields.book_value_per_share!,
        growth_in_bookvalue: 0,
        forward_multiple: multiple,
        ...common,
      };
    case 3:
      return {
        valuation_type_id: 3,
        revenue_per_share: latest.fields.revenue_per_share!,
        revenue_per_share_growth_rate: 0,
        forward_multiple: multiple,
        ...common,
      };
    case 4:
      return {
        valuation_type_id: 4,
        ebitda: latest.fields.ebitda!,
        ebitda_growth: 0,
        forward_multiple: multiple,
        debt: latest.fields.debt!,
        cash_and_cash_equivalents: latest.fields.cash_and_cash_equivalents!,
        shares_outstanding: latest.fields.shares_outstanding!,
        ...common,
      };
    case 5:
      return {
        valuation_type_id: 5,
        free_cash_flow_per_share: latest.fields.free_cash_flow_per_share!,
        stage_one_growth: 0,
        stage_one_years: dcf.stageOneYears,
        terminal_growth: dcf.terminalGrowth,
        discount_rate: dcf.discountRate,
        ...common,
      };
  }
}
