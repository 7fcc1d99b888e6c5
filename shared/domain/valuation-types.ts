/**
 * The valuation methodologies (spec/001 section 1: 1 = P/E, 2 = P/B, 3 = P/S, 4 = EV/EBITDA;
 * issue 23 adds 5 = DCF, a two-stage discounted cash flow: decision 127).
 */
export const VALUATION_TYPES = [
  { id: 1, valuation_name: 'P/E' },
  { id: 2, valuation_name: 'P/B' },
  { id: 3, valuation_name: 'P/S' },
  { id: 4, valuation_name: 'EV/EBITDA' },
  { id: 5, valuation_name: 'DCF' },
] as const;

export type ValuationType = (typeof VALUATION_TYPES)[number];
export type ValuationTypeId = ValuationType['id'];

export function listValuationTypes(): ValuationType[] {
  return VALUATION_TYPES.map((t) => ({ ...t }));
}

export function valuationTypeName(id: number): string | undefined {
  return VALUATION_TYPES.find((t) => t.id === id)?.valuation_name;
}
