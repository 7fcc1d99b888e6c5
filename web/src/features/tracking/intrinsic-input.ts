import { formatAmount } from '../../../../shared/tracking/format';

/**
 * The intrinsic value editor keeps thousands separators as the user types: "12345.6" shows
 * as "12,345.6". Anything but digits and the first decimal point is dropped.
 */
export function groupIntrinsicInput(text: string): string {
  const cleaned = text.replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  const intDigits = (dot < 0 ? cleaned : cleaned.slice(0, dot)).replace(/^0+(?=\d)/, '');
  const fraction = dot < 0 ? null : cleaned.slice(dot + 1).replace(/\./g, '');
  const grouped = intDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === null ? grouped : `${grouped || '0'}.${fraction}`;
}

/** The editor's starting text for a stored value: "1,234.50". */
export function intrinsicInputOf(value: number): string {
  return Number.isFinite(value) ? formatAmount(value) : '';
}
