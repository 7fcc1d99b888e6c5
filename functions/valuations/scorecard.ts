import type { PitchScorecardResponse } from '../../shared/schemas/valuation-api';
import { PITCH_STATUS, type ValuationRecord } from '../../shared/schemas/valuation-api';
import {
  reportedFigures,
  scorePitch,
  scorecardSummary,
  type ReportedFigure,
} from '../../shared/tracking/scorecard';
import type { CashFlowRow, IncomeRow, RatiosRow } from '../../shared/valuation/prefill';
import { logger } from '../lib/logger';
import { marketService, type MarketService } from '../market/service';
import { cachedQuotes } from './quotes';
import { listValuations, type ValuationStore } from './store';
import { nowMs } from '../lib/clock';

/**
 * The pitch scorecard of one user (docs/decisions/092-pitch-scorecard.md): the tracked
 * pitches, the cached quote of each symbol, and per distinct symbol at most three cached reads
 * (the annual income statements, whose filing dates say when each year's figures were public,
 * decision 160; the annual ratios for P/B and P/S), all symbols in parallel; a DCF pitch also
 * reads the annual cash flow statements (its metric is FCF per share). Market data that cannot
 * be read gives null figures with a reason, never an error answer.
 */

/** Rows asked for: the valuation panels ask for as many, so both share one cached item. */
export const SCORECARD_ROWS = 11;

/** Every model: P/E and EV/EBITDA read their metric there, and every metric its filing date. */
const NEEDS_INCOME = new Set([1, 2, 3, 4, 5]);
const METRIC_IN_INCOME = new Set([1, 4, 5]);
const NEEDS_RATIOS = new Set([2, 3]);
/** DCF: FCF per share = (operating cash flow - capex) / diluted shares (decision 127). */
const NEEDS_CASH_FLOW = new Set([5]);

export interface SymbolReports {
  annualIncome: IncomeRow[] | null;
  annualRatios: RatiosRow[] | null;
  annualCashFlow: CashFlowRow[] | null;
}

async function settle<T>(what: string, symbol: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    logger.warn(`scorecard: ${what} unavailable`, { symbol, error: error as Error });
    return null;
  }
}

export async function reportsOf(
  service: MarketService,
  symbol: string,
  typeIds: ReadonlySet<number>,
): Promise<SymbolReports> {
  const wantsIncome = [...typeIds].some((t) => NEEDS_INCOME.has(t));
  const wantsRatios = [...typeIds].some((t) => NEEDS_RATIOS.has(t));
  const wantsCashFlow = [...typeIds].some((t) => NEEDS_CASH_FLOW.has(t));
  const [income, ratios, cashFlow] = await Promise.all([
    wantsIncome
      ? settle('annual income statements', symbol, async () => {
          const env = await service.statements('income', symbol, 'annual', SCORECARD_ROWS);
          return env.data as IncomeRow[];
        })
      : null,
    wantsRatios
      ? settle('annual ratios', symbol, async () => {
          const env = await service.ratios(symbol, 'annual', SCORECARD_ROWS);
          return env.data as unknown as RatiosRow[];
        })
      : null,
    wantsCashFlow
      ? settle('annual cash flow statements', symbol, async () => {
          const env = await service.statements('cashflow', symbol, 'annual', SCORECARD_ROWS);
          return env.data as CashFlowRow[];
        })
      : null,
  ]);
  return { annualIncome: income, annualRatios: ratios, annualCashFlow: cashFlow };
}

export function figuresFor(
  typeId: number,
  reports: SymbolReports | undefined,
): ReportedFigure[] | null {
  if (!reports) return null;
  if (NEEDS_CASH_FLOW.has(typeId)) {
    if (reports.annualIncome === null || reports.annualCashFlow === null) return null;
    return reportedFigures(typeId, {
      annualIncome: reports.annualIncome,
      annualCashFlow: reports.annualCashFlow,
    });
  }
  if (METRIC_IN_INCOME.has(typeId)) {
    if (reports.annualIncome === null) return null;
    return reportedFigures(typeId, { annualIncome: reports.annualIncome });
  }
  if (reports.annualRatios === null) return null;
  // The income statements only date the ratios: without them each ratio counts from the
  // latest day its year's report could have been filed.
  return reportedFigures(typeId, {
    annualRatios: reports.annualRatios,
    ...(reports.annualIncome ? { annualIncome: reports.annualIncome } : {}),
  });
}

/** The tracked pitches of a user, newest tracked first (as My Tracked Pitches lists them). */
export function trackedOf(records: readonly ValuationRecord[]): ValuationRecord[] {
  return records
    .filter((r) => r.pitch_status === PITCH_STATUS.tracked && !r.ignored)
    .sort((a, b) => (b.trackedAt ?? '').localeCompare(a.trackedAt ?? ''));
}

export async function pitchScorecard(
  store: ValuationStore,
  userId: string,
  options: { now?: number; service?: MarketService } = {},
): Promise<PitchScorecardResponse> {
  const now = options.now ?? nowMs();
  const tracked = trackedOf(await listValuations(store, userId));
  const typesBySymbol = new Map<string, Set<number>>();
  for (const r of tracked) {
    const types = typesBySymbol.get(r.stock_symbol) ?? new Set<number>();
    types.add(r.valuation_type_id);
    typesBySymbol.set(r.stock_symbol, types);
  }
  const symbols = [...typesBySymbol.keys()];
  let service: MarketService | null = options.service ?? null;
  if (!service && symbols.length > 0) {
    try {
      service = marketService();
    } catch (error) {
      logger.warn('scorecard: market data is not configured', { error: error as Error });
    }
  }
  const [quotes, reports] = await Promise.all([
    symbols.length === 0
      ? new Map<string, { price: number }>()
      : settle('quotes', symbols.join(','), () => cachedQuotes(symbols)).then(
          (q) => q ?? new Map(),
        ),
    Promise.all(
      symbols.map(async (symbol) => {
        const types = typesBySymbol.get(symbol)!;
        return [symbol, service ? await reportsOf(service, symbol, types) : undefined] as const;
      }),
    ).then((entries) => new Map(entries)),
  ]);
  const data = tracked.map((r) =>
    scorePitch(
      r,
      quotes.get(r.stock_symbol)?.price ?? null,
      figuresFor(r.valuation_type_id, reports.get(r.stock_symbol)),
      now,
    ),
  );
  return { data, summary: scorecardSummary(data), asOf: new Date(now).toISOString() };
}
