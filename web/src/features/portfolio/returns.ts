import { formatNumber, formatPercent, formatPrice } from '../../../../shared/format/money';
import type { ReturnFigureView } from '../../../../shared/schemas/portfolio-api';

/** "12.34% p.a." annualised, "5.00% since inception" under a year, "unavailable" otherwise. */
export function formatReturn(figure: ReturnFigureView): string {
  if (figure.kind === 'unavailable') return 'unavailable';
  const rate = formatPercent(figure.rate, { fromFraction: true });
  return figure.kind === 'annualised' ? `${rate} p.a.` : `${rate} since inception`;
}

/** Why a figure is unavailable (a tooltip), or undefined. */
export function returnNote(figure: ReturnFigureView): string | undefined {
  return figure.kind === 'unavailable' ? figure.message : undefined;
}

/** Whole-cent amounts in USD: 12345 -> "$123.45"; null -> "N/A". */
export function formatCents(cents: number | null | undefined): string {
  return formatPrice(cents === null || cents === undefined ? null : cents / 100, 'USD');
}

export function formatUsd(value: number | null | undefined): string {
  return formatPrice(value, 'USD');
}

/** A share quantity: whole shares with separators, or up to 6 decimals without trailing zeros. */
export function formatQuantity(q: number): string {
  return Number.isInteger(q) ? formatNumber(q, 0) : formatNumber(q, 6).replace(/0+$/, '');
}

/** A yield or rate given as a fraction: 0.0345 -> "3.45%"; null -> "N/A". */
export function formatFraction(value: number | null): string {
  return value === null ? 'N/A' : formatPercent(value, { fromFraction: true });
}
