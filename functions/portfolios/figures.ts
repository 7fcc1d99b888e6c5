import { centsToDollars } from '../../shared/portfolio/money';
import { navCents } from '../../shared/portfolio/nav';
import { benchmarkSinceInception, irrSinceInception } from '../../shared/portfolio/xirr';
import type {
  HoldingView,
  OrderView,
  PortfolioRecord,
  PortfolioRow,
  ReturnFigureView,
  TransactionView,
} from '../../shared/schemas/portfolio-api';
import { logger } from '../lib/logger';
import type { MarketService } from '../market/service';
import type { HoldingItem, OrderItem, PortfolioItem, TransactionItem } from './store';

export const BENCHMARK_SYMBOL = '^GSPC';
export const BENCHMARK_NAME = 'S&P 500';

export interface PriceInfo {
  price: number;
  stale: boolean;
  fetchedAt: number;
}

/**
 * Latest prices from the quote cache the quote job keeps warm (a miss is fetched once and
 * cached). A symbol the provider cannot price is left out, never guessed.
 */
export async function latestPrices(
  service: MarketService,
  symbols: readonly string[],
): Promise<Map<string, PriceInfo>> {
  const unique = [...new Set(symbols)];
  const prices = new Map<string, PriceInfo>();
  if (unique.length === 0) return prices;
  const take = (raw: Awaited<ReturnType<MarketService['rawQuotes']>>) => {
    for (const [symbol, result] of raw) {
      const price = result.value?.price;
      if (typeof price === 'number' && Number.isFinite(price) && price > 0) {
        prices.set(symbol, { price, stale: result.stale, fetchedAt: result.fetchedAt });
      }
    }
  };
  try {
    take(await service.rawQuotes(unique));
  } catch (error) {
    logger.warn('quotes unavailable, reading symbols one by one', { error: error as Error });
    for (const symbol of unique) {
      try {
        take(await service.rawQuotes([symbol]));
      } catch {
        // No price for this symbol right now.
      }
    }
  }
  return prices;
}

const DAY_MS = 86_400_000;

/** The S&P 500 close on or before the inception day: the start when no level was kept at creation. */
export async function benchmarkCloseOn(
  service: MarketService,
  inception: string,
): Promise<number | undefined> {
  const day = inception.slice(0, 10);
  const from = new Date(Date.parse(`${day}T00:00:00Z`) - 10 * DAY_MS).toISOString().slice(0, 10);
  try {
    const bars = (await service.daily(BENCHMARK_SYMBOL, from, day)).data
      .filter((b) => b.date.slice(0, 10) <= day)
      .sort((a, b) => a.date.localeCompare(b.date));
    return bars.at(-1)?.close;
  } catch (error) {
    logger.warn('benchmark history unavailable', { error: error as Error });
    return undefined;
  }
}

export function recordView(p: PortfolioItem): PortfolioRecord {
  return {
    id: p.portfolioId,
    portfolio_id: p.portfolioId,
    portfolio_name: p.portfolioName,
    investment_value: centsToDollars(p.investmentCents),
    investment_cents: p.investmentCents,
    inception_date: p.inception,
    date_time: p.clientDateTime ?? null,
    cash_cents: p.cashCents,
    reserved_cents: p.reservedCents,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  };
}

function figure(result: ReturnType<typeof irrSinceInception>): ReturnFigureView {
  return result.kind === 'unavailable'
    ? { kind: 'unavailable', reason: result.reason, message: result.message }
    : { kind: result.kind, rate: result.rate };
}

export interface RowContext {
  prices: ReadonlyMap<string, PriceInfo>;
  /** Start level per portfolio id, for portfolios without a kept one. */
  benchmarkStarts: ReadonlyMap<string, number>;
  now: Date;
}

export function navOf(
  p: PortfolioItem,
  holdings: readonly HoldingItem[],
  prices: ReadonlyMap<string, PriceInfo>,
) {
  const quotes = new Map<string, number>();
  for (const h of holdings) {
    const info = prices.get(h.symbol);
    if (info) quotes.set(h.symbol, info.price);
  }
  return navCents(
    p.cashCents,
    Object.fromEntries(
      holdings.map((h) => [h.symbol, { quantity: h.quantity, costCents: h.costCents }]),
    ),
    quotes,
  );
}

/** A dashboard row: NAV at the latest quotes, IRR since inception and the benchmark over the same dates. */
export function rowView(
  p: PortfolioItem,
  holdings: readonly HoldingItem[],
  ctx: RowContext,
): PortfolioRow {
  const nav = navOf(p, holdings, ctx.prices);
  const today = ctx.now.toISOString();
  const irr: ReturnFigureView = nav.ok
    ? figure(
        irrSinceInception({
          inception: p.inception,
          seedCents: p.initialSeedCents,
          navCents: nav.navCents,
          today,
          flows: p.capitalFlows.map((f) => ({ date: f.date, amountCents: f.amountCents })),
        }),
      )
    : {
        kind: 'unavailable',
        reason: 'no-quotes',
        message: `No quote for ${nav.missingQuotes.join(', ')} right now`,
      };
  const start = p.benchmarkStart ?? ctx.benchmarkStarts.get(p.portfolioId);
  const end = ctx.prices.get(BENCHMARK_SYMBOL)?.price;
  const benchmark: ReturnFigureView =
    start !== undefined && end !== undefined
      ? figure(
          benchmarkSinceInception({
            inception: p.inception,
            today,
            startClose: start,
            endClose: end,
          }),
        )
      : {
          kind: 'unavailable',
          reason: 'no-quotes',
          message: 'The S&P 500 level is unavailable right now',
        };
  const stale = holdings.some((h) => ctx.prices.get(h.symbol)?.stale === true);
  return {
    ...recordView(p),
    nav_cents: nav.ok ? nav.navCents : null,
    net_asset_value: nav.ok ? centsToDollars(nav.navCents) : null,
    holdings_value_cents: nav.ok ? nav.holdingsValueCents : null,
    stocks_held: holdings.length,
    irr,
    benchmark: { ...benchmark, symbol: BENCHMARK_SYMBOL, name: BENCHMARK_NAME },
    missing_quotes: nav.ok ? [] : nav.missingQuotes,
    stale,
  };
}

export function holdingView(
  h: HoldingItem,
  price: number | undefined,
  totalNavCents: number | null,
): HoldingView {
  const value = price === undefined ? null : navOfOne(h, price);
  return {
    symbol: h.symbol,
    quantity: h.quantity,
    reserved_quantity: h.reservedQuantity ?? 0,
    cost_cents: h.costCents,
    average_price:
      h.quantity > 0 ? Math.round((h.costCents / 100 / h.quantity) * 10_000) / 10_000 : 0,
    price: price ?? null,
    value_cents: value,
    gain_cents: value === null ? null : value - h.costCents,
    weight:
      value === null || totalNavCents === null || totalNavCents <= 0 ? null : value / totalNavCents,
  };
}

function navOfOne(h: HoldingItem, price: number): number {
  const result = navCents(
    0,
    { [h.symbol]: { quantity: h.quantity, costCents: h.costCents } },
    { [h.symbol]: price },
  );
  return result.ok ? result.holdingsValueCents : 0;
}

export function orderView(o: OrderItem): OrderView {
  return {
    order_id: o.orderId,
    portfolio_id: o.portfolioId,
    symbol: o.symbol,
    side: o.side,
    order_type: o.orderType,
    status: o.status,
    quantity: o.quantity,
    limit_price: o.limitPrice ?? null,
    reserved_cents: o.reservedCents,
    valuation_id: o.valuationId ?? null,
    created_at: o.createdAt,
    closed_at: o.closedAt ?? null,
    fill_price: o.fillPrice ?? null,
    transaction_id: o.txnId ?? null,
  };
}

export function transactionView(t: TransactionItem): TransactionView {
  return {
    transaction_id: t.txnId,
    symbol: t.symbol,
    side: t.side,
    quantity: t.quantity,
    price: t.price,
    value_cents: t.valueCents,
    time: t.time,
    order_type: t.orderType,
    order_id: t.orderId ?? null,
    valuation_id: t.valuationId ?? null,
  };
}
