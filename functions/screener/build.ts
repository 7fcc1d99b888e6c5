import type { Quote, StockListItem } from '../../shared/market';
import {
  NO_FUNDAMENTALS,
  averageVolume,
  cagrPercent,
  growthPercent,
  percentOf,
  ratioOverPositive,
  referenceCloses,
  type Fundamentals,
  type Listing,
} from '../../shared/screener/compute';
import { medianValueOn } from '../../shared/heatmap/value';
import { VALUE_LINE_QUARTERS } from '../../shared/valuation/value-line';
import { logger } from '../lib/logger';
import { ProviderPlanError } from '../market/errors';
import { medianClosesFrom, quarterFigures } from '../market/value-line';
import type { MarketService } from '../market/service';
import { sourceFromConfig, type StableSource } from '../market/source';
import { newVersion, type SnapshotData, type SnapshotEntry } from './snapshot';
import {
  SESSION_OPEN_MINUTE,
  isTradingDay,
  newYorkTime,
  sessionCloseMinute,
} from '../../shared/market/session';
import { marketNowMs, nowMs } from '../lib/clock';
import { BudgetExhaustedError, CircuitOpenError } from '../market/budget';
import { interestedSymbols } from '../market/interest';

/**
 * Builds the screener snapshot from the market-data provider: the stock list and quotes of
 * the whole universe every run, and each symbol's fundamentals and price history once a day
 * (as many symbols per run as the data plan allows; the others keep yesterday's figures).
 * Reads go to the provider directly: the snapshot itself is the cache of these figures.
 */

/** Fundamentals older than this are refreshed. */
export const FUNDAMENTALS_MAX_AGE_MS = 20 * 60 * 60_000;

/**
 * Provider calls one symbol's fundamentals take (fetchFundamentals): ratios, key metrics, annual
 * income, the latest balance sheet, earnings dates, twelve years of daily prices (one call
 * whatever the range), and for the value at the median P/E (decision 195) the quarterly
 * income statements and the splits.
 */
export const FUNDAMENTAL_CALLS = 8;

/** Symbols whose fundamentals one run refreshes at most. */
export const FUNDAMENTALS_PER_RUN: Record<string, number> = {
  demo: Infinity,
  free: 2,
  starter: 60,
  premium: 150,
};

export interface BuildOptions {
  service: MarketService;
  /** The previous snapshot: its fundamentals are kept for symbols not refreshed this run. */
  previous?: SnapshotData | undefined;
  /** Per-company earnings announcements (the stable `earnings` endpoint). */
  earnings?: (symbol: string) => Promise<unknown[]>;
  now?: () => number;
  /** The market's clock (decision 098), for the session. */
  marketNow?: () => number;
  /** Symbols investors track, watch, hold or set alerts on (default: read from the table). */
  interested?: readonly string[];
  fundamentalsPerRun?: number;
  concurrency?: number;
}

export interface BuildStats {
  symbols: number;
  fundamentalsRefreshed: number;
  fundamentalsFailed: number;
  ms: number;
}

/** The New York calendar day of a moment (YYYY-MM-DD). */
export function newYorkDay(ms: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(ms));
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const perShare = (amount: number | null, shares: number | null): number | null =>
  amount !== null && shares !== null && shares > 0 ? amount / shares : null;

function defaultEarnings(): (symbol: string) => Promise<unknown[]> {
  let source: StableSource | undefined;
  return (symbol) => {
    source ??= sourceFromConfig();
    return source.get('earnings', { symbol, limit: '12' });
  };
}

/** Every figure of one symbol that changes at most daily. */
export async function fetchFundamentals(
  service: MarketService,
  symbol: string,
  today: string,
  earnings: (symbol: string) => Promise<unknown[]>,
): Promise<Fundamentals> {
  const p = service.provider;
  const [ttmRows, metricRows, income, balance, bars, announcements, quarterly, splits] =
    await Promise.all([
      p.ratiosTtm(symbol),
      p.keyMetricsTtm(symbol),
      p.statements('income', symbol, 'annual', 6),
      p.statements('balance', symbol, 'quarter', 1),
      // The ten-year median P/E's quarter-end closes (medianClosesFrom), not a whole line's twenty years.
      p.daily(symbol, medianClosesFrom(today), today),
      earnings(symbol).catch(() => [] as unknown[]),
      p.statements('income', symbol, 'quarter', VALUE_LINE_QUARTERS),
      // A plan without splits: the statements are taken as restated, as the value line does.
      p.splits(symbol).catch((error: unknown) => {
        if (error instanceof ProviderPlanError) return [];
        throw error;
      }),
    ]);
  const ttm = (ttmRows[0] ?? {}) as Record<string, unknown>;
  const km = (metricRows[0] ?? {}) as Record<string, unknown>;
  const years = [...income].sort((a, b) => (a.date < b.date ? 1 : -1));
  const eps = (i: number) => {
    const row = years[i];
    return row ? (num(row.epsdiluted) ?? num(row.eps)) : null;
  };
  const revenue = (i: number) => num(years[i]?.revenue);
  const b = (balance[0] ?? {}) as Record<string, unknown>;
  const dilutedShares = num(years[0]?.weightedAverageShsOutDil);
  const debt = num(b.totalDebt);
  const cash = num(b.cashAndCashEquivalents);
  const netDebt = num(b.netDebt) ?? (debt !== null && cash !== null ? debt - cash : null);
  const equity = num(b.totalStockholdersEquity);
  const currentLiabilities = num(b.totalCurrentLiabilities);
  const quickAssets =
    num(b.cashAndShortTermInvestments) !== null && num(b.netReceivables) !== null
      ? num(b.cashAndShortTermInvestments)! + num(b.netReceivables)!
      : null;

  const dates = announcements
    .map((r) => (r as Record<string, unknown>).date)
    .filter((d): d is string => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}/.test(d))
    .map((d) => d.slice(0, 10))
    .sort();
  const past = dates.filter((d) => d <= today);
  const future = dates.filter((d) => d > today);
  const closes = bars.map((bar) => ({
    date: bar.date.slice(0, 10),
    close: bar.close,
    volume: bar.volume,
  }));
  const median = medianValueOn(
    quarterFigures(quarterly as unknown as Record<string, unknown>[], [], []),
    splits.map((s) => ({
      date: String(s.date).slice(0, 10),
      numerator: Number(s.numerator),
      denominator: Number(s.denominator),
    })),
    closes.map((c) => [c.date, c.close] as const),
    today,
  );

  return {
    epsTtm: num(ttm.netIncomePerShareTTM),
    revenuePerShareTtm: num(ttm.revenuePerShareTTM),
    bookValuePerShareTtm: num(ttm.bookValuePerShareTTM),
    fcfPerShareTtm: num(ttm.freeCashFlowPerShareTTM),
    cashPerShareTtm: num(ttm.cashPerShareTTM),
    ebitdaPerShare: perShare(num(years[0]?.ebitda), dilutedShares),
    netDebtPerShare: perShare(netDebt, dilutedShares),
    dividendPerShareTtm: num(ttm.dividendPerShareTTM),
    epsGrowthPastYear: growthPercent(eps(0), eps(1)),
    epsGrowthPast5Years: cagrPercent(eps(0), eps(5), 5),
    salesGrowthPast5Years: cagrPercent(revenue(0), revenue(5), 5),
    roa: percentOf(num(km.returnOnAssetsTTM)),
    roe: percentOf(num(km.roeTTM)),
    roi: percentOf(num(km.roicTTM)),
    currentRatio: ratioOverPositive(num(b.totalCurrentAssets), currentLiabilities),
    quickRatio: ratioOverPositive(quickAssets, currentLiabilities),
    ltDebtEq: ratioOverPositive(num(b.longTermDebt), equity),
    debtEq: ratioOverPositive(num(b.totalDebt), equity),
    grossMargin: percentOf(num(ttm.grossProfitMarginTTM)),
    operatingMargin: percentOf(num(ttm.operatingProfitMarginTTM)),
    netMargin: percentOf(num(ttm.netProfitMarginTTM)),
    lastEarningsDate: past.at(-1) ?? null,
    nextEarningsDate: future[0] ?? null,
    refs: closes.length ? referenceCloses(closes, today) : null,
    avgVolume: averageVolume(closes, today),
    medianValue: median.value,
    medianPe: median.multiple,
    medianValueGap: median.gap,
  };
}

async function mapLimit<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await fn(item);
    }
  });
  await Promise.all(workers);
}

/** Calls a screener run may spend before it stops: its share, spread over today's runs left. */
async function callAllowance(service: MarketService, marketNow: number): Promise<number> {
  const budget = service.budget;
  if (!budget?.limited) return Number.POSITIVE_INFINITY;
  return budget.allowance('screener', screenerRunsLeftToday(marketNow));
}

/** Runs of the 15-minute job left today: those until the close, and one after it. */
export function screenerRunsLeftToday(marketNow: number): number {
  const t = newYorkTime(marketNow);
  const close = sessionCloseMinute(t.day);
  if (!isTradingDay(t.day) || t.minute >= close) return 1;
  return Math.ceil((close - Math.max(t.minute, SESSION_OPEN_MINUTE)) / 15) + 1;
}

/**
 * The symbols one screener run fetches quotes for: those of interest first, then the rest of
 * the universe in turn from run to run (run number `run`), as many as `callsLeft` calls of
 * `perCall` symbols reach.
 */
export function planScreenerQuotes(
  universe: readonly string[],
  interested: readonly string[],
  perCall: number,
  callsLeft: number,
  run: number,
): string[] {
  const inUniverse = new Set(universe);
  const first = interested.filter((s) => inUniverse.has(s));
  const firstSet = new Set(first);
  const rest = universe.filter((s) => !firstSet.has(s));
  const room = Math.max(0, Math.floor(callsLeft)) * perCall;
  if (room >= universe.length) return [...first, ...rest];
  const offset = rest.length ? (run * room) % rest.length : 0;
  return [...first, ...rest.slice(offset), ...rest.slice(0, offset)].slice(0, room);
}

/** A call refused by the shared budget or the breaker: the rest of the run would be too. */
const refused = (error: unknown) =>
  error instanceof BudgetExhaustedError || error instanceof CircuitOpenError;

/**
 * The universe (stock list, one call) and its quotes, as listings. Quotes come in batches where
 * the plan allows; one symbol a call otherwise, the symbols investors track, watch, hold or
 * set alerts on first and the rest in turn from run to run, as far as `calls` reach. A symbol
 * whose quote is not fetched this run shows the stock list's figures.
 */
async function listings(
  service: MarketService,
  calls: { left: number },
  interested: readonly string[],
  run: number,
): Promise<Listing[]> {
  const p = service.provider;
  calls.left -= 1;
  const universe = (
    await p.stockList({ exchanges: ['NYSE', 'NASDAQ', 'AMEX'], limit: 10_000 })
  ).filter((s: StockListItem, i, all) => all.findIndex((o) => o.symbol === s.symbol) === i);
  const perCall = Math.max(1, p.plan.quoteBatch);
  const symbols = planScreenerQuotes(
    universe.map((s) => s.symbol),
    interested,
    perCall,
    calls.left,
    run,
  );
  const quotes = new Map<string, Quote>();
  // A few calls in flight at a time, gentle on the plan's rate limit.
  const chunk = perCall * 8;
  for (let i = 0; i < symbols.length; i += chunk) {
    const part = symbols.slice(i, i + chunk);
    calls.left -= Math.ceil(part.length / perCall);
    try {
      for (const q of await p.quotes(part)) quotes.set(q.symbol, q);
    } catch (error) {
      logger.warn('screener quotes failed; the stock list figures stand in', {
        error: error as Error,
      });
      if (refused(error)) break;
    }
  }
  return universe.map((s) => {
    const q = quotes.get(s.symbol);
    return {
      symbol: s.symbol,
      company: s.companyName || q?.name || s.symbol,
      sector: s.sector,
      industry: s.industry,
      exchange: s.exchangeShortName,
      price: q?.price ?? s.price,
      change: q?.change ?? null,
      volume: q?.volume ?? s.volume,
      marketCap: q?.marketCap ?? s.marketCap,
    };
  });
}

/** One build: fresh listings for every symbol, fundamentals for the stalest ones within the budget. */
export async function buildSnapshot(
  options: BuildOptions,
): Promise<{ data: SnapshotData; stats: BuildStats }> {
  const now = options.now ?? nowMs;
  const started = now();
  const startedReal = Date.now();
  const service = options.service;
  const today = newYorkDay(started);
  const earnings = options.earnings ?? defaultEarnings();
  const calls = { left: await callAllowance(service, (options.marketNow ?? marketNowMs)()) };
  const interested =
    options.interested ?? (service.budget?.limited ? await interestedSymbols() : []);
  const previous = new Map((options.previous?.entries ?? []).map((e) => [e.listing.symbol, e]));

  const list = await listings(service, calls, interested, Math.floor(started / (15 * 60_000)));
  // Symbols whose fundamentals this run refreshes: the plan's number, within what is left of the
  // run's calls after the quotes.
  const perRun = Math.min(
    options.fundamentalsPerRun ?? FUNDAMENTALS_PER_RUN[service.provider.plan.name] ?? 0,
    Math.floor(Math.max(0, calls.left) / FUNDAMENTAL_CALLS),
  );
  const entries: SnapshotEntry[] = list.map((listing) => {
    const prev = previous.get(listing.symbol);
    return {
      listing,
      fundamentals: prev?.fundamentals ?? NO_FUNDAMENTALS,
      fundamentalsAt: prev?.fundamentalsAt ?? 0,
    };
  });
  const due = entries
    .filter((e) => started - e.fundamentalsAt >= FUNDAMENTALS_MAX_AGE_MS)
    .sort((a, b) => a.fundamentalsAt - b.fundamentalsAt)
    .slice(0, Number.isFinite(perRun) ? perRun : undefined);
  let refreshed = 0;
  let failed = 0;
  let stop = false;
  await mapLimit(due, options.concurrency ?? (service.source === 'demo' ? 8 : 4), async (entry) => {
    if (stop) return;
    try {
      entry.fundamentals = await fetchFundamentals(service, entry.listing.symbol, today, earnings);
      entry.fundamentalsAt = now();
      refreshed++;
    } catch (error) {
      failed++;
      if (refused(error)) stop = true;
      logger.warn('screener fundamentals failed; keeping the previous figures', {
        symbol: entry.listing.symbol,
        error: error as Error,
      });
    }
  });
  return {
    data: { version: newVersion(started), builtAt: started, source: service.source, entries },
    stats: {
      symbols: entries.length,
      fundamentalsRefreshed: refreshed,
      fundamentalsFailed: failed,
      ms: Date.now() - startedReal,
    },
  };
}
