import { BatchWriteCommand, GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { OrderSide } from '../../shared/portfolio/ledger';
import type { InvestBy } from '../../shared/portfolio/orders';
import { required } from '../lib/config';
import { db, queryPartition } from '../lib/dynamo';
import { NotFoundError } from '../lib/errors';
import { keys, userPk } from '../lib/keys';
import { PORTFOLIO_MESSAGES } from '../../shared/schemas/portfolio-api';

/**
 * Portfolio items under the user's partition (functions/lib/keys.ts):
 * - the portfolio `PORTFOLIO#<id>`: name, seed capital, cash, cash reserved for open limit
 *   buys, a version every money-moving write checks and bumps;
 * - holdings `PORTFOLIO#<id>#HOLDING#<symbol>`, transactions `...#TXN#<time>#<id>`, orders
 *   `...#ORDER#<id>` (open limit orders also carry the gsi1 `OPEN_ORDER` keys).
 * Every write that changes cash or holdings is one transaction conditioned on the
 * portfolio's version, so two orders can never both spend the same cash.
 */

export interface CapitalFlowItem {
  date: string;
  amountCents: number;
}

export interface PortfolioItem {
  pk: string;
  sk: string;
  type: 'Portfolio';
  portfolioId: string;
  portfolioName: string;
  nameLower: string;
  /** Current seed capital (what the slider shows). */
  investmentCents: number;
  /** Seed capital at inception, after same-day adjustments; later changes are capital flows. */
  initialSeedCents: number;
  capitalFlows: CapitalFlowItem[];
  cashCents: number;
  reservedCents: number;
  version: number;
  inception: string;
  clientDateTime?: string;
  /** The S&P 500 level at inception (its quote when the portfolio was created). */
  benchmarkStart?: number;
  /** The hash of an import being committed: its items are not the portfolio's yet (decision 130). */
  importing?: string;
  importStartedAt?: string;
  /** The day every dividend and split due was last found applied (decision 130). */
  actionsCheckedOn?: string;
  /**
   * Per symbol, the import after which its dividends and splits were derived again (decision
   * 131): only the actions under that basis are the portfolio's; earlier ones are ignored.
   */
  actionBasis?: Record<string, string>;
  /** How the holdings' cost and realised gains are worked out (absent: the average cost; decision 131). */
  costMethod?: 'average' | 'fifo';
  /** The risk-free rate of the Sharpe ratio, percent a year (absent: 4; decision 131). */
  riskFreeRate?: number;
  createdAt: string;
  updatedAt: string;
}

export interface HoldingItem {
  pk: string;
  sk: string;
  type: 'Holding';
  portfolioId: string;
  symbol: string;
  quantity: number;
  costCents: number;
  reservedQuantity: number;
  updatedAt: string;
}

export interface TransactionItem {
  pk: string;
  sk: string;
  type: 'Transaction';
  portfolioId: string;
  txnId: string;
  symbol: string;
  side: OrderSide;
  quantity: number;
  price: number;
  valueCents: number;
  time: string;
  orderType: 'market' | 'limit';
  orderId?: string;
  valuationId?: string;
  /** The import that wrote it (decision 130). */
  importId?: string;
  /** A fee paid with the trade (imported trades; paper trades carry none). */
  feeCents?: number;
}

export interface OrderItem {
  pk: string;
  sk: string;
  type: 'Order';
  userId: string;
  portfolioId: string;
  orderId: string;
  symbol: string;
  side: OrderSide;
  orderType: 'market' | 'limit';
  status: 'open' | 'filled' | 'cancelled';
  quantity: number;
  investBy: InvestBy;
  limitPrice?: number;
  reservedCents: number;
  valuationId?: string;
  createdAt: string;
  closedAt?: string;
  fillPrice?: number;
  txnId?: string;
  gsi1pk?: string;
  gsi1sk?: string;
}

export interface PortfolioStore {
  client: DynamoDBDocumentClient;
  table: string;
}

export function portfolioStore(): PortfolioStore {
  return { client: db, table: required('TABLE_NAME') };
}

export function portfolioIdOf(sk: string): string {
  return sk.slice(keys.portfolioPrefix.length).split('#')[0] ?? '';
}

export async function getPortfolio(
  store: PortfolioStore,
  userId: string,
  portfolioId: string,
): Promise<PortfolioItem | undefined> {
  const out = await store.client.send(
    new GetCommand({
      TableName: store.table,
      Key: keys.portfolio(userId, portfolioId),
      ConsistentRead: true,
    }),
  );
  return out.Item as PortfolioItem | undefined;
}

/** The portfolio, or 404 (another user's id finds nothing under this user's partition). */
export async function requirePortfolio(
  store: PortfolioStore,
  userId: string,
  portfolioId: string,
): Promise<PortfolioItem> {
  const item = await getPortfolio(store, userId, portfolioId);
  if (!item) throw new NotFoundError(PORTFOLIO_MESSAGES.notFound);
  return item;
}

function queryAll(
  store: PortfolioStore,
  input: {
    prefix: string;
    userId: string;
    filter?: string;
    names?: Record<string, string>;
    values?: Record<string, unknown>;
    descending?: boolean;
    limit?: number;
  },
): Promise<Record<string, unknown>[]> {
  const { userId, ...rest } = input;
  return queryPartition(store.client, {
    ...rest,
    table: store.table,
    pk: userPk(userId),
    consistent: true,
  });
}

/** Every portfolio of a user with its holdings (one query; transactions and orders filtered out). */
export async function portfoliosWithHoldings(
  store: PortfolioStore,
  userId: string,
): Promise<{ portfolio: PortfolioItem; holdings: HoldingItem[] }[]> {
  const items = await queryAll(store, {
    userId,
    prefix: keys.portfolioPrefix,
    filter: '#type IN (:portfolio, :holding)',
    names: { '#type': 'type' },
    values: { ':portfolio': 'Portfolio', ':holding': 'Holding' },
  });
  const byId = new Map<string, { portfolio: PortfolioItem; holdings: HoldingItem[] }>();
  for (const item of items) {
    if (item.type === 'Portfolio')
      byId.set(String(item.portfolioId), {
        portfolio: item as unknown as PortfolioItem,
        holdings: [],
      });
  }
  for (const item of items) {
    if (item.type === 'Holding')
      byId.get(String(item.portfolioId))?.holdings.push(item as unknown as HoldingItem);
  }
  return [...byId.values()].sort((a, b) =>
    a.portfolio.createdAt.localeCompare(b.portfolio.createdAt),
  );
}

export async function holdingsOf(
  store: PortfolioStore,
  userId: string,
  portfolioId: string,
): Promise<HoldingItem[]> {
  const items = await queryAll(store, {
    userId,
    prefix: `${keys.portfolioChildrenPrefix(portfolioId)}HOLDING#`,
  });
  return items as unknown as HoldingItem[];
}

export async function ordersOf(
  store: PortfolioStore,
  userId: string,
  portfolioId: string,
): Promise<OrderItem[]> {
  const items = await queryAll(store, {
    userId,
    prefix: `${keys.portfolioChildrenPrefix(portfolioId)}ORDER#`,
  });
  return (items as unknown as OrderItem[]).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export async function transactionsOf(
  store: PortfolioStore,
  userId: string,
  portfolioId: string,
  limit: number,
): Promise<TransactionItem[]> {
  const items = await queryAll(store, {
    userId,
    prefix: keys.portfolioTransactionsPrefix(portfolioId),
    descending: true,
    limit,
  });
  return items as unknown as TransactionItem[];
}

/** Keys of everything under a portfolio (holdings, transactions, orders). */
export async function childKeys(
  store: PortfolioStore,
  userId: string,
  portfolioId: string,
): Promise<{ pk: string; sk: string; type: string; symbol?: string }[]> {
  const items = await queryAll(store, {
    userId,
    prefix: keys.portfolioChildrenPrefix(portfolioId),
  });
  return items.map((i) => ({
    pk: String(i.pk),
    sk: String(i.sk),
    type: String(i.type),
    ...(typeof i.symbol === 'string' ? { symbol: i.symbol } : {}),
  }));
}

/** Deletes items 25 at a time, retrying what DynamoDB leaves unprocessed. */
export async function batchDelete(
  store: PortfolioStore,
  itemKeys: readonly { pk: string; sk: string }[],
): Promise<void> {
  for (let i = 0; i < itemKeys.length; i += 25) {
    let request: Record<string, unknown[]> | undefined = {
      [store.table]: itemKeys
        .slice(i, i + 25)
        .map((k) => ({ DeleteRequest: { Key: { pk: k.pk, sk: k.sk } } })),
    };
    for (let attempt = 0; request && Object.keys(request).length > 0; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      const out = await store.client.send(
        new BatchWriteCommand({ RequestItems: request as never }),
      );
      request = out.UnprocessedItems as Record<string, unknown[]> | undefined;
      if (attempt > 8 && request && Object.keys(request).length > 0)
        throw new Error('Could not delete every item of the portfolio');
    }
  }
}

/**
 * Whether the user still holds, or has an open order in, the symbol in any portfolio (decides
 * whether the quote job should keep the symbol warm for this user).
 */
export async function userStillTrades(
  store: PortfolioStore,
  userId: string,
  symbol: string,
): Promise<boolean> {
  const items = await queryAll(store, {
    userId,
    prefix: keys.portfolioPrefix,
    filter: 'symbol = :s AND (#type = :holding OR (#type = :order AND #status = :open))',
    names: { '#type': 'type', '#status': 'status' },
    values: { ':s': symbol, ':holding': 'Holding', ':order': 'Order', ':open': 'open' },
  });
  return items.length > 0;
}

/** True when a transaction failed because one of its conditions did not hold. */
export function conditionFailed(error: unknown): boolean {
  return (
    error instanceof TransactionCanceledException &&
    (error.CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed')
  );
}
