import type { HoldingFigures } from '../../shared/portfolio/history';
import { centsToDollars } from '../../shared/portfolio/money';
import type { RateFigure } from '../../shared/portfolio/returns';
import { RISK_FREE_RATE_DEFAULT } from '../../shared/portfolio/schemas';
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
import type { PortfolioFigures } from './engine';
import type { OrderItem, PortfolioItem, TransactionItem } from './store';

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

/** The portfolio's record; `cashCents` is the engine's cash when the caller has it. */
export function recordView(p: PortfolioItem, cashCents = p.cashCents): PortfolioRecord {
  return {
    id: p.portfolioId,
    portfolio_id: p.portfolioId,
    portfolio_name: p.portfolioName,
    investment_value: centsToDollars(p.investmentCents),
    investment_cents: p.investmentCents,
    inception_date: p.inception,
    date_time: p.clientDateTime ?? null,
    cash_cents: cashCents,
    reserved_cents: p.reservedCents,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
    cost_method: p.costMethod ?? 'average',
    risk_free_rate: p.riskFreeRate ?? RISK_FREE_RATE_DEFAULT,
  };
}

function figure(result: RateFigure): ReturnFigureView {
  return result.kind === 'unavailable'
    ? { kind: 'unavailable', reason: result.reason, message: result.message }
    : { kind: result.kind, rate: result.rate };
}

/**
 * A portfolio's row (list, dashboard, holdings view), every figure from the engine
 * (engine.ts `figuresOf`); the portfolio item gives only its name, dates and what open orders
 * set aside.
 */
export function rowView(p: PortfolioItem, f: PortfolioFigures): PortfolioRow {
  return {
    ...recordView(p, f.cashCents),
    nav_cents: f.navCents,
    net_asset_value: centsToDollars(f.navCents),
    holdings_value_cents: f.holdingsValueCents,
    stocks_held: f.holdings.length,
    irr: figure(f.mwr),
    twr: figure(f.twr),
    benchmark: {
      ...figure(f.benchmark.mwr),
      symbol: BENCHMARK_SYMBOL,
      name: BENCHMARK_NAME,
      value_cents: f.benchmark.valueCents,
    },
    missing_quotes: f.missingQuotes,
    stale: f.stale,
  };
}

/** A held position as the holdings view shows it: the engine's figures, the ledger's reserve. */
export function holdingView(
  h: HoldingFigures,
  reservedQuantity: number,
  navCents: number,
): HoldingView {
  return {
    symbol: h.symbol,
    quantity: h.quantity,
    reserved_quantity: reservedQuantity,
    cost_cents: h.costCents,
    average_price: h.averageCost,
    price: h.price,
    value_cents: h.valueCents,
    gain_cents: h.unrealisedCents,
    weight: navCents > 0 ? h.valueCents / navCents : null,
  };
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
