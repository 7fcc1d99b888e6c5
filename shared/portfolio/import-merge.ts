import { activityKey, type SequenceRow, splitDuplicates } from './csv-import';

/**
 * How a file's rows meet a portfolio's own activity (decision 181). A duplicate is only a row
 * the portfolio really has: a flow, a trade, or a dividend it credited from a file. A dividend
 * the portfolio worked out itself from the market data is not a row of its own: a file's
 * dividend equal to it is taken (it stands in for it, as every dividend a file brings stands in
 * for those worked out up to its day), never skipped, so nothing is lost when the dividends of
 * the symbol are worked out again after the file.
 */
export function mergeRows<T extends SequenceRow>(input: {
  incoming: readonly T[];
  /** The portfolio's flows, trades and dividends credited from files. */
  own: readonly SequenceRow[];
  /** The dividends the portfolio worked out itself. */
  derived: readonly SequenceRow[];
}): {
  fresh: T[];
  duplicates: T[];
  /** The portfolio's activity the fresh rows are checked with: a derived dividend a file row stands in for is left out. */
  existing: SequenceRow[];
} {
  const { fresh, duplicates } = splitDuplicates(input.incoming, input.own);
  const replaced = new Map<string, number>();
  for (const row of fresh)
    if (row.type === 'dividend')
      replaced.set(activityKey(row), (replaced.get(activityKey(row)) ?? 0) + 1);
  const existing = [...input.own];
  for (const row of input.derived) {
    const key = activityKey(row);
    const n = replaced.get(key) ?? 0;
    if (n > 0) replaced.set(key, n - 1);
    else existing.push(row);
  }
  return { fresh, duplicates, existing };
}

/** The earliest day of a file's rows, whatever their order (the file may list the newest first). */
export function earliestDay(rows: readonly { date: string }[]): string | undefined {
  let first: string | undefined;
  for (const r of rows) if (first === undefined || r.date < first) first = r.date;
  return first;
}
