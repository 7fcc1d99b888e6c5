import { addDays } from './days';
import { splitFactor } from './history';
import { D } from './money';

/**
 * A trade's price against the day's traded range (decision 177). The provider's daily bars are
 * in today's shares (every price before a split divided by its ratio); a trade's price is in
 * the shares of its day, so the range is taken back to that day's shares before comparing.
 *
 * A price below the day's low or above its high by more than PRICE_RANGE_MARGIN is refused with
 * the range named. A trade dated on a day without a bar (a weekend, a holiday) is compared with
 * the last bar up to RANGE_LOOKBACK_DAYS before it; without one it is refused: the stock did not
 * trade then.
 */

/** How far outside the day's low and high a price may be (rounding of old split-adjusted prices). */
export const PRICE_RANGE_MARGIN = 0.1;
/** A trade dated on a day without a bar takes the range of the last bar this many days before. */
export const RANGE_LOOKBACK_DAYS = 4;

export interface DayRange {
  low: number;
  high: number;
}

export interface PricedRow {
  line: number;
  date: string;
  symbol: string;
  price: number;
}

const usd = (n: number) =>
  `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: n < 1 ? 6 : 2 })}`;

/**
 * The reason a trade's price is refused, or null when it is within the day's range (give or take
 * the margin). `ranges` are the symbol's daily ranges in today's shares, by day; `splits` its
 * splits (all of them: the bars are adjusted for every one).
 */
export function priceProblem(
  row: PricedRow,
  ranges: ReadonlyMap<string, DayRange>,
  splits: readonly { date: string; numerator: number; denominator: number }[],
): string | null {
  let day = row.date;
  let range = ranges.get(day);
  for (let back = 1; !range && back <= RANGE_LOOKBACK_DAYS; back++) {
    day = addDays(row.date, -back);
    range = ranges.get(day);
  }
  if (!range) return `${row.symbol} has no traded price on or in the 4 days before ${row.date}`;
  // The range in the shares of the trade's day: the provider divided it by the later splits.
  const factor = splitFactor(
    splits
      .filter((s) => s.numerator > 0 && s.denominator > 0)
      .map((s) => ({ ...s, date: s.date.slice(0, 10) })),
  )(row.date);
  const low = new D(range.low).times(factor).toNumber();
  const high = new D(range.high).times(factor).toNumber();
  if (row.price >= low * (1 - PRICE_RANGE_MARGIN) && row.price <= high * (1 + PRICE_RANGE_MARGIN))
    return null;
  const when =
    day === row.date ? `on ${row.date}` : `on ${day}, its last trading day before ${row.date}`;
  return `The price ${usd(row.price)} is outside ${row.symbol}'s traded range ${when} (${usd(low)} to ${usd(high)} a share${factor.eq(1) ? '' : " in that day's shares"}) by more than ${PRICE_RANGE_MARGIN * 100}%`;
}
