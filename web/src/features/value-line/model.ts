import {
  companyMedianMultiple,
  currentValue,
  pricesAgainstValue,
  quarterBases,
  splitAdjusted,
  valueLine,
  valueLineGaps,
  valueLineStatistics,
  type DayValue,
  type QuarterBase,
  type ValueLineStatistics,
  type ValueLineTypeId,
  type ValueStep,
} from '../../../../shared/valuation/value-line';
import type { ValuationModelInput } from '../../../../shared/valuation/models';
import type { ValueLineData } from '../../../../shared/valuation/value-line-api';

/** Which multiple the line uses: the investor's own, the company's ten-year median, its sector's. */
export type MultipleChoice = 'mine' | 'company' | 'sector';

export const MULTIPLE_LABELS: Record<MultipleChoice, string> = {
  mine: 'My multiple',
  company: 'Company 10-yr median',
  sector: 'Sector median',
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

/** The multiple a choice gives: undefined for the model's own, null when there is none. */
export function chosenMultiple(
  choice: MultipleChoice,
  medians: Medians,
): number | undefined | null {
  if (choice === 'mine') return undefined;
  return choice === 'company' ? medians.company.median : medians.sector;
}

export interface LineView {
  steps: ValueStep[];
  days: DayValue[];
  stats: ValueLineStatistics;
  gaps: { from: string; to: string; reason: string }[];
  current: ValueStep | null;
}

/** The line, the days against it and their statistics, for one model and multiple. */
export function lineView(
  data: ValueLineData,
  model: ValuationModelInput,
  bases: readonly QuarterBase[],
  options: { multiple?: number; latest: 'model' | 'quarters'; pitchDate?: string },
): LineView {
  const today = data.closes[data.closes.length - 1]?.[0];
  const steps = valueLine(model, bases, {
    latest: options.latest,
    ...(options.multiple !== undefined ? { multiple: options.multiple } : {}),
    ...(options.pitchDate !== undefined ? { pitchDate: options.pitchDate } : {}),
    ...(today ? { today } : {}),
  });
  const days = pricesAgainstValue(
    steps,
    data.closes,
    options.pitchDate ? { from: options.pitchDate.slice(0, 10) } : {},
  );
  return {
    steps,
    days,
    stats: valueLineStatistics(days),
    gaps: valueLineGaps(days),
    current: currentValue(steps),
  };
}
