import { afterAll, beforeAll } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { handler as addPortfolio } from '../../functions/api/addPortfolio';
import { handler as cancelOrder } from '../../functions/api/cancelOrder';
import { handler as deletePortfolio } from '../../functions/api/deletePortfolio';
import { handler as getPortfolioDetails } from '../../functions/api/getPortfolioDetails';
import { handler as getPortfolioHoldings } from '../../functions/api/getPortfolioHoldings';
import { handler as getPortfolioList } from '../../functions/api/getPortfolioList';
import { handler as getPortfolioIncome } from '../../functions/api/getPortfolioIncome';
import { handler as getPortfolioPerformance } from '../../functions/api/getPortfolioPerformance';
import { handler as getPerformanceRows } from '../../functions/api/getPerformanceRows';
import { handler as exportActivity } from '../../functions/api/exportActivity';
import { handler as importTransactions } from '../../functions/api/importTransactions';
import { handler as placeOrder } from '../../functions/api/placeOrder';
import { handler as searchPortfolioList } from '../../functions/api/searchPortfolioList';
import { handler as stockPerPortfolio } from '../../functions/api/stockPerPortfolio';
import { handler as updatePortfolioDetails } from '../../functions/api/updatePortfolioDetails';
import { GSI1, keys, userPk } from '../../functions/lib/keys';
import {
  buildMarketService,
  type MarketService,
  useMarketService,
} from '../../functions/market/service';
import { DemoSource } from '../../functions/market/source';
import { buildApiEvent, buildLambdaContext, matchRoute } from '../../infra/local/api-event';
import { ROUTES } from '../../shared/routes';
import { testStack } from '../support/stack';

/** Tools the portfolio tests share: handlers called as API Gateway calls them, with a signed-in user's claims. */

export const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}));

type Handler = (event: never, context: never) => Promise<unknown>;

export const HANDLERS = {
  addPortfolio: ['/api/addPortfolio', addPortfolio],
  getPortfolioList: ['/api/getPortfolioList', getPortfolioList],
  getPortfolioDetails: ['/api/getPortfolioDetails', getPortfolioDetails],
  updatePortfolioDetails: ['/api/updatePortfolioDetails', updatePortfolioDetails],
  deletePortfolio: ['/api/deletePortfolio', deletePortfolio],
  searchPortfolioList: ['/api/searchPortfolioList', searchPortfolioList],
  stockPerPortfolio: ['/api/stock_per_portfolio', stockPerPortfolio],
  getPortfolioHoldings: ['/api/getPortfolioHoldings', getPortfolioHoldings],
  placeOrder: ['/api/placeOrder', placeOrder],
  getPortfolioPerformance: ['/api/getPortfolioPerformance', getPortfolioPerformance],
  getPerformanceRows: ['/api/getPerformanceRows', getPerformanceRows],
  getPortfolioIncome: ['/api/getPortfolioIncome', getPortfolioIncome],
  importTransactions: ['/api/importTransactions', importTransactions],
  exportActivity: ['/api/exportActivity', exportActivity],
  cancelOrder: ['/api/cancelOrder', cancelOrder],
} as const satisfies Record<string, readonly [string, unknown]>;

export type RouteName = keyof typeof HANDLERS;

export interface Reply {
  statusCode: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** Calls a portfolio route's handler in this process as `userId` (the JWT `sub`); a string body is sent raw. */
export async function call(
  userId: string | undefined,
  name: RouteName,
  body?: unknown,
): Promise<Reply> {
  const [path, handler] = HANDLERS[name];
  const method = name === 'getPortfolioList' ? 'GET' : 'POST';
  const match = matchRoute(ROUTES, method, path);
  if (!match) throw new Error(`no route ${method} ${path}`);
  const requestId = randomUUID();
  const raw = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const event = buildApiEvent(
    {
      method,
      url: path,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(raw),
      sourceIp: '127.0.0.1',
    },
    match,
    {
      domainName: 'localhost',
      requestId,
      ...(userId ? { claims: { sub: userId, token_use: 'access' } } : {}),
    },
  );
  const out = (await (handler as Handler)(
    event as never,
    buildLambdaContext(match.route.id, requestId, 20_000) as never,
  )) as { statusCode: number; body: string };
  return { statusCode: out.statusCode, body: JSON.parse(out.body) };
}

export const newUser = () => randomUUID();

/** A market service over the demo data set with its own cache items, so tests set the quotes. */
export function testMarket(): MarketService {
  return buildMarketService({
    source: new DemoSource(),
    namespace: `pf${randomUUID().slice(0, 8)}:`,
    memoryMs: 0,
  });
}

/**
 * The demo market a test file's handlers read (a cache namespace of its own, no memory cache),
 * with the S&P 500 quoted at 5,000: in use from before the file's tests until after them.
 */
export function useTestMarket(): MarketService {
  const market = testMarket();
  beforeAll(async () => {
    useMarketService(market);
    await setQuote(market, '^GSPC', 5000);
  });
  afterAll(() => useMarketService(undefined));
  return market;
}

/** Puts a fresh quote in the cache, as the quote job would. */
export async function setQuote(
  market: MarketService,
  symbol: string,
  price: number,
): Promise<void> {
  await market.cache.write('quote', symbol, {
    symbol,
    name: symbol,
    price,
    change: 0,
    changesPercentage: 0,
    open: price,
    dayHigh: price,
    dayLow: price,
    exchange: 'NASDAQ',
    timestamp: Math.floor(Date.now() / 1000),
  });
}

/** Every item of a user's partition under a prefix. */
export async function itemsUnder(
  userId: string,
  prefix: string,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await doc.send(
      new QueryCommand({
        TableName: testStack().tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': userPk(userId), ':p': prefix },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** What the engine keeps of a portfolio beside its own items: copies a read writes and rewrites. */
const KEPT_COPIES = new Set(['PortfolioHistory', 'PortfolioLedger', 'PortfolioCheckpoint']);

/**
 * The portfolio's own items under a prefix (trades, actions, holdings, orders, imports and the
 * records of each change), without the engine's kept copies (decision 175), which any read may
 * write: what "writes nothing" is about.
 */
export async function ownItemsUnder(
  userId: string,
  prefix: string,
): Promise<Record<string, unknown>[]> {
  return (await itemsUnder(userId, prefix)).filter((i) => !KEPT_COPIES.has(String(i.type)));
}

/** Open-order index entries of a user (gsi1 `OPEN_ORDER`). */
export async function openOrderEntries(userId: string): Promise<Record<string, unknown>[]> {
  const out = await doc.send(
    new QueryCommand({
      TableName: testStack().tableName,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :g',
      ExpressionAttributeValues: { ':g': keys.openOrderPk },
    }),
  );
  return (out.Items ?? []).filter((i) => i.pk === userPk(userId));
}

/** A saved valuation (pitch) item, as the valuation feature stores it. */
export async function putPitch(userId: string, valuationId: string, symbol: string): Promise<void> {
  await doc.send(
    new PutCommand({
      TableName: testStack().tableName,
      Item: { ...keys.valuation(userId, valuationId), type: 'Valuation', stock_symbol: symbol },
    }),
  );
}

export async function createPortfolio(
  userId: string,
  name = 'Growth',
  seed = 100_000,
): Promise<string> {
  const res = await call(userId, 'addPortfolio', { portfolio_name: name, investment_value: seed });
  if (res.statusCode !== 200) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return res.body.data.portfolio_id as string;
}
