import { SPLITS } from './calibration.js';
import { dayOf } from './calendar.js';

/**
 * The demo market's figures as the provider serves them on the demo's day (decision 131).
 * The generator draws every price, volume and dividend in today's shares, as if every split in
 * the table had happened. The provider adjusts only for the splits it knows of: before a split,
 * its prices are in the old (unsplit) shares. So for an instant before a split, every price of
 * the symbol is multiplied by the split's ratio (and its volumes divided by it), and each
 * dividend's `adjDividend` with them; `dividend` is the amount paid per share on its day (every
 * later split undone). Statements and ratios keep today's shares (a company view pinned before
 * a split shows per-share figures on a later split's basis).
 */

const BY_SYMBOL = new Map<string, { day: number; ratio: number }[]>();
for (const s of SPLITS) {
  const list = BY_SYMBOL.get(s.symbol) ?? [];
  list.push({ day: dayOf(s.date), ratio: s.numerator / s.denominator });
  BY_SYMBOL.set(s.symbol, list);
}

/** The product of the ratios of the symbol's splits after `day` (1 when none). */
export function unsplitFactor(symbol: string, day: number): number {
  let factor = 1;
  for (const s of BY_SYMBOL.get(symbol) ?? []) if (s.day > day) factor *= s.ratio;
  return factor;
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

type Row = Record<string, unknown>;

function scale(
  row: Row,
  factor: number,
  prices: readonly string[],
  volumes: readonly string[],
): Row {
  const out: Row = { ...row };
  for (const key of prices)
    if (typeof out[key] === 'number') out[key] = round4((out[key] as number) * factor);
  for (const key of volumes)
    if (typeof out[key] === 'number') out[key] = Math.round((out[key] as number) / factor);
  return out;
}

const QUOTE_PRICES = [
  'price',
  'change',
  'dayLow',
  'dayHigh',
  'yearHigh',
  'yearLow',
  'priceAvg50',
  'priceAvg200',
  'open',
  'previousClose',
];

/** `rows` of `path` for `symbol` (or each row's own symbol) as served on `today` (a day number). */
export function asServedOn(path: string, symbol: string, rows: unknown, today: number): unknown {
  if (!Array.isArray(rows) || rows.length === 0) return rows;
  const factorOf = (row: Row) => unsplitFactor(String(row.symbol ?? symbol), today);
  const each = (fn: (row: Row, factor: number) => Row) =>
    (rows as Row[]).map((row) => {
      const factor = factorOf(row);
      return factor === 1 ? row : fn(row, factor);
    });
  if (path.startsWith('historical-chart/'))
    return unsplitFactor(symbol, today) === 1
      ? rows
      : (rows as Row[]).map((row) =>
          scale(row, unsplitFactor(symbol, today), ['open', 'low', 'high', 'close'], ['volume']),
        );
  switch (path) {
    case 'quote':
    case 'batch-quote':
    case 'batch-quote-short':
      return each((row, f) => scale(row, f, QUOTE_PRICES, ['volume']));
    case 'historical-price-eod/full':
      return each((row, f) =>
        scale(row, f, ['open', 'high', 'low', 'close', 'change', 'vwap'], ['volume']),
      );
    case 'historical-price-eod/light':
      return each((row, f) => scale(row, f, ['price'], ['volume']));
    case 'profile':
      return each((row, f) => {
        const out = scale(row, f, ['price', 'change', 'lastDividend'], ['volume', 'averageVolume']);
        const [low, high] = String(row.range ?? '')
          .split('-')
          .map(Number);
        if (Number.isFinite(low) && Number.isFinite(high))
          out.range = `${round4(low! * f)}-${round4(high! * f)}`;
        return out;
      });
    case 'company-screener':
      return each((row, f) => scale(row, f, ['price', 'lastAnnualDividend'], ['volume']));
    case 'dividends':
      return (rows as Row[]).map((row) => {
        const s = String(row.symbol ?? symbol);
        const perShare = Number(row.adjDividend);
        return {
          ...row,
          adjDividend: round4(perShare * unsplitFactor(s, today)),
          dividend: round4(perShare * unsplitFactor(s, dayOf(String(row.date)))),
        };
      });
    default:
      return rows;
  }
}
