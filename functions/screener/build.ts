import type { Quote, StockListItem } from '../../shared/market';
import {
  NO_FUNDAMENTALS,
  averageVolume,
  cagrPercent,
  daysBefore,
  growthPercent,
  percentOf,
  ratioOverPositive,
  referenceCloses,
  type Fundamentals,
  type Listing,
} from '../../shared/screener/compute';
import { logger } from '../lib/logger';
import type { MarketService } from '../market/service';
import { sourceFromConfig, type StableSource } from '../market/source';
import { newVersion, type SnapshotData, type SnapshotEntry } from './snapshot';
import { nowMs } from '../lib/clock';

/**
 * Builds the screener snapshot from the market-data provider: the stock list and quotes of
 * the whole universe every run, and each symbol's fundamentals and price history once a day
 * (as many symbols per run as the data plan allows; the others keep yesterday's figures).
 * Reads go to the provider directly: the snapshot itself is the cache of these figures.
 */

/** Fundamentals older than this are refreshed. */
export const FUNDAMENTALS_MAX_AGE_MS = 20 * 60 * 60_000;

/** Symbols whose fundamentals one run refreshes (six to seven provider calls each). */
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
  const [ttmRows, metricRows, income, balance, bars, announcements] = await Promise.all([
    p.ratiosTtm(symbol),
    p.keyMetricsTtm(symbol),
    p.statements('income', symbol, 'annual', 6),
    p.statements('balance', symbol, 'quarter', 1),
    p.daily(symbol, daysBefore(today, 400), today),
    earnings(symbol).catch(() => [] as unknown[]),
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

  return {
    epsTtm: num(ttm.netIncomePerShareTTM),
    revenuePerShareTtm: num(ttm.revenuePerShareTTM),
    bookValuePerShareTtm: num(ttm.bookValuePerShareTTM),
    fcfPerShareTtm: num(ttm.freeCashFlowPerShareTTM),
    cashPerShareTtm: num(ttm.cashPerShareTTM),
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

/** The universe (stock list) and its quotes, as listings. */
async function listings(service: MarketService): Promise<Listing[]> {
  const p = service.provider;
  const universe = (
    await p.stockList({ exchanges: ['NYSE', 'NASDAQ', 'AMEX'], limit: 10_000 })
  ).filter((s: StockListItem, i, all) => all.findIndex((o) => o.symbol === s.symbol) === i);
  const symbols = universe.map((s) => s.symbol);
  const quotes = new Map<string, Quote>();
  const perCall = Math.max(1, p.plan.quoteBatch);
  // A few calls in flight at a time, gentle on the plan's rate limit.
  const chunk = perCall * 8;
  for (let i = 0; i < symbols.length; i += chunk) {
    try {
      for (const q of await p.quotes(symbols.slice(i, i + chunk))) quotes.set(q.symbol, q);
    } catch (error) {
      logger.warn('screener quotes failed; the stock list figures stand in', {
        error: error as Error,
      });
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
  const budget =
    options.fundamentalsPerRun ?? FUNDAMENTALS_PER_RUN[service.provider.plan.name] ?? 0;
  const previous = new Map((options.previous?.entries ?? []).map((e) => [e.listing.symbol, e]));

  const list = await listings(service);
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
    .slice(0, Number.isFinite(budget) ? budget : undefined);
  let refreshed = 0;
  let failed = 0;
  await mapLimit(due, options.concurrency ?? (service.source === 'demo' ? 8 : 4), async (entry) => {
    try {
      entry.fundamentals = await fetchFundamentals(service, entry.listing.symbol, today, earnings);
      entry.fundamentalsAt = now();
      refreshed++;
    } catch (error) {
      failed++;
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
