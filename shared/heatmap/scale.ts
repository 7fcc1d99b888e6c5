/*
 * The market map's colours (decisions 152, 167): a diverging scale from red (falls) through grey
 * (little change) to green (rises) in seven steps whose edges widen with the period, and the
 * legend drawn from the same steps, so a tile's colour and the legend never disagree. The steps
 * grow lighter from the largest fall to the largest rise (OKLCH lightness 0.34 to 0.84), so a
 * reader who cannot tell red from green reads the direction and the size of a move from the
 * lightness alone; each step has the text colour that reads on it (contrast at least 4.5:1).
 */

export const HEATMAP_PERIODS = ['1D', '1W', '1M', '3M', '6M', '1Y', 'YTD'] as const;
export type HeatmapPeriod = (typeof HEATMAP_PERIODS)[number];

export const HEATMAP_PERIOD_LABELS: Record<HeatmapPeriod, string> = {
  '1D': '1 day',
  '1W': '1 week',
  '1M': '1 month',
  '3M': '3 months',
  '6M': '6 months',
  '1Y': '1 year',
  YTD: 'Year to date',
};

/**
 * How the map names the change of a period in its sentences: the one-day change is the move of
 * the snapshot's session, "today" only when that session is today (New York days, YYYY-MM-DD).
 */
export function changeWords(period: HeatmapPeriod, session: string | null, today: string): string {
  switch (period) {
    case '1D':
      return session === null ? 'over 1 day' : session === today ? 'today' : `on ${session}`;
    case '1W':
      return 'over 1 week';
    case '1M':
      return 'over 1 month';
    case '3M':
      return 'over 3 months';
    case '6M':
      return 'over 6 months';
    case '1Y':
      return 'over 1 year';
    case 'YTD':
      return 'year to date';
  }
}

/** The change (percent) at which the scale reaches full red or green, by period. */
export const HEATMAP_EXTENT: Record<HeatmapPeriod, number> = {
  '1D': 3,
  '1W': 6,
  '1M': 10,
  '3M': 18,
  '6M': 24,
  '1Y': 30,
  YTD: 30,
};

/** Colours from the largest fall to the largest rise, each lighter than the one before. */
export const HEATMAP_COLOURS = [
  '#6c0910',
  '#822b2c',
  '#845050',
  '#747474',
  '#69a275',
  '#6ac67a',
  '#79e784',
] as const;

/** The text colour on each step: white on the darker four, near-black on the lighter three. */
export const HEATMAP_TEXT_COLOURS = [
  '#ffffff',
  '#ffffff',
  '#ffffff',
  '#ffffff',
  '#0b0f14',
  '#0b0f14',
  '#0b0f14',
] as const;

/** A company with no change to show: an outlined tile in the map's background colour. */
export const NO_CHANGE_COLOUR = '#151b23';
export const NO_CHANGE_OUTLINE = '#6b7280';
export const NO_CHANGE_TEXT = '#ffffff';

export interface LegendStep {
  colour: string;
  /** The text colour that reads on it. */
  text: string;
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
    return { colour, text: HEATMAP_TEXT_COLOURS[i]!, from, to, label };
  });
}

const steps = new Map<HeatmapPeriod, LegendStep[]>();

/** The legend step a change (percent) over a period falls in; null when unknown. */
export function changeStep(
  change: number | null | undefined,
  period: HeatmapPeriod,
): LegendStep | null {
  if (typeof change !== 'number' || !Number.isFinite(change)) return null;
  let list = steps.get(period);
  if (!list) {
    list = legendSteps(period);
    steps.set(period, list);
  }
  for (const step of list) if (change < step.to) return step;
  return list[list.length - 1]!;
}

/** The colour of a change (percent) over a period: the step it falls in; unknown is NO_CHANGE_COLOUR. */
export function changeColour(change: number | null | undefined, period: HeatmapPeriod): string {
  return changeStep(change, period)?.colour ?? NO_CHANGE_COLOUR;
}

/** The text colour on a change's tile. */
export function changeTextColour(change: number | null | undefined, period: HeatmapPeriod): string {
  return changeStep(change, period)?.text ?? NO_CHANGE_TEXT;
}

/* ------------------------------------------------ colouring by value (decision 195) */

/**
 * What the map's colour shows: the change over a period, the price against the value at the
 * company's ten-year median P/E, or against the signed-in user's own saved pitch.
 */
export const HEATMAP_COLOURINGS = ['change', 'value', 'pitch'] as const;
export type HeatmapColouring = (typeof HEATMAP_COLOURINGS)[number];

export const HEATMAP_COLOURING_LABELS: Record<HeatmapColouring, string> = {
  change: 'Change',
  value: 'vs 10-yr median P/E value',
  pitch: 'vs my pitch',
};

/** The premium (percent) at which the value scale reaches full green (discount) or red (premium). */
export const VALUE_EXTENT = 50;

/**
 * The seven steps of the value colouring: the same edges as a change's (±1/6, ±1/2, ±5/6 of
 * 50%), the colours reversed so that a discount is green and a premium red, the deepest
 * discount lightest; each labelled in words ("33% below"), never by colour alone.
 */
export function valueLegendSteps(): LegendStep[] {
  const e = VALUE_EXTENT;
  const edges = [-Infinity, (-5 * e) / 6, -e / 2, -e / 6, e / 6, e / 2, (5 * e) / 6, Infinity];
  const n = HEATMAP_COLOURS.length;
  const size = (i: number) => Math.round((e * Math.abs(i - 3)) / 3);
  return HEATMAP_COLOURS.map((_, i) => {
    const colour = HEATMAP_COLOURS[n - 1 - i]!;
    const label =
      i === 0
        ? `≥ ${e}% below`
        : i === n - 1
          ? `≥ ${e}% above`
          : i === 3
            ? 'At value'
            : `${size(i)}% ${i < 3 ? 'below' : 'above'}`;
    return {
      colour,
      text: HEATMAP_TEXT_COLOURS[n - 1 - i]!,
      from: edges[i]!,
      to: edges[i + 1]!,
      label,
    };
  });
}

let valueSteps: LegendStep[] | undefined;

/** The value legend's step a premium (percent) falls in; null when there is none. */
export function premiumStep(premium: number | null | undefined): LegendStep | null {
  if (typeof premium !== 'number' || !Number.isFinite(premium)) return null;
  valueSteps ??= valueLegendSteps();
  for (const step of valueSteps) if (premium < step.to) return step;
  return valueSteps[valueSteps.length - 1]!;
}

/** A premium in words, as tiles and lists show it: "23.4% below", "12.0% above", "At value". */
export function premiumText(premium: number): string {
  if (Math.abs(premium) < 0.05) return 'At value';
  return `${Math.abs(premium).toFixed(1)}% ${premium < 0 ? 'below' : 'above'}`;
}
