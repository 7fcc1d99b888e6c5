import { benchmarkReturn, daysBetween } from '../portfolio/xirr';
import { median } from '../screener/peers';
import { D, dec, toOutput } from '../valuation/decimal';
import { RECORD_MIN_DAYS, type RecordSummary, type ShareRecord } from './schemas';

/**
 * The record of a shared pitch against the market, and an investor's public record
 * (docs/decisions/128-public-pitch-sharing.md). Returns are percent (12.5 = 12.5 %), rounded
 * half up to 10 places like every other exposed figure; the index return uses the same
 * `benchmarkReturn` as the portfolios' S&P 500 comparison.
 */

const HUNDRED = new D(100);

/** Percent return between two prices, or null without two positive prices. */
export function percentReturn(then: number | null, now: number | null): number | null {
  if (then === null || now === null) return null;
  const ratio = benchmarkReturn(then, now);
  if (ratio === undefined) return null;
  // From the exact quotient (benchmarkReturn's number is only a gate): no float drift.
  return toOutput(dec(now).div(then).minus(1).times(HUNDRED));
}

export interface RecordInput {
  pitchedAt: string;
  priceThen: number;
  priceNow: number | null;
  indexThen: number | null;
  indexNow: number | null;
  /** The moment the record is computed for (ISO or ms). */
  now: string | number;
}

export function shareRecord(input: RecordInput): ShareRecord {
  const returnSince = percentReturn(input.priceThen, input.priceNow);
  const indexReturn = percentReturn(input.indexThen, input.indexNow);
  const vsIndex =
    returnSince === null || indexReturn === null
      ? null
      : toOutput(dec(returnSince).minus(indexReturn));
  const nowDate = typeof input.now === 'number' ? new Date(input.now) : input.now;
  const days = daysBetween(input.pitchedAt, nowDate);
  return {
    pitchedAt: input.pitchedAt,
    priceThen: input.priceThen,
    priceNow: input.priceNow,
    returnSince,
    indexThen: input.indexThen,
    indexNow: input.indexNow,
    indexReturn,
    vsIndex,
    daysSince: Number.isFinite(days) ? Math.max(0, Math.floor(days)) : 0,
  };
}

/** Whether a pitch counts on the public record: at least RECORD_MIN_DAYS old, with both returns. */
export function counts(record: ShareRecord): boolean {
  return record.daysSince >= RECORD_MIN_DAYS && record.vsIndex !== null;
}

function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return toOutput(values.reduce((sum, v) => sum.plus(v), new D(0)).div(values.length));
}

/**
 * The public record's figures over the pitches that count: hit rate (share ahead of the S&P
 * 500 since pitched; level with it is not ahead), average and median of the return against
 * the index, and of the return itself.
 */
export function recordSummary(records: readonly ShareRecord[]): RecordSummary {
  const counted = records.filter(counts);
  const vs = counted.map((r) => r.vsIndex!);
  const returns = counted.map((r) => r.returnSince!);
  const ahead = vs.filter((v) => v > 0).length;
  return {
    counted: counted.length,
    ahead,
    hitRate: counted.length === 0 ? null : toOutput(dec(ahead).div(counted.length).times(HUNDRED)),
    averageVsIndex: mean(vs),
    medianVsIndex: median(vs),
    averageReturn: mean(returns),
    medianReturn: median(returns),
  };
}
