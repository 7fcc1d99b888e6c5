import { DeleteCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { dollarsToCents, formatUsd } from '../../shared/portfolio/money';
import type {
  CreatePortfolioPayload,
  SearchPortfolioPayload,
  UpdatePortfolioPayload,
} from '../../shared/portfolio/schemas';
import {
  PORTFOLIO_MESSAGES,
  type PortfolioDetailsResponse,
  type PortfolioHoldingsResponse,
  type PortfolioListResponse,
  type PortfolioMessageResponse,
  type StockPerPortfolioResponse,
} from '../../shared/schemas/portfolio-api';
import { BadRequestError, ConflictError } from '../lib/errors';
import { keyedId, transactOnce } from '../lib/idempotency';
import { keys } from '../lib/keys';
import { logger } from '../lib/logger';
import { releaseInterest } from '../market/interest';
import type { MarketService } from '../market/service';
import {
  BENCHMARK_SYMBOL,
  benchmarkCloseOn,
  holdingView,
  latestPrices,
  orderView,
  recordView,
  rowView,
  transactionView,
} from './figures';
import {
  batchDelete,
  childKeys,
  holdingsOf,
  ordersOf,
  portfoliosWithHoldings,
  requirePortfolio,
  transactionsOf,
  userStillTrades,
  type PortfolioItem,
  type PortfolioStore,
} from './store';
import { now as clockNow } from '../lib/clock';
import { creditDueActions } from './corporate-actions';

export interface PortfolioDeps {
  store: PortfolioStore;
  market: MarketService;
  now?: () => Date;
}

const nowOf = (deps: { now?: () => Date }) => (deps.now ? deps.now() : clockNow());

/** Creates a portfolio; its inception is the server's time, its cash the seed capital. */
export async function createPortfolio(
  deps: PortfolioDeps,
  userId: string,
  input: CreatePortfolioPayload,
): Promise<PortfolioMessageResponse> {
  const now = nowOf(deps).toISOString();
  const portfolioId = keyedId('portfolio');
  const seedCents = dollarsToCents(input.investment_value);
  const benchmark = (await latestPrices(deps.market, [BENCHMARK_SYMBOL])).get(BENCHMARK_SYMBOL);
  const item: PortfolioItem = {
    ...keys.portfolio(userId, portfolioId),
    type: 'Portfolio',
    portfolioId,
    portfolioName: input.portfolio_name,
    nameLower: input.portfolio_name.toLowerCase(),
    investmentCents: seedCents,
    initialSeedCents: seedCents,
    capitalFlows: [],
    cashCents: seedCents,
    reservedCents: 0,
    version: 0,
    inception: now,
    ...(input.date_time ? { clientDateTime: input.date_time } : {}),
    ...(benchmark && !benchmark.stale ? { benchmarkStart: benchmark.price } : {}),
    createdAt: now,
    updatedAt: now,
  };
  const response = { message: PORTFOLIO_MESSAGES.created, data: recordView(item) };
  // With its Idempotency-Key's answer, in one transaction (decision 121).
  await transactOnce(
    deps.store.client,
    [
      {
        Put: {
          TableName: deps.store.table,
          Item: item,
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ],
    response,
  );
  return response;
}

export async function portfolioDetails(
  deps: { store: PortfolioStore },
  userId: string,
  portfolioId: string,
): Promise<PortfolioDetailsResponse> {
  return { data: [recordView(await requirePortfolio(deps.store, userId, portfolioId))] };
}

/**
 * Renames and sets the seed capital. A change of seed moves cash by the same amount (cash =
 * seed - buys + sells) and cannot take cash below what open limit buys set aside; for the
 * IRR it is a capital flow on the day it happens (folded into the seed on the inception day).
 */
export async function updatePortfolio(
  deps: { store: PortfolioStore; now?: () => Date },
  userId: string,
  input: UpdatePortfolioPayload,
): Promise<PortfolioMessageResponse> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const p = await requirePortfolio(deps.store, userId, input.portfolio_id);
    const now = nowOf(deps);
    const newSeed = dollarsToCents(input.investment_value);
    const delta = newSeed - p.investmentCents;
    const cash = p.cashCents + delta;
    if (cash - p.reservedCents < 0) {
      const floor = p.investmentCents - (p.cashCents - p.reservedCents);
      throw new BadRequestError(
        `Seed capital cannot be less than ${formatUsd(floor)}: the rest is invested or set aside for open orders`,
        { investment_value: `Seed capital cannot be less than ${formatUsd(floor)}` },
      );
    }
    const sameDay = now.toISOString().slice(0, 10) === p.inception.slice(0, 10);
    const flows =
      delta === 0 || sameDay
        ? p.capitalFlows
        : [...p.capitalFlows, { date: now.toISOString(), amountCents: delta }];
    const next: PortfolioItem = {
      ...p,
      portfolioName: input.portfolio_name,
      nameLower: input.portfolio_name.toLowerCase(),
      investmentCents: newSeed,
      initialSeedCents: sameDay ? p.initialSeedCents + delta : p.initialSeedCents,
      capitalFlows: flows,
      cashCents: cash,
      version: p.version + 1,
      ...(input.date_time ? { clientDateTime: input.date_time } : {}),
      updatedAt: now.toISOString(),
    };
    try {
      await deps.store.client.send(
        new PutCommand({
          TableName: deps.store.table,
          Item: next,
          ConditionExpression: 'attribute_exists(pk) AND version = :v',
          ExpressionAttributeValues: { ':v': p.version },
        }),
      );
      return { message: PORTFOLIO_MESSAGES.updated, data: recordView(next) };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  throw new ConflictError('The portfolio changed while saving, please try again');
}

/**
 * Deletes the portfolio, then everything under it (holdings, transactions, orders, so the open
 * orders leave the gsi1 `OPEN_ORDER` index with them) and releases the symbols the user no
 * longer holds anywhere. The portfolio goes first: an order racing the delete fails on its
 * version condition instead of writing into a deleted portfolio.
 */
export async function deletePortfolio(
  deps: { store: PortfolioStore },
  userId: string,
  portfolioId: string,
): Promise<PortfolioMessageResponse> {
  const children = await deletePortfolioItems(deps.store, userId, portfolioId);
  const symbols = new Set(
    children
      .filter((c) => (c.type === 'Holding' || c.type === 'Order') && c.symbol)
      .map((c) => c.symbol!),
  );
  await syncInterest(deps.store, userId, symbols);
  return { message: PORTFOLIO_MESSAGES.deleted };
}

/** A transaction holds at most this many writes (DynamoDB's limit). */
const TRANSACTION_LIMIT = 100;

/**
 * Deletes a portfolio and its holdings, transactions and orders with nothing left half
 * deleted: one transaction, on the condition that the portfolio did not change since its
 * children were listed (an order placed meanwhile bumps its version and the delete starts
 * over). A portfolio with more children than a transaction holds is deleted children
 * first and the portfolio last, so a retry after a failure completes the deletion.
 */
async function deletePortfolioItems(
  store: PortfolioStore,
  userId: string,
  portfolioId: string,
): Promise<Awaited<ReturnType<typeof childKeys>>> {
  for (let attempt = 1; ; attempt++) {
    const portfolio = await requirePortfolio(store, userId, portfolioId);
    const children = await childKeys(store, userId, portfolioId);
    const portfolioDelete = {
      TableName: store.table,
      Key: keys.portfolio(userId, portfolioId),
      ConditionExpression: 'version = :v',
      ExpressionAttributeValues: { ':v': portfolio.version },
    };
    if (children.length >= TRANSACTION_LIMIT) {
      await batchDelete(store, children);
      try {
        await store.client.send(new DeleteCommand(portfolioDelete));
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException) || attempt >= 5) throw error;
        continue;
      }
      return children;
    }
    try {
      await store.client.send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: portfolioDelete },
            ...children.map((c) => ({
              Delete: { TableName: store.table, Key: { pk: c.pk, sk: c.sk } },
            })),
          ],
        }),
      );
      return children;
    } catch (error) {
      const retry =
        error instanceof TransactionCanceledException &&
        (error.CancellationReasons ?? []).some(
          (r) => r.Code === 'ConditionalCheckFailed' || r.Code === 'TransactionConflict',
        );
      if (!retry || attempt >= 5) throw error;
    }
  }
}

/** Keeps the user's 'holding' interest in each symbol only while some portfolio holds it or has an open order in it. */
export async function syncInterest(
  store: PortfolioStore,
  userId: string,
  symbols: Iterable<string>,
): Promise<void> {
  for (const symbol of symbols) {
    try {
      if (!(await userStillTrades(store, userId, symbol)))
        await releaseInterest(userId, symbol, 'holding', {
          client: store.client,
          tableName: store.table,
        });
    } catch (error) {
      logger.warn('could not release symbol interest', { symbol, error: error as Error });
    }
  }
}

/** Dashboard rows for every portfolio (or those whose name contains `nameFilter`), with the total NAV. */
export async function portfolioList(
  deps: PortfolioDeps,
  userId: string,
  nameFilter = '',
): Promise<PortfolioListResponse> {
  const now = nowOf(deps);
  const needle = nameFilter.trim().toLowerCase();
  const all = (await portfoliosWithHoldings(deps.store, userId)).filter(
    (e) => needle === '' || e.portfolio.nameLower.includes(needle),
  );
  const symbols = all.flatMap((e) => e.holdings.map((h) => h.symbol));
  const prices =
    all.length > 0 ? await latestPrices(deps.market, [...symbols, BENCHMARK_SYMBOL]) : new Map();
  const benchmarkStarts = new Map<string, number>();
  const days = new Map<string, Promise<number | undefined>>();
  for (const { portfolio } of all) {
    if (portfolio.benchmarkStart !== undefined) continue;
    const day = portfolio.inception.slice(0, 10);
    if (!days.has(day)) days.set(day, benchmarkCloseOn(deps.market, portfolio.inception));
    const close = await days.get(day);
    if (close !== undefined) benchmarkStarts.set(portfolio.portfolioId, close);
  }
  const rows = all.map((e) => rowView(e.portfolio, e.holdings, { prices, benchmarkStarts, now }));
  const totalCents = rows.reduce((sum, r) => sum + (r.nav_cents ?? 0), 0);
  return {
    data: rows,
    total_porfolio_value: totalCents / 100,
    total_portfolio_value_cents: totalCents,
    total_incomplete: rows.some((r) => r.nav_cents === null),
    asOf: now.toISOString(),
  };
}

export function searchPortfolios(
  deps: PortfolioDeps,
  userId: string,
  input: SearchPortfolioPayload,
): Promise<PortfolioListResponse> {
  return portfolioList(deps, userId, input.portfolio_name);
}

export async function stocksPerPortfolio(
  deps: { store: PortfolioStore },
  userId: string,
  portfolioId: string,
): Promise<StockPerPortfolioResponse> {
  await requirePortfolio(deps.store, userId, portfolioId);
  const holdings = await holdingsOf(deps.store, userId, portfolioId);
  return { data: holdings.map((h) => h.symbol).sort() };
}

const TRANSACTIONS_SHOWN = 200;
const CLOSED_ORDERS_SHOWN = 50;

/** The stock panel's data: holdings at the latest quotes, cash, NAV, IRR, benchmark, orders and transactions. */
export async function portfolioHoldings(
  deps: PortfolioDeps,
  userId: string,
  portfolioId: string,
): Promise<PortfolioHoldingsResponse> {
  const now = nowOf(deps);
  let portfolio = await requirePortfolio(deps.store, userId, portfolioId);
  if (await creditDueActions(deps, userId, portfolio))
    portfolio = await requirePortfolio(deps.store, userId, portfolioId);
  const [holdings, orders, listed] = await Promise.all([
    holdingsOf(deps.store, userId, portfolioId),
    ordersOf(deps.store, userId, portfolioId),
    transactionsOf(deps.store, userId, portfolioId, TRANSACTIONS_SHOWN),
  ]);
  // The trades of an import still being committed are not shown yet.
  const transactions = listed.filter(
    (t) => t.importId === undefined || t.importId !== portfolio.importing,
  );
  const prices = await latestPrices(deps.market, [
    ...holdings.map((h) => h.symbol),
    BENCHMARK_SYMBOL,
  ]);
  const benchmarkStarts = new Map<string, number>();
  if (portfolio.benchmarkStart === undefined) {
    const close = await benchmarkCloseOn(deps.market, portfolio.inception);
    if (close !== undefined) benchmarkStarts.set(portfolioId, close);
  }
  const row = rowView(portfolio, holdings, { prices, benchmarkStarts, now });
  return {
    data: {
      portfolio: row,
      holdings: holdings
        .map((h) => holdingView(h, prices.get(h.symbol)?.price, row.nav_cents))
        .sort((a, b) => a.symbol.localeCompare(b.symbol)),
      open_orders: orders.filter((o) => o.status === 'open').map(orderView),
      closed_orders: orders
        .filter((o) => o.status !== 'open' && o.orderType === 'limit')
        .slice(0, CLOSED_ORDERS_SHOWN)
        .map(orderView),
      transactions: transactions.map(transactionView),
    },
    asOf: now.toISOString(),
  };
}
