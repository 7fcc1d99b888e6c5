import * as z from 'zod/mini';
import '../schemas/zod-messages';
import { isoDate } from '../schemas/common';

/**
 * The value line's span (decision 199): a preset (five, ten or twenty years to the last close,
 * or as far back as the closes go, twenty years at most) or two dates, kept in the address as
 * `lineRange=5y|20y|max` (absent: ten years) or `lineFrom=YYYY-MM-DD&lineTo=YYYY-MM-DD`.
 */

/** The most years a line is drawn over: the reads cover them (VALUE_LINE_QUARTERS, closesFrom). */
export const VALUE_LINE_MAX_YEARS = 20;

export const LINE_RANGE_PARAM = 'lineRange';
export const LINE_FROM_PARAM = 'lineFrom';
export const LINE_TO_PARAM = 'lineTo';

export const LINE_PRESETS = ['5y', '10y', '20y', 'max'] as const;
export type LinePreset = (typeof LINE_PRESETS)[number];
export const DEFAULT_PRESET = '10y' satisfies LinePreset;
const PRESET_YEARS: Record<Exclude<LinePreset, 'max'>, number> = { '5y': 5, '10y': 10, '20y': 20 };

/** The address's span parameters, each optional; dates in YYYY-MM-DD form. */
export const lineSpanParams = z.object({
  range: z.optional(z.enum(LINE_PRESETS, { message: 'Choose 5Y, 10Y, 20Y or Max' })),
  from: z.optional(isoDate),
  to: z.optional(isoDate),
});

export type LineSpan =
  | { kind: 'preset'; preset: LinePreset }
  | { kind: 'dates'; from: string | null; to: string | null };

/**
 * The span the address asks for, and what was wrong with it (the default is used then): the
 * dates when either is given, else the preset.
 */
export function lineSpanOf(params: URLSearchParams): { span: LineSpan; problem: string | null } {
  const read = (name: string) => params.get(name) ?? undefined;
  const parsed = z.safeParse(lineSpanParams, {
    range: read(LINE_RANGE_PARAM),
    from: read(LINE_FROM_PARAM),
    to: read(LINE_TO_PARAM),
  });
  const fallback: LineSpan = { kind: 'preset', preset: DEFAULT_PRESET };
  if (!parsed.success)
    return { span: fallback, problem: parsed.error.issues[0]?.message ?? 'Not a range' };
  const { range, from, to } = parsed.data;
  if (from !== undefined || to !== undefined) {
    if (from !== undefined && to !== undefined && from >= to)
      return { span: fallback, problem: 'The start date must be before the end date.' };
    return { span: { kind: 'dates', from: from ?? null, to: to ?? null }, problem: null };
  }
  return { span: { kind: 'preset', preset: range ?? DEFAULT_PRESET }, problem: null };
}

/** The address's parameters for a span, the others kept. */
export function withLineSpan(prev: URLSearchParams, span: LineSpan): URLSearchParams {
  const out = new URLSearchParams(prev);
  out.delete(LINE_RANGE_PARAM);
  out.delete(LINE_FROM_PARAM);
  out.delete(LINE_TO_PARAM);
  if (span.kind === 'preset') {
    if (span.preset !== DEFAULT_PRESET) out.set(LINE_RANGE_PARAM, span.preset);
  } else {
    if (span.from) out.set(LINE_FROM_PARAM, span.from);
    if (span.to) out.set(LINE_TO_PARAM, span.to);
  }
  return out;
}

/** The same day `years` years before (29 February to 28 February). */
export function yearsBefore(day: string, years: number): string {
  const [y, m, d] = day.split('-');
  const year = Number(y) - years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return `${String(year).padStart(4, '0')}-${m}-${m === '02' && d === '29' && !leap ? '28' : d}`;
}

/**
 * The first and last day a span draws over closes from `first` to `last` (the line's closes):
 * never after the last close nor more than VALUE_LINE_MAX_YEARS before the span's end; `from`
 * is the earliest a day may be (the line starts later where the closes or its figures do).
 */
export function spanBounds(
  span: LineSpan,
  first: string,
  last: string,
): { from: string; to: string } {
  const to = span.kind === 'dates' && span.to && span.to < last ? span.to : last;
  const floor = yearsBefore(to, VALUE_LINE_MAX_YEARS);
  let from: string;
  if (span.kind === 'dates') from = span.from ?? yearsBefore(to, PRESET_YEARS['10y']);
  else if (span.preset === 'max') from = first;
  else from = yearsBefore(to, PRESET_YEARS[span.preset]);
  if (from < floor) from = floor;
  if (from < first) from = first;
  return { from, to };
}

/** The presets as the range choice names them. */
export const PRESET_LABELS: Record<LinePreset, string> = {
  '5y': '5Y',
  '10y': '10Y',
  '20y': '20Y',
  max: 'Max',
};
