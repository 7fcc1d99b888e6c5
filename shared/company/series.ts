/**
 * Chart series for the company detail view: points oldest to newest, negatives shown as 0
 * where the catalogue says so (spec/001 section 5: P/E, P/B, P/S, P/FCF, with the axis
 * starting at 0), bar colours by sign (spec/001 section 9: positive green, negative red),
 * axis labels per frequency and tooltips with the exact value and date.
 *
 * A clamped point's tooltip still tells the real figure ("-12.34 ... (negative, shown as 0)"):
 * the chart hides a meaningless negative multiple, the reader is not misled about it.
 */

import {
  formatAxisDate,
  formatDisplayDate,
  statementAxisFormat,
  type AxisDateFormat,
} from '../format/dates';
import { formatExactValue, formatValue, isFiniteNumber, type ValueFormat } from '../format/money';
import { isChartItem, type CatalogueItem } from './catalogue';
import { statementColumnLabel, type StatementRowMeta } from './figures';
import { sortOldestFirst } from './periods';

export type Sign = 'positive' | 'negative';

/** Bar colours by sign. */
export const BAR_COLOURS: Record<Sign, string> = { positive: '#16a34a', negative: '#dc2626' };

export type SeriesRow = StatementRowMeta & { [field: string]: unknown };

export interface SeriesPoint {
  /** The row's date as the provider sent it. */
  date: string;
  /** Axis label: a price bar's time or day, a statement point's "Q3 2024" or "FY 2024". */
  label: string;
  /** The value plotted: the row's value, 0 for a clamped negative, null when missing. */
  value: number | null;
  /** The row's own value, null when missing. */
  raw: number | null;
  clamped: boolean;
  /** Sign of the raw value (colours a bar), null when missing. */
  sign: Sign | null;
  /** "Revenue: 94,836,000,000 on 2024-03-30". */
  tooltip: string;
}

export interface Series {
  itemId: string;
  title: string;
  format: ValueFormat;
  points: SeriesPoint[];
  /** The value axis minimum: 0 for items that clamp negatives, null to let the chart choose. */
  axisMin: number | null;
}

/** A number from a row field: finite numbers and numeric text; anything else is missing. */
export function readNumber(value: unknown): number | null {
  if (isFiniteNumber(value)) return value;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

export interface SeriesOptions {
  /** Axis date format; price charts pass their period's. Statement items default to "Q3 2024" / "FY 2024". */
  dateFormat?: AxisDateFormat;
}

/** Builds the series of a chart item from its rows (any order; the result runs oldest to newest). */
export function buildSeries(
  item: CatalogueItem,
  rows: readonly SeriesRow[],
  options: SeriesOptions = {},
): Series {
  if (!isChartItem(item)) throw new TypeError(`${item.id} is a panel, not a chart`);
  const { field, format, title } = item;
  const points = sortOldestFirst(rows).map((row): SeriesPoint => {
    const raw = readNumber(row[field]);
    const clamped = item.clampNegatives && raw !== null && raw < 0;
    const value = raw === null ? null : clamped ? 0 : raw;
    const dateText = formatDisplayDate(row.date, { withTime: 'auto' });
    const note = clamped ? ' (negative, shown as 0)' : '';
    return {
      date: row.date,
      label: axisLabel(item, row, options.dateFormat),
      value,
      raw,
      clamped,
      sign: raw === null ? null : raw < 0 ? 'negative' : 'positive',
      tooltip: `${baseTitle(title)}: ${formatExactValue(raw, format)} on ${dateText}${note}`,
    };
  });
  return { itemId: item.id, title, format, points, axisMin: item.clampNegatives ? 0 : null };
}

function axisLabel(
  item: CatalogueItem,
  row: SeriesRow,
  dateFormat: AxisDateFormat | undefined,
): string {
  if (dateFormat) return formatAxisDate(row.date, dateFormat);
  if (item.frequency === 'annual' || item.frequency === 'quarter') {
    return row.period || row.calendarYear || row.fiscalYear
      ? statementColumnLabel(row, item.frequency)
      : formatAxisDate(row.date, statementAxisFormat(item.frequency));
  }
  return formatDisplayDate(row.date, { withTime: 'auto' });
}

/** "Revenue (Quarterly)" -> "Revenue" for tooltips. */
function baseTitle(title: string): string {
  return title.replace(/ \((Quarterly|Annual)\)$/, '');
}

/** Value-axis label of an item's format (M/B/T for money, 2 decimals otherwise). */
export function axisValueLabel(value: number, format: ValueFormat): string {
  return formatValue(value, format);
}
