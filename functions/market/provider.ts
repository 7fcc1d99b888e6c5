import type {
  AnalystEstimate,
  BalanceSheet,
  CashFlowStatement,
  Dividend,
  Executive,
  IncomeStatement,
  InstitutionalHolder,
  KeyMetrics,
  KeyMetricsTtm,
  MarketSource,
  NewsItem,
  PriceBar,
  Profile,
  Quote,
  Ratios,
  RatiosTtm,
  SearchExchange,
  SearchResult,
  Split,
  StockListItem,
} from '../../shared/market';
import type { Interval, Period, StatementKind } from '../../shared/market/proxy';
import { marketNowMs } from '../lib/clock';
import { ProviderPlanError } from './errors';
import * as map from './mapping';
import type { PlanLimits } from './plan';
import type { StableEndpoint, StableSource } from './source';

export interface StockListFilter {
  marketCapMoreThan?: number;
  marketCapLowerThan?: number;
  sector?: string;
  exchanges?: readonly string[];
  limit: number;
}

/**
 * Everything the product reads from a market-data provider, in contract records
 * (shared/market/schemas.ts). Implementations call upstream on every call: caching is the
 * job of cache.ts / service.ts above them.
 */
export interface MarketProvider {
  readonly source: MarketSource;
  readonly plan: PlanLimits;
  search(
    query: string,
    limit: number,
    exchanges: readonly SearchExchange[],
  ): Promise<SearchResult[]>;
  profile(symbol: string): Promise<Profile | null>;
  /** Quotes without the slower extras (pe, eps, avgVolume, sharesOutstanding: see service.ts). */
  quotes(symbols: readonly string[]): Promise<Quote[]>;
  sharesOutstanding(symbol: string): Promise<number | null>;
  statements(
    kind: 'income',
    symbol: string,
    period: Period,
    limit: number,
  ): Promise<IncomeStatement[]>;
  statements(
    kind: 'balance',
    symbol: string,
    period: Period,
    limit: number,
  ): Promise<BalanceSheet[]>;
  statements(
    kind: 'cashflow',
    symbol: string,
    period: Period,
    limit: number,
  ): Promise<CashFlowStatement[]>;
  statements(
    kind: StatementKind,
    symbol: string,
    period: Period,
    limit: number,
  ): Promise<IncomeStatement[] | BalanceSheet[] | CashFlowStatement[]>;
  ratios(symbol: string, period: Period, limit: number): Promise<Ratios[]>;
  keyMetrics(symbol: string, period: Period, limit: number): Promise<KeyMetrics[]>;
  ratiosTtm(symbol: string): Promise<RatiosTtm[]>;
  keyMetricsTtm(symbol: string): Promise<KeyMetricsTtm[]>;
  institutionalHolders(symbol: string): Promise<InstitutionalHolder[]>;
  executives(symbol: string): Promise<Executive[]>;
  news(symbols: readonly string[], limit: number): Promise<NewsItem[]>;
  intraday(interval: Interval, symbol: string, from?: string, to?: string): Promise<PriceBar[]>;
  daily(symbol: string, from?: string, to?: string): Promise<PriceBar[]>;
  stockList(filter: StockListFilter): Promise<StockListItem[]>;
  /** Cash dividends to date, newest first. */
  dividends(symbol: string): Promise<Dividend[]>;
  /** Share splits to date, newest first. */
  splits(symbol: string): Promise<Split[]>;
  /** Analysts' annual consensus, newest fiscal year first (decision 185). */
  estimates(symbol: string, limit: number): Promise<AnalystEstimate[]>;
}

/**
 * The latest calendar quarter whose 13F filings are all in: managers file within 45 days of the
 * quarter's end, so a quarter counts from the 46th day after it. The provider needs it named.
 */
export function filedQuarter(nowMs: number): { year: string; quarter: string } {
  const d = new Date(nowMs - 46 * 86_400_000);
  // The quarter that ended before that day.
  let year = d.getUTCFullYear();
  let quarter = Math.floor(d.getUTCMonth() / 3); // 0 = the quarter before Q1 of this year
  if (quarter === 0) {
    year -= 1;
    quarter = 4;
  }
  return { year: String(year), quarter: String(quarter) };
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

function dateRange(from?: string, to?: string): Record<string, string> {
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

/** The one provider over a stable-API source (FMP over HTTP, or the embedded demo data set). */
export class StableProvider implements MarketProvider {
  readonly source: MarketSource;

  constructor(
    private readonly upstream: StableSource,
    readonly plan: PlanLimits,
  ) {
    this.source = upstream.name;
  }

  private get(endpoint: StableEndpoint, params: Record<string, string>): Promise<unknown[]> {
    return this.upstream.get(endpoint, params);
  }

  private limit(limit: number): string {
    return String(Math.max(1, Math.min(limit, this.plan.statementLimit)));
  }

  async search(
    query: string,
    limit: number,
    exchanges: readonly SearchExchange[],
  ): Promise<SearchResult[]> {
    // Symbols first, then names; the stable API filters one exchange at a time, so filter here.
    const [bySymbol, byName] = await Promise.all([
      this.get('search-symbol', { query, limit: String(limit) }),
      this.get('search-name', { query, limit: String(limit) }),
    ]);
    const seen = new Set<string>();
    const out: SearchResult[] = [];
    for (const row of [...map.mapSearch(bySymbol), ...map.mapSearch(byName)]) {
      if (!(exchanges as readonly string[]).includes(row.exchangeShortName)) continue;
      if (seen.has(row.symbol)) continue;
      seen.add(row.symbol);
      out.push(row);
    }
    return out.slice(0, limit);
  }

  async profile(symbol: string): Promise<Profile | null> {
    return map.mapProfile(await this.get('profile', { symbol }))[0] ?? null;
  }

  async quotes(symbols: readonly string[]): Promise<Quote[]> {
    if (this.plan.quoteBatch <= 1) {
      const rows = await Promise.all(symbols.map((symbol) => this.get('quote', { symbol })));
      return rows.flatMap((r) => map.mapQuotes(r));
    }
    const rows = await Promise.all(
      chunks(symbols, this.plan.quoteBatch).map((list) =>
        this.get('batch-quote', { symbols: list.join(',') }),
      ),
    );
    return rows.flatMap((r) => map.mapQuotes(r, 'batch-quote'));
  }

  async sharesOutstanding(symbol: string): Promise<number | null> {
    const rows = await this.get('shares-float', { symbol });
    const first = rows[0] as Record<string, unknown> | undefined;
    return first ? map.n(first.outstandingShares) : null;
  }

  statements(
    kind: 'income',
    symbol: string,
    period: Period,
    limit: number,
  ): Promise<IncomeStatement[]>;
  statements(
    kind: 'balance',
    symbol: string,
    period: Period,
    limit: number,
  ): Promise<BalanceSheet[]>;
  statements(
    kind: 'cashflow',
    symbol: string,
    period: Period,
    limit: number,
  ): Promise<CashFlowStatement[]>;
  statements(
    kind: StatementKind,
    symbol: string,
    period: Period,
    limit: number,
  ): Promise<IncomeStatement[] | BalanceSheet[] | CashFlowStatement[]>;
  async statements(kind: StatementKind, symbol: string, period: Period, limit: number) {
    const params = { symbol, period, limit: this.limit(limit) };
    switch (kind) {
      case 'income':
        return map.mapIncome(await this.get('income-statement', params));
      case 'balance':
        return map.mapBalance(await this.get('balance-sheet-statement', params));
      case 'cashflow':
        return map.mapCashFlow(await this.get('cash-flow-statement', params));
    }
  }

  async ratios(symbol: string, period: Period, limit: number): Promise<Ratios[]> {
    const params = { symbol, period, limit: this.limit(limit) };
    const [ratios, metrics] = await Promise.all([
      this.get('ratios', params),
      this.get('key-metrics', params),
    ]);
    return map.mapRatios(ratios, metrics);
  }

  async keyMetrics(symbol: string, period: Period, limit: number): Promise<KeyMetrics[]> {
    return map.mapKeyMetrics(
      await this.get('key-metrics', { symbol, period, limit: this.limit(limit) }),
    );
  }

  async ratiosTtm(symbol: string): Promise<RatiosTtm[]> {
    return map.mapRatiosTtm(await this.get('ratios-ttm', { symbol }));
  }

  async keyMetricsTtm(symbol: string): Promise<KeyMetricsTtm[]> {
    return map.mapKeyMetricsTtm(await this.get('key-metrics-ttm', { symbol }));
  }

  async institutionalHolders(symbol: string): Promise<InstitutionalHolder[]> {
    if (!this.plan.holders)
      throw new ProviderPlanError('institutional holders are not on this plan');
    return map.mapHolders(
      await this.get('institutional-ownership/extract-analytics/holder', {
        symbol,
        ...filedQuarter(marketNowMs()),
        page: '0',
        limit: '50',
      }),
    );
  }

  async executives(symbol: string): Promise<Executive[]> {
    return map.mapExecutives(await this.get('key-executives', { symbol }));
  }

  async news(symbols: readonly string[], limit: number): Promise<NewsItem[]> {
    return map.mapNews(
      await this.get('news/stock', { symbols: symbols.join(','), limit: String(limit), page: '0' }),
    );
  }

  async intraday(
    interval: Interval,
    symbol: string,
    from?: string,
    to?: string,
  ): Promise<PriceBar[]> {
    if (!this.plan.intraday) throw new ProviderPlanError('intraday charts are not on this plan');
    const endpoint = `historical-chart/${interval}` as const;
    return map.mapBars(await this.get(endpoint, { symbol, ...dateRange(from, to) }), endpoint);
  }

  async daily(symbol: string, from?: string, to?: string): Promise<PriceBar[]> {
    return map.mapBars(
      await this.get('historical-price-eod/full', { symbol, ...dateRange(from, to) }),
      'historical-price-eod/full',
    );
  }

  async stockList(filter: StockListFilter): Promise<StockListItem[]> {
    const params: Record<string, string> = {
      limit: String(filter.limit),
      isEtf: 'false',
      isFund: 'false',
      country: 'US',
    };
    if (filter.marketCapMoreThan !== undefined)
      params.marketCapMoreThan = String(filter.marketCapMoreThan);
    if (filter.marketCapLowerThan !== undefined)
      params.marketCapLowerThan = String(filter.marketCapLowerThan);
    if (filter.sector) params.sector = filter.sector;
    if (filter.exchanges?.length) params.exchange = filter.exchanges.join(',');
    return map.mapScreener(await this.get('company-screener', params));
  }

  async dividends(symbol: string): Promise<Dividend[]> {
    return map.mapDividends(await this.get('dividends', { symbol }));
  }

  async splits(symbol: string): Promise<Split[]> {
    return map.mapSplits(await this.get('splits', { symbol }));
  }

  async estimates(symbol: string, limit: number): Promise<AnalystEstimate[]> {
    return map.mapEstimates(
      await this.get('analyst-estimates', {
        symbol,
        period: 'annual',
        page: '0',
        limit: this.limit(limit),
      }),
    );
  }
}
