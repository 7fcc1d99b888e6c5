import {
  canDiscount,
  companyMedianMultiple,
  companyMultipleAsOf,
  currentValue,
  discountedSteps,
  pricesAgainstValue,
  quarterBases,
  splitAdjusted,
  valueLine,
  valueLineGaps,
  valueLineStatistics,
  type DayValue,
  type MultipleAsOf,
  type QuarterBase,
  type ValueLineStatistics,
  type ValueLineTypeId,
  type ValueStep,
} from '../../../../shared/valuation/value-line';
import { VALUE_LINE_MAX_YEARS } from '../../../../shared/valuation/line-span';
import type { ValuationModelInput } from '../../../../shared/valuation/models';
import type { ValueLineData } from '../../../../shared/valuation/value-line-api';

/**
 * Which multiple the line uses: the investor's own, the company's ten-year median (known at
 * each day), its sector's (today's, the only one there is: decision 164).
 */
export type MultipleChoice = 'mine' | 'company' | 'sector';

export const MULTIPLE_LABELS: Record<MultipleChoice, string> = {
  mine: 'My multiple',
  company: 'Company 10-yr median',
  sector: 'Sector median today',
};

const SECTOR_KEY = { 1: 'pe', 2: 'pb', 3: 'ps', 4: 'evEbitda' } as const;

/** The split-adjusted quarters' figures for a model (computed once per data and model). */
export function basesOf(data: ValueLineData, typeId: ValueLineTypeId): QuarterBase[] {
  return quarterBases(typeId, splitAdjusted(data.quarters, data.splits));
}

export interface Medians {
  company: { median: number | null; quarters: number };
  sector: number | null;
}

export function mediansOf(
  data: ValueLineData,
  typeId: ValueLineTypeId,
  bases: readonly QuarterBase[],
): Medians {
  return {
    company: companyMedianMultiple(typeId, bases, data.closes),
    sector: typeId === 5 ? null : data.sectorMedians[SECTOR_KEY[typeId]],
  };
}

/**
 * The multiple a choice gives: undefined for the model's own, null when there is none; the
 * company's median is the one known at each step's day.
 */
export function chosenMultiple(
  choice: MultipleChoice,
  medians: Medians,
  data: ValueLineData,
  typeId: ValueLineTypeId,
  bases: readonly QuarterBase[],
): number | MultipleAsOf | undefined | null {
  if (choice === 'mine') return undefined;
  if (choice === 'sector') return medians.sector;
  return medians.company.median === null ? null : companyMultipleAsOf(typeId, bases, data.closes);
}

/** Each quarter's period end (YYYY-MM-DD) to its filing date, for the quarters that give one. */
export function filingDates(data: ValueLineData): Map<string, string> {
  const out = new Map<string, string>();
  for (const q of data.quarters)
    if (q.filingDate) out.set(q.date.slice(0, 10), q.filingDate.slice(0, 10));
  return out;
}

export interface LineView {
  steps: ValueStep[];
  days: DayValue[];
  stats: ValueLineStatistics;
  gaps: { from: string; to: string; reason: string }[];
  current: ValueStep | null;
  /** Each quarter's period end to the day its statements were filed (the tooltip names both). */
  filed: ReadonlyMap<string, string>;
}

/** A line drawn beside the chosen one (decision 188): its name, colour and days. */
export interface ExtraLine {
  key: 'normal' | 'fixed';
  /** The legend's words, with its multiple. */
  name: string;
  /** A short name for the tooltip. */
  short: string;
  colour: string;
  days: DayValue[];
}

/** The fixed P/E drawn beside the line (FAST Graphs' 15x: the market's long-run average). */
export const FIXED_PE = 15;

/** The first and last day a line is drawn over (decision 199). */
export interface DaySpan {
  from: string;
  to: string;
}

/**
 * The line's days over a span: the closes to its end, from the later of its start, the line's
 * first step and a pitch's day; without a span, the ten years to the last close.
 */
function daysOver(
  steps: readonly ValueStep[],
  closes: ValueLineData['closes'],
  span: DaySpan | undefined,
  pitchFrom?: string,
): DayValue[] {
  if (!span) return pricesAgainstValue(steps, closes, pitchFrom ? { from: pitchFrom } : {});
  let end = closes.length;
  while (end > 0 && closes[end - 1]![0] > span.to) end--;
  let from = span.from;
  const first = steps[0]?.from;
  if (first && first > from) from = first;
  if (pitchFrom && pitchFrom > from) from = pitchFrom;
  return pricesAgainstValue(steps, end === closes.length ? closes : closes.slice(0, end), {
    from,
    years: VALUE_LINE_MAX_YEARS,
  });
}

/**
 * The days of the company view's plain line at another multiple (the company's median known on
 * each day, or a fixed one): the same steps `lineView` draws, without the statistics.
 */
export function plainLineDays(
  data: ValueLineData,
  model: ValuationModelInput,
  bases: readonly QuarterBase[],
  multiple: number | MultipleAsOf,
  span?: DaySpan,
): DayValue[] {
  const today = data.closes[data.closes.length - 1]?.[0];
  const steps = valueLine(model, bases, {
    latest: 'quarters',
    multiple,
    ...(today ? { today } : {}),
  });
  return daysOver(steps, data.closes, span);
}

/** Whether a model's value is one at the end of its hold (the multiples models; a DCF's is today's). */
export const endOfHoldModel = (model: ValuationModelInput) => model.valuation_type_id !== 5;

/**
 * The line, the days against it and their statistics, for one model and multiple. With a
 * discount rate, an end-of-hold model's values are discounted over its hold (decision 163).
 */
export function lineView(
  data: ValueLineData,
  model: ValuationModelInput,
  bases: readonly QuarterBase[],
  options: {
    multiple?: number | MultipleAsOf;
    latest: 'model' | 'quarters';
    pitchDate?: string;
    discountRate?: number;
    /** The days drawn (decision 199); without it, the ten years to the last close. */
    span?: DaySpan;
  },
): LineView {
  const today = data.closes[data.closes.length - 1]?.[0];
  const raw = valueLine(model, bases, {
    latest: options.latest,
    ...(options.multiple !== undefined ? { multiple: options.multiple } : {}),
    ...(options.pitchDate !== undefined ? { pitchDate: options.pitchDate } : {}),
    ...(today ? { today } : {}),
  });
  const rate = options.discountRate;
  const steps =
    rate !== undefined && endOfHoldModel(model) && canDiscount(model.holding_period, rate)
      ? discountedSteps(raw, model.holding_period, rate)
      : raw;
  const days = daysOver(steps, data.closes, options.span, options.pitchDate?.slice(0, 10));
  const span = options.span;
  return {
    steps,
    days,
    stats: valueLineStatistics(days),
    gaps: valueLineGaps(days),
    // A span that ends before today ends on the value that held on its last day.
    current: currentValue(
      span && today && span.to < today ? steps.filter((s) => s.from <= span.to) : steps,
    ),
    filed: filingDates(data),
  };
}
