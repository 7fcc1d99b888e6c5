import type { MarketEnvelope } from '../../shared/market';
import { sectorMedians } from '../../shared/screener/peers';
import { VALUE_LINE_MAX_YEARS } from '../../shared/valuation/line-span';
import { VALUE_LINE_QUARTERS, type QuarterFigures } from '../../shared/valuation/value-line';
import type { ValueLineData } from '../../shared/valuation/value-line-api';
import { NotFoundError } from '../lib/errors';
import { logger } from '../lib/logger';
import { storedSnapshot } from '../screener/current';
import { ProviderPlanError } from './errors';
import { FRESH_MS, type MarketService } from './service';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const day = (v: unknown): string | null =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null;

/**
 * The cached reads a value line's data makes (each a provider call on a miss), with how long
 * each stays fresh: the quota bench charges them to every company view.
 */
export const VALUE_LINE_READS: readonly (readonly [string, number])[] = [
  ['statement-income-quarter', FRESH_MS.day],
  ['statement-balance-quarter', FRESH_MS.day],
  ['statement-cashflow-quarter', FRESH_MS.day],
  ['splits', FRESH_MS.day],
  ['closes-twenty-years', FRESH_MS.daily],
];

/**
 * The first of December twenty-one years before the market day's year: one cache key for the
 * closes all year, the twenty years a line may be drawn over (decision 199) and a close at every
 * quarter end of the statements the line reads before them (the company's own multiples).
 */
export function closesFrom(marketDay: string): string {
  return `${Number(marketDay.slice(0, 4)) - VALUE_LINE_MAX_YEARS - 2}-12-01`;
}

/**
 * The first of December eleven years before the market day's year: the closes the company's
 * ten-year median P/E known on the day needs (a close at each quarter end of its ten years), and
 * no more. The market map's value (decision 195) reads these daily, for every company: half the
 * twenty years a line may be drawn over.
 */
export function medianClosesFrom(marketDay: string): string {
  return `${Number(marketDay.slice(0, 4)) - 12}-12-01`;
}

const later = (a: string | null | undefined, b: string | null): string | null =>
  b === null ? (a ?? null) : a == null || b > a ? b : a;
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * Quarterly rows of the three statements merged by period end, oldest first. A quarter's
 * filing and acceptance dates are the latest of its statements' (each is the same filing as a
 * rule): the day its figures became public (decision 160).
 */
export function quarterFigures(
  income: readonly Record<string, unknown>[],
  balance: readonly Record<string, unknown>[],
  cashFlow: readonly Record<string, unknown>[],
): QuarterFigures[] {
  const byDate = new Map<string, QuarterFigures>();
  const at = (date: string): QuarterFigures => {
    let q = byDate.get(date);
    if (!q) {
      q = {
        date,
        filingDate: null,
        acceptedDate: null,
        epsDiluted: null,
        revenue: null,
        ebitda: null,
        dilutedShares: null,
        equity: null,
        debt: null,
        cash: null,
        operatingCashFlow: null,
        capitalExpenditure: null,
      };
      byDate.set(date, q);
    }
    return q;
  };
  const filed = (q: QuarterFigures, r: Record<string, unknown>) => {
    q.filingDate = later(q.filingDate, day(r.filingDate ?? r.fillingDate));
    q.acceptedDate = later(q.acceptedDate, text(r.acceptedDate));
    return q;
  };
  for (const r of income) {
    const date = day(r.date);
    if (!date) continue;
    Object.assign(filed(at(date), r), {
      epsDiluted: num(r.epsdiluted ?? r.epsDiluted),
      revenue: num(r.revenue),
      ebitda: num(r.ebitda),
      dilutedShares: num(r.weightedAverageShsOutDil),
    });
  }
  for (const r of balance) {
    const date = day(r.date);
    if (!date) continue;
    Object.assign(filed(at(date), r), {
      equity: num(r.totalStockholdersEquity),
      debt: num(r.totalDebt),
      cash: num(r.cashAndCashEquivalents),
    });
  }
  for (const r of cashFlow) {
    const date = day(r.date);
    if (!date) continue;
    Object.assign(filed(at(date), r), {
      operatingCashFlow: num(r.operatingCashFlow ?? r.netCashProvidedByOperatingActivities),
      capitalExpenditure: num(r.capitalExpenditure),
    });
  }
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}

/**
 * What a value line is computed from, through the market cache (the company view's quarterly
 * statements share their cache items): the quarters, splits and closes of a symbol, and its
 * sector's medians from the screener snapshot held in memory. A symbol with neither statements
 * nor prices is not found.
 */
export async function valueLineData(
  service: MarketService,
  symbol: string,
  marketDay: string,
): Promise<MarketEnvelope<ValueLineData>> {
  const [income, balance, cashFlow, closes, splits, snapshot] = await Promise.all([
    service.statements('income', symbol, 'quarter', VALUE_LINE_QUARTERS),
    service.statements('balance', symbol, 'quarter', VALUE_LINE_QUARTERS),
    service.statements('cashflow', symbol, 'quarter', VALUE_LINE_QUARTERS),
    service.closes(symbol, closesFrom(marketDay)),
    // A plan without splits: the statements and prices are taken as restated (value-line.ts).
    service.splits(symbol).catch((error: unknown) => {
      if (error instanceof ProviderPlanError) return null;
      throw error;
    }),
    storedSnapshot().catch((error: unknown) => {
      logger.warn('value line without sector medians: the screener snapshot could not be read', {
        error: error as Error,
      });
      return null;
    }),
  ]);
  const quarters = quarterFigures(income.data, balance.data, cashFlow.data);
  if (quarters.length === 0 && closes.data.length === 0)
    throw new NotFoundError(`We could not find a company with the symbol ${symbol}.`);
  const sector = snapshot?.rows.find((r) => r.symbol === symbol)?.sector ?? null;
  const medians = snapshot ? sectorMedians(snapshot.rows, sector).medians : null;
  const parts = [income, balance, cashFlow, closes, ...(splits ? [splits] : [])];
  return {
    data: {
      symbol,
      quarters,
      splits: (splits?.data ?? []).map((s) => ({
        date: String(s.date).slice(0, 10),
        numerator: Number(s.numerator),
        denominator: Number(s.denominator),
      })),
      closes: [...closes.data].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)),
      sector,
      sectorMedians: {
        pe: medians?.pe.median ?? null,
        pb: medians?.pb.median ?? null,
        ps: medians?.ps.median ?? null,
        evEbitda: medians?.evEbitda.median ?? null,
      },
    },
    source: service.source,
    stale: parts.some((p) => p.stale),
    asOf: parts.map((p) => p.asOf).sort()[0] ?? new Date().toISOString(),
  };
}
