import type { ValuationTypeId } from '../domain/valuation-types';
import { formatNumber } from '../format/money';
import { MODELS } from './models';
import { holdPeriodSuffix } from './outcomes';

/**
 * What an assumption of a model is measured in, as the valuation panel shows it beside its
 * field: a growth or a DCF rate in %, stage-one years and the hold period in years, a
 * multiple as "x", EV/EBITDA's company figures in millions, per-share figures and the price
 * in dollars.
 */
export type AssumptionUnit = 'percent' | 'years' | 'hold' | 'multiple' | 'millions' | 'dollars';

export function assumptionUnit(typeId: ValuationTypeId, field: string): AssumptionUnit {
  const model = MODELS[typeId] as { growthField: string } | undefined;
  if (field === model?.growthField || field === 'terminal_growth' || field === 'discount_rate')
    return 'percent';
  if (field === 'stage_one_years') return 'years';
  if (field === 'holding_period') return 'hold';
  if (field === 'forward_multiple') return 'multiple';
  if (field === 'market_price') return 'dollars';
  // EV/EBITDA's EBITDA, debt, cash and shares are the company's, in millions.
  if (typeId === 4) return 'millions';
  return 'dollars';
}

/** An assumption with its unit: "8.50%", "4 years", "18.00x", "130,000.00 M", "$6.50". */
export function formatAssumption(
  typeId: ValuationTypeId,
  field: string,
  value: number | null | undefined,
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'n/a';
  switch (assumptionUnit(typeId, field)) {
    case 'percent':
      return `${formatNumber(value, 2)}%`;
    case 'years':
      return `${value} ${value === 1 ? 'year' : 'years'}`;
    case 'hold':
      return `${value} ${holdPeriodSuffix(value)}`;
    case 'multiple':
      return `${formatNumber(value, 2)}x`;
    case 'millions':
      return `${formatNumber(value, 2)} M`;
    case 'dollars':
      return value < 0 ? `-$${formatNumber(-value, 2)}` : `$${formatNumber(value, 2)}`;
  }
}
