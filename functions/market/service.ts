import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  INDEX_SYMBOLS,
  type MarketEnvelope,
  type MarketSource,
  type Quote,
  type SearchExchange,
  type StockListItem,
} from '../../shared/market';
import type { Interval, Period, ProxyRead, StatementKind } from '../../shared/market/proxy';
import { config, required } from '../lib/config';
import { db } from '../lib/dynamo';
import { MarketCache, type CacheResult } from './cache';
import { type CachedCloses, closePairs, encodeCloses, encodeRanges } from './closes';
import { NO_EXTRAS, joinQuote, type QuoteExtras } from './mapping';
import { planFor, type PlanLimits } from './plan';
import { StableProvider, type MarketProvider } from './provider';
import { sourceFromConfig, type StableSource } from './source';
import { pinnedClock } from '../lib/clock';
import type { CallBudget } from './budget';
import { GuardedSource } from './guard';

/** Freshness per kind of read (ms). Values stay in the table for a week past it (cache.ts). */
export const FRESH_MS = {
  /** The job rewrites quotes every minute; 90 s lets a read always land on its last write. */
  quote: 90_000,
  intraday: 5 * 60_000,
  daily: 60 * 60_000,
  news: 30 * 60_000,
  search: 60 * 60_000,
  stockList: 60 * 60_000,
  day: 24 * 60 * 60_000,
} as const;

export const MARKET_CAP_BANDS = {
  large: { min: 5e9 },
  mid: { min: 1e9, max: 5e9 },
  small: { max: 1e9 },
} as const;
export type MarketCapBand = keyof typeof MARKET_CAP_BANDS;

/** Fetch a bucket of rows and slice, so `limit=10` and `limit=11` share one cache item. */
function bucket(limit: number, plan: PlanLimits): number {
  const size = limit <= 20 ? 20 : limit <= 80 ? 80 : 400;
  return Math.min(size, plan.statementLimit);
}

function envelope<T>(
  data: T,
  parts: readonly CacheResult<unknown>[],
  source: MarketSource,
  now: number,
): MarketEnvelope<T> {
  const fetched = parts.map((p) => p.fetchedAt);
  return {
    data,
    source,
    stale: parts.some((p) => p.stale),
    asOf: new Date(fetched.length ? Math.min(...fetched) : now).toISOString(),
  };
}

export interface MarketServiceOptions {
  provider: MarketProvider;
  cache: MarketCache;
  now?: () => number;
  /** The provider's shared call budget, when its source counts calls (guard.ts). */
  budget?: CallBudget;
}

/** Every market-data read of the product: provider calls through the shared cache. */
export class MarketService {
  readonly provider: MarketProvider;
  readonly cache: MarketCache;
  readonly budget: CallBudget | undefined;
  private readonly now: () => number;

  constructor(options: MarketServiceOptions) {
    this.provider = options.provider;
    this.cache = options.cache;
    this.now = options.now ?? Date.now;
    this.budget = options.budget;
  }

  get source(): MarketSource {
    return this.provider.source;
  }

  private one<T>(result: CacheResult<T>): MarketEnvelope<T> {
    return envelope(result.value, [result], this.source, this.now());
  }

  // --- quotes -------------------------------------------------------------------------------

  /** Raw quotes (without extras) from the cache the job keeps warm; misses fetched as the plan batches. */
  async rawQuotes(symbols: readonly string[]): Promise<Map<string, CacheResult<Quote>>> {
    return this.cache.readMany<Quote>('quote', symbols, FRESH_MS.quote, async (list) => {
      const values = new Map<string, Quote>();
      const errors = new Map<string, unknown>();
      if (this.provider.plan.quoteBatch <= 1) {
        await Promise.all(
          list.map(async (symbol) => {
            try {
              for (const q of await this.provider.quotes([symbol])) values.set(q.symbol, q);
            } catch (error) {
              errors.set(symbol, error);
            }
          }),
        );
      } else {
        for (const q of await this.provider.quotes(list)) values.set(q.symbol, q);
      }
      return { values, errors };
    });
  }

  /** What the stable quote lacks (pe, eps, avgVolume, sharesOutstanding), cached for a day. */
  private async extras(symbols: readonly string[]): Promise<Map<string, CacheResult<QuoteExtras>>> {
    const stocks = symbols.filter((s) => !s.startsWith('^'));
    return this.cache.readMany<QuoteExtras>('quoteExtras', stocks, FRESH_MS.day, async (list) => {
      const values = new Map<string, QuoteExtras>();
      const errors = new Map<string, unknown>();
      await Promise.all(
        list.map(async (symbol) => {
          try {
            const [ttm, profile, shares] = await Promise.all([
              this.ratiosTtm(symbol),
              this.profile(symbol),
              this.provider.sharesOutstanding(symbol),
            ]);
            const r = ttm.data[0];
            values.set(symbol, {
              epsTtm: r?.netIncomePerShareTTM ?? null,
              peTtm: r?.peRatioTTM ?? null,
              avgVolume: profile.data[0]?.volAvg ?? null,
              sharesOutstanding: shares,
            });
          } catch (error) {
            errors.set(symbol, error);
          }
        }),
      );
      return { values, errors };
    });
  }

  /** Contract quotes, in the order asked; unknown symbols are left out. */
  async quotes(symbols: readonly string[]): Promise<MarketEnvelope<Quote[]>> {
    const [raw, extras] = await Promise.all([
      this.rawQuotes(symbols),
      this.extras(symbols).catch(() => new Map<string, CacheResult<QuoteExtras>>()),
    ]);
    const parts: CacheResult<unknown>[] = [];
    const data: Quote[] = [];
    for (const symbol of symbols) {
      const q = raw.get(symbol);
      if (!q) continue;
      parts.push(q);
      data.push(joinQuote(q.value, extras.get(symbol)?.value ?? NO_EXTRAS));
    }
    return envelope(data, parts, this.source, this.now());
  }

  indexQuotes(): Promise<MarketEnvelope<Quote[]>> {
    return this.quotes(INDEX_SYMBOLS);
  }

  // --- company data -------------------------------------------------------------------------

  async search(query: string, limit: number, exchanges: readonly SearchExchange[]) {
    const key = `${query.toUpperCase()}|${[...exchanges].sort().join(',')}`;
    const r = await this.cache.read('search', key, FRESH_MS.search, () =>
      this.provider.search(query, 50, exchanges),
    );
    return this.one({ ...r, value: r.value.slice(0, limit) });
  }

  async profile(symbol: string) {
    return this.one(
      await this.cache.read('profile', symbol, FRESH_MS.day, async () => {
        const p = await this.provider.profile(symbol);
        return p ? [p] : [];
      }),
    );
  }

  async statements(kind: StatementKind, symbol: string, period: Period, limit: number) {
    const size = bucket(limit, this.provider.plan);
    const r = await this.cache.read(
      `statement-${kind}`,
      `${symbol}|${period}|${size}`,
      FRESH_MS.day,
      () =>
        this.provider.statements(kind, symbol, period, size) as Promise<Record<string, unknown>[]>,
    );
    return this.one({ ...r, value: r.value.slice(0, limit) });
  }

  async ratios(symbol: string, period: Period, limit: number) {
    const size = bucket(limit, this.provider.plan);
    const r = await this.cache.read('ratios', `${symbol}|${period}|${size}`, FRESH_MS.day, () =>
      this.provider.ratios(symbol, period, size),
    );
    return this.one({ ...r, value: r.value.slice(0, limit) });
  }

  async keyMetrics(symbol: string, period: Period, limit: number) {
    const size = bucket(limit, this.provider.plan);
    const r = await this.cache.read('keyMetrics', `${symbol}|${period}|${size}`, FRESH_MS.day, () =>
      this.provider.keyMetrics(symbol, period, size),
    );
    return this.one({ ...r, value: r.value.slice(0, limit) });
  }

  async ratiosTtm(symbol: string) {
    return this.one(
      await this.cache.read('ratiosTtm', symbol, FRESH_MS.day, () =>
        this.provider.ratiosTtm(symbol),
      ),
    );
  }

  async keyMetricsTtm(symbol: string) {
    return this.one(
      await this.cache.read('keyMetricsTtm', symbol, FRESH_MS.day, () =>
        this.provider.keyMetricsTtm(symbol),
      ),
    );
  }

  async executives(symbol: string) {
    return this.one(
      await this.cache.read('executives', symbol, FRESH_MS.day, () =>
        this.provider.executives(symbol),
      ),
    );
  }

  async holders(symbol: string) {
    return this.one(
      await this.cache.read('holders', symbol, FRESH_MS.day, () =>
        this.provider.institutionalHolders(symbol),
      ),
    );
  }

  async news(symbols: readonly string[], limit: number) {
    const list = [...symbols].sort();
    const r = await this.cache.read('news', list.join(','), FRESH_MS.news, () =>
      this.provider.news(list, 50),
    );
    return this.one({ ...r, value: r.value.slice(0, limit) });
  }

  async intraday(interval: Interval, symbol: string, from?: string, to?: string) {
    const key = `${interval}|${symbol}|${from ?? ''}|${to ?? ''}`;
    return this.one(
      await this.cache.read('intraday', key, FRESH_MS.intraday, () =>
        this.provider.intraday(interval, symbol, from, to),
      ),
    );
  }

  async daily(symbol: string, from?: string, to?: string) {
    const key = `${symbol}|${from ?? ''}|${to ?? ''}`;
    return this.one(
      await this.cache.read('daily', key, FRESH_MS.daily, () =>
        this.provider.daily(symbol, from, to),
      ),
    );
  }

  /**
   * Daily closes only, as [date, close] pairs (an hour fresh): a fifth of the daily bars' size,
   * so a portfolio's ten-year history reads and decodes them quickly (decision 129).
   */
  async closes(symbol: string, from?: string) {
    const read = this.one(
      await this.cache.read<CachedCloses>(
        'closes',
        `${symbol}|${from ?? ''}`,
        FRESH_MS.daily,
        async () =>
          encodeCloses(
            (await this.provider.daily(symbol, from)).map(
              (b) => [b.date.slice(0, 10), b.close] as [string, number],
            ),
          ),
      ),
    );
    return { ...read, data: closePairs(read.data) };
  }

  /**
   * Many symbols' cached reads of one kind in one BatchGetItem per 100 (misses fetched one by
   * one and cached): a portfolio's dividends, splits, closes and profiles (decision 129). A symbol
   * that cannot be read is left out.
   */
  async manySymbols<T>(
    kind: 'dividends' | 'splits' | 'profile' | 'closes' | 'ranges',
    symbols: readonly string[],
    from?: string,
  ): Promise<Map<string, T>> {
    const dated = kind === 'closes' || kind === 'ranges';
    const keyOf = (symbol: string) => (dated ? `${symbol}|${from ?? ''}` : symbol);
    const symbolOf = new Map(symbols.map((s) => [keyOf(s), s]));
    const fetchOne = async (symbol: string): Promise<unknown> => {
      switch (kind) {
        case 'dividends':
          return this.provider.dividends(symbol);
        case 'splits':
          return this.provider.splits(symbol);
        case 'profile': {
          const p = await this.provider.profile(symbol);
          return p ? [p] : [];
        }
        case 'closes':
          return encodeCloses(
            (await this.provider.daily(symbol, from)).map(
              (b) => [b.date.slice(0, 10), b.close] as [string, number],
            ),
          );
        case 'ranges':
          return encodeRanges(await this.provider.daily(symbol, from));
      }
    };
    const fresh = dated ? FRESH_MS.daily : FRESH_MS.day;
    const read = await this.cache.readMany<T>(kind, [...symbolOf.keys()], fresh, async (list) => {
      const values = new Map<string, T>();
      const errors = new Map<string, unknown>();
      await Promise.all(
        list.map(async (key) => {
          try {
            values.set(key, (await fetchOne(symbolOf.get(key)!)) as T);
          } catch (error) {
            errors.set(key, error);
          }
        }),
      );
      return { values, errors };
    });
    const out = new Map<string, T>();
    for (const [key, result] of read) out.set(symbolOf.get(key) ?? key, result.value);
    return out;
  }

  /** Cash dividends of a symbol (a day fresh: one upstream call per symbol a day at most). */
  async dividends(symbol: string) {
    return this.one(
      await this.cache.read('dividends', symbol, FRESH_MS.day, () =>
        this.provider.dividends(symbol),
      ),
    );
  }

  /** Share splits of a symbol (a day fresh). */
  async splits(symbol: string) {
    return this.one(
      await this.cache.read('splits', symbol, FRESH_MS.day, () => this.provider.splits(symbol)),
    );
  }

  /**
   * Analysts' annual consensus, newest fiscal year first (a day fresh, decision 185): one
   * bucket of rows per symbol, sliced like the statements.
   */
  async estimates(symbol: string, limit: number) {
    const size = bucket(limit, this.provider.plan);
    const r = await this.cache.read('estimates', `${symbol}|${size}`, FRESH_MS.day, () =>
      this.provider.estimates(symbol, size),
    );
    return this.one({ ...r, value: r.value.slice(0, limit) });
  }

  /** Stocks in any of the market-cap bands and any of the sectors (US listings). */
  async stockList(bands: readonly MarketCapBand[], sectors: readonly string[]) {
    const key = `${[...bands].sort().join(',')}|${[...sectors].sort().join(',')}`;
    const r = await this.cache.read('stockList', key, FRESH_MS.stockList, async () => {
      const mins = bands.map((b) =>
        'min' in MARKET_CAP_BANDS[b] ? (MARKET_CAP_BANDS[b] as { min: number }).min : 0,
      );
      const maxes = bands.map((b) =>
        'max' in MARKET_CAP_BANDS[b] ? (MARKET_CAP_BANDS[b] as { max: number }).max : Infinity,
      );
      const all = await this.provider.stockList({
        ...(Math.min(...mins) > 0 ? { marketCapMoreThan: Math.min(...mins) } : {}),
        ...(Number.isFinite(Math.max(...maxes)) ? { marketCapLowerThan: Math.max(...maxes) } : {}),
        ...(sectors.length === 1 ? { sector: sectors[0]! } : {}),
        exchanges: ['NYSE', 'NASDAQ', 'AMEX'],
        limit: 1000,
      });
      const wanted = new Set(sectors.map((s) => s.toLowerCase()));
      return all.filter((row: StockListItem) => {
        const cap = row.marketCap ?? -1;
        const inBand = bands.some((b) => {
          const band = MARKET_CAP_BANDS[b] as { min?: number; max?: number };
          return cap >= (band.min ?? 0) && cap < (band.max ?? Infinity);
        });
        return inBand && (wanted.size === 0 || wanted.has((row.sector ?? '').toLowerCase()));
      });
    });
    return this.one(r);
  }

  // --- the proxy ----------------------------------------------------------------------------

  /** Answers one allowlisted `common_api` read. */
  async proxy(read: ProxyRead): Promise<MarketEnvelope<unknown>> {
    switch (read.kind) {
      case 'search':
        return this.search(read.query, read.limit, read.exchanges);
      case 'profile':
        return this.profile(read.symbol);
      case 'quote':
        return this.quotes(read.symbols);
      case 'statement':
        return this.statements(read.statement, read.symbol, read.period, read.limit);
      case 'ratios':
        return this.ratios(read.symbol, read.period, read.limit);
      case 'keyMetrics':
        return this.keyMetrics(read.symbol, read.period, read.limit);
      case 'ratiosTtm':
        return this.ratiosTtm(read.symbol);
      case 'keyMetricsTtm':
        return this.keyMetricsTtm(read.symbol);
      case 'executives':
        return this.executives(read.symbol);
      case 'holders':
        return this.holders(read.symbol);
      case 'news':
        return this.news(read.symbols, read.limit);
      case 'intraday':
        return this.intraday(read.interval, read.symbol, read.from, read.to);
      case 'daily':
        return this.daily(read.symbol, read.from, read.to);
      case 'dividends':
        return this.dividends(read.symbol);
    }
  }
}

export interface BuildServiceOptions {
  source?: StableSource;
  plan?: PlanLimits;
  client?: DynamoDBDocumentClient;
  tableName?: string;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  namespace?: string;
  memoryMs?: number;
}

/** A service over a given source (tests, bench) or the configured one. */
export function buildMarketService(options: BuildServiceOptions = {}): MarketService {
  const source = options.source ?? sourceFromConfig();
  const plan = options.plan ?? planFor(source.name, config().FMP_PLAN);
  const now = options.now ?? Date.now;
  const pinned = pinnedClock();
  const namespace = options.namespace ?? (pinned ? `clock${pinned}:` : undefined);
  const cache = new MarketCache({
    client: options.client ?? db,
    tableName: options.tableName ?? required('TABLE_NAME'),
    source: source.name,
    now,
    ...(options.sleep ? { sleep: options.sleep } : {}),
    // A pinned clock's quotes are those of its instant: never serve another instant's from the table.
    ...(namespace ? { namespace } : {}),
    ...(options.memoryMs !== undefined ? { memoryMs: options.memoryMs } : {}),
  });
  return new MarketService({
    provider: new StableProvider(source, plan),
    cache,
    now,
    ...(source instanceof GuardedSource ? { budget: source.budget } : {}),
  });
}

let shared: MarketService | undefined;

/** The instance's service (module scope: one per Lambda instance). */
export function marketService(): MarketService {
  shared ??= buildMarketService();
  return shared;
}

/** Replaces the instance's service (tests point the handlers at a fake provider). */
export function useMarketService(service: MarketService | undefined): void {
  shared = service;
}
