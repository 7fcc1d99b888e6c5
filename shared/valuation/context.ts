import { D, dec, toOutput } from './decimal';
import { growthRate, type YearValue } from './history';
import type { ValuationModelInput } from './models';
import { fcfPerShareSeries, yearSeries, type PrefillData } from './prefill';

/**
 * The context beside a valuation (issue 23, decision 127): the company's history of the
 * model's base figure and how it grew, and where the company's own multiple stands against
 * its sector's median ("vs peers", from the screener snapshot: shared/screener/peers.ts).
 */

/** Windows of the context panel's growth (years). */
export const CONTEXT_GROWTH_WINDOWS = [3, 5, 10] as const;

/** Annual entries shown: the latest and the ten years before it. */
export const CONTEXT_YEARS = 11;

export interface BaseHistory {
  label: string;
  unit: 'perShare' | 'millions';
  /** Newest first, at most CONTEXT_YEARS entries. */
  series: YearValue[];
  /** Compound annual growth over 3, 5 and 10 years, percent (null is N/A). */
  growth: { window: (typeof CONTEXT_GROWTH_WINDOWS)[number]; value: number | null }[];
}

export const BASE_LABELS: Record<1 | 2 | 3 | 4 | 5, string> = {
  1: 'EPS (diluted)',
  2: 'Book value per share',
  3: 'Revenue per share',
  4: 'EBITDA (millions)',
  5: 'FCF per share',
};

const MILLION = 1_000_000;

/** The company's history of the model's base figure (EBITDA in millions, as the form shows it). */
export function baseHistory(typeId: 1 | 2 | 3 | 4 | 5, data: PrefillData): BaseHistory {
  let series: YearValue[];
  switch (typeId) {
    case 1:
      series = yearSeries(data.annualIncome, (r) => r.epsDiluted);
      break;
    case 2:
      series = yearSeries(data.annualRatios, (r) => r.bookValuePerShare);
      break;
    case 3:
      series = yearSeries(data.annualRatios, (r) => r.revenuePerShare);
      break;
    case 4:
      series = yearSeries(data.annualIncome, (r) =>
        typeof r.ebitda === 'number' && Number.isFinite(r.ebitda)
          ? toOutput(dec(r.ebitda).div(MILLION))
          : null,
      );
      break;
    case 5:
      series = fcfPerShareSeries(data);
      break;
  }
  series = series.slice(0, CONTEXT_YEARS);
  return {
    label: BASE_LABELS[typeId],
    unit: typeId === 4 ? 'millions' : 'perShare',
    series,
    growth: CONTEXT_GROWTH_WINDOWS.map((window) => ({ window, value: growthRate(series, window) })),
  };
}

/**
 * The company's own figure to set against the sector median, from the form's inputs (so it
 * follows the user's edits): price / base for P/E, P/B, P/S; (price x shares + debt - cash) /
 * EBITDA for EV/EBITDA; FCF yield, FCF per share / price x 100, for the DCF. Null when the
 * figure has no meaning (a base at or below zero, a missing number).
 */
export function companyPeerFigure(input: ValuationModelInput): number | null {
  const finite = (...values: number[]) => values.every((v) => Number.isFinite(v));
  const price = input.market_price;
  switch (input.valuation_type_id) {
    case 1:
    case 2:
    case 3: {
      const base =
        input.valuation_type_id === 1
          ? input.earnings_per_share
          : input.valuation_type_id === 2
            ? input.book_value_per_share
            : input.revenue_per_share;
      if (!finite(base, price) || base <= 0 || price <= 0) return null;
      return toOutput(dec(price).div(base));
    }
    case 4: {
      const { ebitda, shares_outstanding: shares, debt, cash_and_cash_equivalents: cash } = input;
      if (!finite(ebitda, shares, debt, cash, price) || ebitda <= 0 || price <= 0) return null;
      const ev = dec(price).times(shares).plus(debt).minus(cash);
      return ev.lte(0) ? null : toOutput(ev.div(ebitda));
    }
    case 5: {
      const fcf = input.free_cash_flow_per_share;
      if (!finite(fcf, price) || price <= 0) return null;
      return toOutput(dec(fcf).div(price).times(new D(100)));
    }
  }
}
