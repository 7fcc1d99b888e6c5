import type { AnalystEstimate, MarketEnvelope } from '../../shared/market';
import type {
  EstimateRange,
  EstimatesData,
  FiscalYearEstimate,
} from '../../shared/valuation/estimates-api';
import { NotFoundError } from '../lib/errors';
import { ProviderPlanError } from './errors';
import { FRESH_MS, type MarketService } from './service';

/**
 * Fiscal years of analysts' estimates read (decision 185): the coming three and eleven already
 * reported, whose estimates are set against what was reported. One cache bucket (20 rows) per
 * symbol.
 */
export const ESTIMATE_YEARS = 14;
/**
 * Annual income statements read beside them (every reported year among those estimates): the
 * valuation panels' cache item (20 rows).
 */
export const ESTIMATE_REPORTED_YEARS = 12;

/**
 * The cached reads an estimates answer makes (each a provider call on a miss) and how long each
 * stays fresh: the quota bench charges them to every company view. The annual income
 * statements are the company view's own `income` read.
 */
export const ESTIMATES_READS: readonly (readonly [string, number])[] = [
  ['estimates', FRESH_MS.day],
  ['income', FRESH_MS.day],
];

/** What a market-data plan without the estimates endpoint says in their place. */
export const ESTIMATES_NOT_ON_PLAN =
  'Analysts’ estimates are not on this market-data plan: the value line shows reported figures only.';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const day = (v: unknown): string | null =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null;
const DAY_MS = 86_400_000;
const daysApart = (a: string, b: string) =>
  Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / DAY_MS;

/** A figure's consensus, or null without a mean. */
function range(
  avg: number | null,
  low: number | null,
  high: number | null,
  analysts: number | null,
): EstimateRange | null {
  return avg === null ? null : { avg, low, high, analysts };
}

/**
 * The provider's estimate rows, oldest first, each with the annual figures reported for its
 * fiscal year: the income statement whose period ended within 20 days of the estimate's date
 * (a 52/53-week year ends a few days off it). Rows without a date are left out.
 */
export function fiscalYearEstimates(
  estimates: readonly AnalystEstimate[],
  income: readonly Record<string, unknown>[],
): FiscalYearEstimate[] {
  const statements = income
    .map((r) => ({ row: r, date: day(r.date) }))
    .filter((s): s is { row: Record<string, unknown>; date: string } => s.date !== null);
  const byDate = new Map<string, FiscalYearEstimate>();
  for (const e of estimates) {
    const date = day(e.date);
    if (!date || byDate.has(date)) continue;
    const match = statements
      .filter((s) => daysApart(s.date, date) <= 20)
      .sort((a, b) => daysApart(a.date, date) - daysApart(b.date, date))[0];
    const r = match?.row;
    byDate.set(date, {
      date,
      eps: range(e.epsAvg, e.epsLow, e.epsHigh, e.numAnalystsEps),
      revenue: range(e.revenueAvg, e.revenueLow, e.revenueHigh, e.numAnalystsRevenue),
      // The provider counts EBITDA's analysts with revenue's.
      ebitda: range(e.ebitdaAvg, e.ebitdaLow, e.ebitdaHigh, e.numAnalystsRevenue),
      reported:
        match && r
          ? {
              date: match.date,
              filingDate: day(r.filingDate ?? r.fillingDate),
              acceptedDate: text(r.acceptedDate),
              eps: num(r.epsdiluted ?? r.epsDiluted),
              revenue: num(r.revenue),
              ebitda: num(r.ebitda),
            }
          : null,
    });
  }
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}

/**
 * A company's estimates through the market cache. A plan without the estimates endpoint (402)
 * answers no years and says why; a symbol with neither estimates nor statements is not found.
 */
export async function estimatesData(
  service: MarketService,
  symbol: string,
): Promise<MarketEnvelope<EstimatesData>> {
  const [estimates, income] = await Promise.all([
    service.estimates(symbol, ESTIMATE_YEARS).catch((error: unknown) => {
      if (error instanceof ProviderPlanError) return null;
      throw error;
    }),
    service.statements('income', symbol, 'annual', ESTIMATE_REPORTED_YEARS),
  ]);
  if ((estimates === null || estimates.data.length === 0) && income.data.length === 0)
    throw new NotFoundError(`We could not find a company with the symbol ${symbol}.`);
  const parts = estimates ? [estimates, income] : [income];
  return {
    data: {
      symbol,
      years: estimates ? fiscalYearEstimates(estimates.data, income.data) : [],
      unavailable: estimates ? null : ESTIMATES_NOT_ON_PLAN,
    },
    source: service.source,
    stale: parts.some((p) => p.stale),
    asOf: parts.map((p) => p.asOf).sort()[0] ?? new Date().toISOString(),
  };
}
