import { DeleteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
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
  type PortfolioRow,
  type StockPerPortfolioResponse,
} from '../../shared/schemas/portfolio-api';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { keyedId, transactOnce } from '../lib/idempotency';
import { keys } from '../lib/keys';
import { logger } from '../lib/logger';
import { releaseInterest } from '../market/interest';
import type { MarketService } from '../market/service';
import {
  BENCHMARK_NAME,
  BENCHMARK_SYMBOL,
  holdingView,
  latestPrices,
  orderView,
  type PriceInfo,
  recordView,
  rowView,
  transactionView,
} from './figures';
import { figuresOf, portfolioNow, positionsOf } from './engine';
import { readHistories, type StoredHistory } from './stored-history';
import { changeRecord } from './ledger';
import {
  batchDelete,
  childKeys,
  conditionFailed,
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
import { upkeepFailed } from './corporate-actions';

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

/** The portfolio's record, its cash from the engine (due dividends credited first). */
export async function portfolioDetails(
  deps: PortfolioDeps,
  userId: string,
  portfolioId: string,
): Promise<PortfolioDetailsResponse> {
  const now = await portfolioNow(deps, userId, portfolioId);
  return { data: [recordView(now.portfolio, positionsOf(now).cashCents)] };
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
      ...(input.cost_method ? { costMethod: input.cost_method } : {}),
      ...(input.risk_free_rate !== undefined ? { riskFreeRate: input.risk_free_rate } : {}),
      updatedAt: now.toISOString(),
    };
    try {
      await deps.store.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: deps.store.table,
                Item: next,
                ConditionExpression: 'attribute_exists(pk) AND version = :v',
                ExpressionAttributeValues: { ':v': p.version },
              },
            },
            // What changed, for the engine (decision 175): the money put in, from its day.
            changeRecord(
              deps.store,
              userId,
              p.portfolioId,
              next.version,
              delta === 0 ? {} : { from: (sameDay ? p.inception : now.toISOString()).slice(0, 10) },
              now,
            ),
          ],
        }),
      );
      return { message: PORTFOLIO_MESSAGES.updated, data: recordView(next) };
    } catch (error) {
      if (!conditionFailed(error)) throw error;
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

/** Portfolios the list computes at once. */
const LIST_CONCURRENCY = 4;

/**
 * Dashboard rows for every portfolio (or those whose name contains `nameFilter`), with the total
 * NAV: each row from the one engine (engine.ts), due dividends and splits applied first. The
 * kept histories are read together and the quotes once for every portfolio.
 */
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
  const prices = new Map<string, PriceInfo | null>();
  const [stored] = await Promise.all([
    readHistories(
      deps.store,
      userId,
      all.map((e) => e.portfolio.portfolioId),
    ),
    // The quotes the rows will need, read in one go (the engine reads any other).
    all.length > 0
      ? latestPrices(deps.market, [
          ...all.flatMap((e) => e.holdings.map((h) => h.symbol)),
          BENCHMARK_SYMBOL,
        ]).then((read) => {
          for (const [symbol, info] of read) prices.set(symbol, info);
        })
      : undefined,
  ]);
  const engineDeps = { ...deps, prices };
  const rows: PortfolioRow[] = new Array(all.length);
  let next = 0;
  const worker = async () => {
    while (next < all.length) {
      const i = next++;
      const { portfolio } = all[i]!;
      rows[i] = await rowOf(
        engineDeps,
        userId,
        portfolio,
        stored.get(portfolio.portfolioId) ?? null,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(LIST_CONCURRENCY, all.length) }, worker));
  const totalCents = rows.reduce((sum, r) => sum + (r.nav_cents ?? 0), 0);
  return {
    data: rows,
    total_porfolio_value: totalCents / 100,
    total_portfolio_value_cents: totalCents,
    total_incomplete: rows.some((r) => r.nav_cents === null),
    asOf: now.toISOString(),
  };
}

/** A row from the engine; a portfolio the engine cannot compute is shown without figures. */
async function rowOf(
  deps: PortfolioDeps & { prices: Map<string, PriceInfo | null> },
  userId: string,
  portfolio: PortfolioItem,
  stored: StoredHistory | null,
): Promise<PortfolioRow> {
  try {
    const now = await portfolioNow(deps, userId, portfolio.portfolioId, { stored });
    return rowView(now.portfolio, figuresOf(now));
  } catch (error) {
    if (error instanceof NotFoundError) throw error;
    upkeepFailed('engine', error);
    const unavailable = {
      kind: 'unavailable' as const,
      reason: 'no-history' as const,
      message: "This portfolio's figures cannot be computed right now",
    };
    return {
      ...recordView(portfolio),
      nav_cents: null,
      net_asset_value: null,
      holdings_value_cents: null,
      stocks_held: 0,
      irr: unavailable,
      twr: unavailable,
      benchmark: {
        ...unavailable,
        symbol: BENCHMARK_SYMBOL,
        name: BENCHMARK_NAME,
        value_cents: null,
      },
      missing_quotes: [],
      stale: false,
    };
  }
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

/**
 * The holdings view: the portfolio's row and its positions from the engine (due dividends and
 * splits applied first), what open orders set aside from the ledger, the orders and transactions.
 */
export async function portfolioHoldings(
  deps: PortfolioDeps,
  userId: string,
  portfolioId: string,
): Promise<PortfolioHoldingsResponse> {
  const now = nowOf(deps);
  const engine = await portfolioNow(deps, userId, portfolioId);
  const portfolio = engine.portfolio;
  const [ledger, orders, listed] = await Promise.all([
    holdingsOf(deps.store, userId, portfolioId),
    ordersOf(deps.store, userId, portfolioId),
    transactionsOf(deps.store, userId, portfolioId, TRANSACTIONS_SHOWN),
  ]);
  // The trades of an import still being committed are not shown yet.
  const transactions = listed.filter(
    (t) => t.importId === undefined || t.importId !== portfolio.importing,
  );
  const figures = figuresOf(engine);
  const reserved = new Map(ledger.map((h) => [h.symbol, h.reservedQuantity ?? 0]));
  return {
    data: {
      portfolio: rowView(portfolio, figures),
      holdings: figures.holdings
        .map((h) => holdingView(h, reserved.get(h.symbol) ?? 0, figures.navCents))
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
