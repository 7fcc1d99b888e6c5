import type { HeatmapCompany } from '../../../../../shared/heatmap/data';
import {
  changeStep,
  legendSteps,
  premiumStep,
  premiumText,
  valueLegendSteps,
  type HeatmapColouring,
  type HeatmapPeriod,
  type LegendStep,
} from '../../../../../shared/heatmap/scale';
import { premiumPercent, VALUE_GAP_LABELS } from '../../../../../shared/heatmap/value';
import type { ValuationRecord } from '../../../../../shared/schemas/valuation-api';

/** "+1.23%" with the sign, as the tiles show it. */
export function changeText(change: number | null): string {
  if (change === null) return 'N/A';
  return `${change > 0 ? '+' : ''}${change.toFixed(2)}%`;
}

/**
 * How the map colours its tiles (decision 195): each company's figure, the legend step it falls
 * in, the figure in words (the tiles' second line, the lists, the tooltip) and what a tile
 * without a figure means.
 */
export interface Shading {
  colouring: HeatmapColouring;
  /** The company's figure: its change, or its premium to its value (negative: a discount). */
  figure: (c: HeatmapCompany) => number | null;
  step: (c: HeatmapCompany) => LegendStep | null;
  /** The figure in words; the reason when there is none ("Loss", "No pitch"). */
  text: (c: HeatmapCompany) => string;
  legend: LegendStep[];
  /** The legend's entries for tiles without a figure. */
  none: string[];
  /** "their change today", "their price against their value at their 10-yr median P/E". */
  words: string;
  /** The legend's name: "change today", "price against value at the 10-yr median P/E". */
  scale: string;
}

/**
 * The value of each symbol's newest saved pitch (the list is newest first): its tracked
 * intrinsic value where the user edited it, else the pitch's own. Only the signed-in user's
 * pitches ever reach here: they come from their own pitch list (`myValuation`).
 */
export function pitchValues(pitches: readonly ValuationRecord[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of pitches) {
    const symbol = p.stock_symbol.toUpperCase();
    if (out.has(symbol)) continue;
    const value = p.tracked_intrinsic_value_per_share ?? p.intrinsic_value_per_share;
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) out.set(symbol, value);
  }
  return out;
}

const GAP_TEXT = { loss: 'Loss', history: 'No history' } as const;

export function shadingOf(
  colouring: HeatmapColouring,
  period: HeatmapPeriod,
  changeWords: string,
  pitches: ReadonlyMap<string, number> = new Map(),
): Shading {
  if (colouring === 'change')
    return {
      colouring,
      figure: (c) => c.changes[period],
      step: (c) => changeStep(c.changes[period], period),
      text: (c) => changeText(c.changes[period]),
      legend: legendSteps(period),
      none: ['N/A'],
      words: `their change ${changeWords}`,
      scale: `change ${changeWords}`,
    };
  if (colouring === 'value')
    return {
      colouring,
      figure: (c) => c.premium,
      step: (c) => premiumStep(c.premium),
      text: (c) => (c.premium !== null ? premiumText(c.premium) : c.gap ? GAP_TEXT[c.gap] : 'N/A'),
      legend: valueLegendSteps(),
      none: [VALUE_GAP_LABELS.loss, VALUE_GAP_LABELS.history],
      words: 'their price against their value at their own 10-yr median P/E',
      scale: 'price against value at the company’s 10-yr median P/E',
    };
  const premium = (c: HeatmapCompany) => {
    const value = pitches.get(c.symbol);
    return value === undefined ? null : premiumPercent(c.price, value);
  };
  return {
    colouring,
    figure: premium,
    step: (c) => premiumStep(premium(c)),
    text: (c) => {
      const p = premium(c);
      return p !== null ? premiumText(p) : 'No pitch';
    },
    legend: valueLegendSteps(),
    none: ['No pitch of mine'],
    words: 'their price against the value of my saved pitch',
    scale: 'price against my pitch’s value',
  };
}
