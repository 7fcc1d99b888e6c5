/*
 * The market map's colours (decision 152): a diverging scale from red (falls) through grey
 * (little change) to green (rises), in seven steps whose edges widen with the period, and the
 * legend drawn from the same steps, so a tile's colour and the legend never disagree.
 */

export const HEATMAP_PERIODS = ['1D', '1W', '1M', 'YTD'] as const;
export type HeatmapPeriod = (typeof HEATMAP_PERIODS)[number];

export const HEATMAP_PERIOD_LABELS: Record<HeatmapPeriod, string> = {
  '1D': 'Today',
  '1W': '1 week',
  '1M': '1 month',
  YTD: 'Year to date',
};

/** The change (percent) at which the scale reaches full red or green, by period. */
export const HEATMAP_EXTENT: Record<HeatmapPeriod, number> = {
  '1D': 3,
  '1W': 6,
  '1M': 10,
  YTD: 30,
};

/** Colours from the largest fall to the largest rise; white text reads on each (contrast >= 4.5). */
export const HEATMAP_COLOURS = [
  '#d32f2f',
  '#9c3a3f',
  '#5f4148',
  '#474b57',
  '#3b5a4a',
  '#2a7046',
  '#08872f',
] as const;

/** The colour of a company with no change to show. */
export const NO_CHANGE_COLOUR = '#6b7280';

export interface LegendStep {
  colour: string;
  /** The step's lower edge (percent); -Infinity for the first. */
  from: number;
  /** Its upper edge; +Infinity for the last. */
  to: number;
  label: string;
}

/** The seven steps of a period: edges at ±1/6, ±1/2 and ±5/6 of its extent. */
export function legendSteps(period: HeatmapPeriod): LegendStep[] {
  const e = HEATMAP_EXTENT[period];
  const edges = [-Infinity, (-5 * e) / 6, -e / 2, -e / 6, e / 6, e / 2, (5 * e) / 6, Infinity];
  const text = (n: number) => `${n > 0 ? '+' : ''}${Number(n.toFixed(1))}%`;
  return HEATMAP_COLOURS.map((colour, i) => {
    const from = edges[i]!;
    const to = edges[i + 1]!;
    const label =
      i === 0
        ? `≤ ${text(-e)}`
        : i === HEATMAP_COLOURS.length - 1
          ? `≥ ${text(e)}`
          : i === 3
            ? '0%'
            : text(i < 3 ? (-e * (3 - i)) / 3 : (e * (i - 3)) / 3);
    return { colour, from, to, label };
  });
}

const steps = new Map<HeatmapPeriod, LegendStep[]>();

/** The colour of a change (percent) over a period: the step it falls in; grey when unknown. */
export function changeColour(change: number | null | undefined, period: HeatmapPeriod): string {
  if (typeof change !== 'number' || !Number.isFinite(change)) return NO_CHANGE_COLOUR;
  let list = steps.get(period);
  if (!list) {
    list = legendSteps(period);
    steps.set(period, list);
  }
  for (const step of list) if (change < step.to) return step.colour;
  return list[list.length - 1]!.colour;
}
