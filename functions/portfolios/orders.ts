import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { applyTransaction, type Holdings, type OrderSide } from '../../shared/portfolio/ledger';
import { D, formatQuantity, formatUsd, tradeValueCents } from '../../shared/portfolio/money';
import {
  limitOrderFills,
  orderQuantity,
  PITCH_BUY_DEFAULT_POSITION_PCT,
} from '../../shared/portfolio/orders';
import { orderPayload, type OrderPayload } from '../../shared/portfolio/schemas';
import {
  PORTFOLIO_MESSAGES,
  type CancelOrderPayload,
  type CancelOrderResponse,
  type PlaceOrderResponse,
} from '../../shared/schemas/portfolio-api';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { keys } from '../lib/keys';
import { logger } from '../lib/logger';
import { METRIC, recordCount } from '../lib/metrics';
import { keyedId, transactOnce } from '../lib/idempotency';
import { registerInterest } from '../market/interest';
import { marketService, type MarketService } from '../market/service';
import { portfolioNow, positionsOf } from './engine';
import { latestPrices, orderView, transactionView } from './figures';
import { creditDueActions } from './corporate-actions';
import { changeRecord } from './ledger';
import { syncInterest } from './portfolios';
import {
  conditionFailed,
  portfolioStore,
  requirePortfolio,
  type HoldingItem,
  type OrderItem,
  type PortfolioItem,
  type PortfolioStore,
  type TransactionItem,
} from './store';
import { now as clockNow } from '../lib/clock';

/**
 * Paper trading. A market order fills at once at the cached quote; a limit order rests as an
 * open order (on gsi1 `OPEN_ORDER`) with its cash (buys) or shares (sells) set aside, until the
 * fill job sees the quote cross the limit or the user cancels it. Each fill, placement or
 * cancellation is one DynamoDB transaction conditioned on the portfolio's version; on a
 * conflict the order is re-read and re-checked, so concurrent orders never overspend.
 */

export interface OrderDeps {
  store: PortfolioStore;
  market: MarketService;
  now?: () => Date;
}

const ATTEMPTS = 8;

function defaultDeps(): OrderDeps {
  return { store: portfolioStore(), market: marketService() };
}

async function getHolding(
  store: PortfolioStore,
  userId: string,
  portfolioId: string,
  symbol: string,
): Promise<HoldingItem | undefined> {
  const out = await store.client.send(
    new GetCommand({
      TableName: store.table,
      Key: keys.holding(userId, portfolioId, symbol),
      ConsistentRead: true,
    }),
  );
  return out.Item as HoldingItem | undefined;
}

async function getOrder(
  store: PortfolioStore,
  userId: string,
  portfolioId: string,
  orderId: string,
): Promise<OrderItem | undefined> {
  const out = await store.client.send(
    new GetCommand({
      TableName: store.table,
      Key: keys.order(userId, portfolioId, orderId),
      ConsistentRead: true,
    }),
  );
  return out.Item as OrderItem | undefined;
}

/** The portfolio's update inside a transaction: only if nobody changed it since it was read. */
function portfolioUpdate(
  store: PortfolioStore,
  p: PortfolioItem,
  cashCents: number,
  reservedCents: number,
  now: string,
) {
  return {
    Update: {
      TableName: store.table,
      Key: { pk: p.pk, sk: p.sk },
      UpdateExpression: 'SET cashCents = :c, reservedCents = :r, version = :next, updatedAt = :now',
      ConditionExpression: 'version = :v',
      ExpressionAttributeValues: {
        ':c': cashCents,
        ':r': reservedCents,
        ':next': p.version + 1,
        ':v': p.version,
        ':now': now,
      },
    },
  };
}

/** Writes the holding as it now is (or deletes it when no shares are left). */
function holdingWrite(
  store: PortfolioStore,
  userId: string,
  p: PortfolioItem,
  symbol: string,
  quantity: number,
  costCents: number,
  reservedQuantity: number,
  now: string,
) {
  const key = keys.holding(userId, p.portfolioId, symbol);
  if (!(quantity > 0)) return { Delete: { TableName: store.table, Key: key } };
  const item: HoldingItem = {
    ...key,
    type: 'Holding',
    portfolioId: p.portfolioId,
    symbol,
    quantity,
    costCents,
    reservedQuantity,
    updatedAt: now,
  };
  return { Put: { TableName: store.table, Item: item } };
}

function available(h: HoldingItem | undefined) {
  return new D(h?.quantity ?? 0).minus(h?.reservedQuantity ?? 0);
}

function oversellMessage(symbol: string, h: HoldingItem | undefined, wanted: number): string {
  if (!h || !(h.quantity > 0)) return `This portfolio holds no shares of ${symbol}`;
  const reserved = h.reservedQuantity ?? 0;
  const free = available(h);
  return reserved > 0
    ? `This portfolio can sell ${formatQuantity(free)} shares of ${symbol} (${formatQuantity(reserved)} more are set aside for open orders), fewer than the ${formatQuantity(wanted)} to sell`
    : `This portfolio holds ${formatQuantity(h.quantity)} shares of ${symbol}, fewer than the ${formatQuantity(wanted)} to sell`;
}

function cashMessage(needed: number, availableCents: number, reservedCents: number): string {
  const base = `Not enough cash: this order needs ${formatUsd(needed)} but the portfolio has ${formatUsd(availableCents)}`;
  return reservedCents > 0
    ? `${base} available (${formatUsd(reservedCents)} is set aside for open orders)`
    : base;
}

/** Applies a fill to a holding with the ledger's arithmetic (cash is checked by the caller). */
function ledgerFill(
  h: HoldingItem | undefined,
  symbol: string,
  side: OrderSide,
  quantity: number,
  price: number,
  time: string,
) {
  const holdings: Holdings = h
    ? { [symbol]: { quantity: h.quantity, costCents: h.costCents } }
    : {};
  const result = applyTransaction(
    { cashCents: Number.MAX_SAFE_INTEGER / 2, holdings },
    { symbol, side, quantity, price, time },
  );
  if (!result.ok) throw new BadRequestError(result.error.message);
  const next = result.holdings[symbol];
  return { quantity: next?.quantity ?? 0, costCents: next?.costCents ?? 0 };
}

async function ensurePitch(
  store: PortfolioStore,
  userId: string,
  valuationId: string | undefined,
): Promise<void> {
  if (!valuationId) return;
  const out = await store.client.send(
    new GetCommand({
      TableName: store.table,
      Key: keys.valuation(userId, valuationId),
      ProjectionExpression: 'pk',
    }),
  );
  if (!out.Item) throw new NotFoundError('Pitch not found');
}

async function sizeOrder(
  deps: OrderDeps,
  userId: string,
  p: PortfolioItem,
  input: OrderPayload,
  price: number,
) {
  let nav: number | undefined;
  // A position size is a share of the NAV every screen shows (the engine's).
  if (input.invest_by === 'positionSize')
    nav = positionsOf(await portfolioNow(deps, userId, p.portfolioId)).navCents;
  const sized = orderQuantity({
    investBy: input.invest_by,
    ...(input.amount !== undefined ? { amount: input.amount } : {}),
    ...(input.quantity !== undefined ? { quantity: input.quantity } : {}),
    ...(input.position_size !== undefined ? { positionSizePct: input.position_size } : {}),
    ...(nav !== undefined ? { navCents: nav } : {}),
    price,
  });
  if (!sized.ok) throw new BadRequestError(sized.message);
  return sized;
}

/** Places a market or limit order in one of the user's portfolios. */
/** Writes of another item that must happen with the order or not at all (e.g. the pitch's `bought_into`). */
export type OrderAlso = NonNullable<
  ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
>;

export async function placeOrder(
  deps: OrderDeps,
  userId: string,
  input: OrderPayload,
  also: OrderAlso = [],
  /** What the route answers, when it is not this order's answer (a buy from a pitch). */
  answer: (response: PlaceOrderResponse) => unknown = (response) => response,
): Promise<PlaceOrderResponse> {
  const symbol = input.stock_symbol;
  let p = await requirePortfolio(deps.store, userId, input.portfolio_id);
  await ensurePitch(deps.store, userId, input.valuation_id);
  // A sale after a split sells today's shares; cash includes the dividends paid.
  if (await creditDueActions(deps, userId, p, { mark: false }))
    p = await requirePortfolio(deps.store, userId, input.portfolio_id);

  let price: number;
  if (input.order_type === 'market') {
    const quote = (await latestPrices(deps.market, [symbol])).get(symbol);
    if (!quote) throw new BadRequestError(`There is no quote for ${symbol} right now`);
    if (quote.stale)
      throw new BadRequestError(
        `The price of ${symbol} is out of date right now, please try again shortly`,
      );
    price = quote.price;
  } else {
    price = input.limit_price!;
  }
  const { quantity, costCents } = await sizeOrder(deps, userId, p, input, price);

  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (attempt > 0) {
      await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
      p = await requirePortfolio(deps.store, userId, input.portfolio_id);
    }
    const now = (deps.now ? deps.now() : clockNow()).toISOString();
    const h = await getHolding(deps.store, userId, p.portfolioId, symbol);
    const freeCash = p.cashCents - p.reservedCents;
    const orderId = keyedId('order');
    const items: NonNullable<
      ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
    > = [];
    let txn: TransactionItem | undefined;
    let cash = p.cashCents;
    let reserved = p.reservedCents;
    let orderReserved = 0;

    if (input.side === 'sell' && available(h).lt(quantity))
      throw new BadRequestError(oversellMessage(symbol, h, quantity));
    if (input.side === 'buy' && costCents > freeCash)
      throw new BadRequestError(cashMessage(costCents, freeCash, p.reservedCents));

    if (input.order_type === 'market') {
      const next = ledgerFill(h, symbol, input.side, quantity, price, now);
      cash += input.side === 'buy' ? -costCents : costCents;
      items.push(
        holdingWrite(
          deps.store,
          userId,
          p,
          symbol,
          next.quantity,
          next.costCents,
          h?.reservedQuantity ?? 0,
          now,
        ),
      );
      const txnId = keyedId('transaction');
      txn = {
        ...keys.transaction(userId, p.portfolioId, now, txnId),
        type: 'Transaction',
        portfolioId: p.portfolioId,
        txnId,
        symbol,
        side: input.side,
        quantity,
        price,
        valueCents: costCents,
        time: now,
        orderType: 'market',
        orderId,
        ...(input.valuation_id ? { valuationId: input.valuation_id } : {}),
      };
      items.push({ Put: { TableName: deps.store.table, Item: txn } });
    } else if (input.side === 'buy') {
      orderReserved = costCents;
      reserved += costCents;
    } else {
      items.push(
        holdingWrite(
          deps.store,
          userId,
          p,
          symbol,
          h!.quantity,
          h!.costCents,
          new D(h!.reservedQuantity ?? 0).plus(quantity).toNumber(),
          now,
        ),
      );
    }

    const order: OrderItem = {
      ...keys.order(userId, p.portfolioId, orderId),
      type: 'Order',
      userId,
      portfolioId: p.portfolioId,
      orderId,
      symbol,
      side: input.side,
      orderType: input.order_type,
      status: input.order_type === 'market' ? 'filled' : 'open',
      quantity,
      investBy: input.invest_by,
      ...(input.limit_price !== undefined && input.order_type === 'limit'
        ? { limitPrice: input.limit_price }
        : {}),
      reservedCents: orderReserved,
      ...(input.valuation_id ? { valuationId: input.valuation_id } : {}),
      createdAt: now,
      ...(txn
        ? { closedAt: now, fillPrice: price, txnId: txn.txnId }
        : keys.openOrderGsi(symbol, orderId)),
    };
    items.push({ Put: { TableName: deps.store.table, Item: order } });
    items.unshift(portfolioUpdate(deps.store, p, cash, reserved, now));
    // What changed, for the engine's ledger (decision 175).
    items.push(
      changeRecord(
        deps.store,
        userId,
        p.portfolioId,
        p.version + 1,
        txn ? { from: now.slice(0, 10), trades: [txn] } : {},
        new Date(now),
      ),
    );
    items.push(...also);
    const response: PlaceOrderResponse = {
      message:
        input.order_type === 'market'
          ? PORTFOLIO_MESSAGES.marketFilled
          : PORTFOLIO_MESSAGES.limitPlaced,
      data: {
        order: orderView(order),
        transaction: txn ? transactionView(txn) : null,
        cash_cents: cash,
        reserved_cents: reserved,
      },
    };

    try {
      // The order, its cash and holding and its Idempotency-Key's answer, at once (decision 121).
      await transactOnce(deps.store.client, items, answer(response));
    } catch (error) {
      if (conditionFailed(error)) continue;
      throw error;
    }
    if (input.side === 'buy' || input.order_type === 'limit')
      await registerInterest(userId, symbol, 'holding', {
        client: deps.store.client,
        tableName: deps.store.table,
      });
    else await syncInterest(deps.store, userId, [symbol]);
    if (input.order_type === 'market') recordCount(METRIC.ordersFilled, 1);
    return response;
  }
  throw new ConflictError('The portfolio is busy with other orders, please try again');
}

/** Cancels an open limit order, giving back the cash or shares it set aside. */
export async function cancelOrder(
  deps: { store: PortfolioStore; now?: () => Date },
  userId: string,
  input: CancelOrderPayload,
): Promise<CancelOrderResponse> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const p = await requirePortfolio(deps.store, userId, input.portfolio_id);
    const order = await getOrder(deps.store, userId, input.portfolio_id, input.order_id);
    if (!order) throw new NotFoundError(PORTFOLIO_MESSAGES.orderNotFound);
    if (order.status !== 'open')
      throw new ConflictError(
        order.status === 'filled'
          ? 'This order has already been filled'
          : 'This order has already been cancelled',
      );
    const now = (deps.now ? deps.now() : clockNow()).toISOString();
    const items: NonNullable<
      ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
    > = [
      portfolioUpdate(deps.store, p, p.cashCents, p.reservedCents - order.reservedCents, now),
      {
        Update: {
          TableName: deps.store.table,
          Key: { pk: order.pk, sk: order.sk },
          UpdateExpression: 'SET #status = :cancelled, closedAt = :now REMOVE gsi1pk, gsi1sk',
          ConditionExpression: '#status = :open',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':cancelled': 'cancelled', ':open': 'open', ':now': now },
        },
      },
    ];
    if (order.side === 'sell') {
      const h = await getHolding(deps.store, userId, p.portfolioId, order.symbol);
      if (h) {
        const reservedQuantity = D.max(
          0,
          new D(h.reservedQuantity ?? 0).minus(order.quantity),
        ).toNumber();
        items.push(
          holdingWrite(
            deps.store,
            userId,
            p,
            order.symbol,
            h.quantity,
            h.costCents,
            reservedQuantity,
            now,
          ),
        );
      }
    }
    items.push(changeRecord(deps.store, userId, p.portfolioId, p.version + 1, {}, new Date(now)));
    const response: CancelOrderResponse = {
      message: PORTFOLIO_MESSAGES.cancelled,
      data: { order: orderView({ ...order, status: 'cancelled', closedAt: now }) },
    };
    try {
      await transactOnce(deps.store.client, items, response);
    } catch (error) {
      if (conditionFailed(error)) continue;
      throw error;
    }
    await syncInterest(deps.store, userId, [order.symbol]);
    return response;
  }
  throw new ConflictError('The portfolio is busy with other orders, please try again');
}

export type FillOutcome = 'filled' | 'not-crossed' | 'closed' | 'orphaned';

/**
 * Fills one open limit order at `price` when the price crosses its limit: a buy at or below
 * the limit, a sell at or above. The cash set aside covers a buy (it was sized at the limit).
 * With `market`, due dividends and splits are applied to the portfolio first (once a day).
 */
export async function fillLimitOrder(
  deps: { store: PortfolioStore; now?: () => Date; market?: MarketService },
  ref: { pk: string; sk: string },
  price: number,
): Promise<FillOutcome> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const got = await deps.store.client.send(
      new GetCommand({ TableName: deps.store.table, Key: ref, ConsistentRead: true }),
    );
    const order = got.Item as OrderItem | undefined;
    if (!order || order.status !== 'open' || order.limitPrice === undefined) return 'closed';
    if (!limitOrderFills({ side: order.side, limitPrice: order.limitPrice }, price))
      return 'not-crossed';
    const p = (
      await deps.store.client.send(
        new GetCommand({
          TableName: deps.store.table,
          Key: keys.portfolio(order.userId, order.portfolioId),
          ConsistentRead: true,
        }),
      )
    ).Item as PortfolioItem | undefined;
    if (!p) return 'orphaned';
    // A split since the order was placed moves it into new shares first (then it is read again).
    if (deps.market && (await creditDueActions({ ...deps, market: deps.market }, order.userId, p)))
      continue;
    const h = await getHolding(deps.store, order.userId, p.portfolioId, order.symbol);
    const now = (deps.now ? deps.now() : clockNow()).toISOString();
    const valueCents = tradeValueCents(order.quantity, price);
    let cash = p.cashCents;
    const reserved = p.reservedCents - order.reservedCents;
    let reservedQuantity = h?.reservedQuantity ?? 0;
    if (order.side === 'buy') {
      if (valueCents > cash - reserved) {
        logger.warn('limit buy not covered by its cash', { orderId: order.orderId });
        return 'not-crossed';
      }
      cash -= valueCents;
    } else {
      cash += valueCents;
      reservedQuantity = D.max(0, new D(reservedQuantity).minus(order.quantity)).toNumber();
    }
    let next: { quantity: number; costCents: number };
    try {
      next = ledgerFill(h, order.symbol, order.side, order.quantity, price, now);
    } catch (error) {
      logger.warn('limit order cannot fill', { orderId: order.orderId, error: error as Error });
      return 'not-crossed';
    }
    const txnId = randomUUID();
    const txn: TransactionItem = {
      ...keys.transaction(order.userId, p.portfolioId, now, txnId),
      type: 'Transaction',
      portfolioId: p.portfolioId,
      txnId,
      symbol: order.symbol,
      side: order.side,
      quantity: order.quantity,
      price,
      valueCents,
      time: now,
      orderType: 'limit',
      orderId: order.orderId,
      ...(order.valuationId ? { valuationId: order.valuationId } : {}),
    };
    try {
      await deps.store.client.send(
        new TransactWriteCommand({
          TransactItems: [
            portfolioUpdate(deps.store, p, cash, reserved, now),
            holdingWrite(
              deps.store,
              order.userId,
              p,
              order.symbol,
              next.quantity,
              next.costCents,
              Math.min(reservedQuantity, next.quantity),
              now,
            ),
            { Put: { TableName: deps.store.table, Item: txn } },
            changeRecord(
              deps.store,
              order.userId,
              p.portfolioId,
              p.version + 1,
              { from: now.slice(0, 10), trades: [txn] },
              new Date(now),
            ),
            {
              Update: {
                TableName: deps.store.table,
                Key: ref,
                UpdateExpression:
                  'SET #status = :filled, closedAt = :now, fillPrice = :price, txnId = :txn REMOVE gsi1pk, gsi1sk',
                ConditionExpression: '#status = :open',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: {
                  ':filled': 'filled',
                  ':open': 'open',
                  ':now': now,
                  ':price': price,
                  ':txn': txnId,
                },
              },
            },
          ],
        }),
      );
    } catch (error) {
      if (conditionFailed(error)) continue;
      throw error;
    }
    if (order.side === 'sell') await syncInterest(deps.store, order.userId, [order.symbol]);
    return 'filled';
  }
  return 'not-crossed';
}

export { PITCH_BUY_DEFAULT_POSITION_PCT };

export interface BuyIntoPortfolioInput {
  portfolio_id: string;
  /** `symbol` or `stock_symbol` (the buyPitch payload's name). */
  symbol?: string;
  stock_symbol?: string;
  valuation_id?: string;
  invest_by?: 'amount' | 'quantity' | 'positionSize';
  amount?: number | string;
  quantity?: number | string;
  position_size?: number | string;
}

/**
 * Buys a pitched stock into one of the user's portfolios with a market order at the current
 * quote, recording the pitch on the transaction. Without a size it buys
 * PITCH_BUY_DEFAULT_POSITION_PCT % of the portfolio's NAV. Errors are the order route's:
 * 404 for an unknown portfolio or pitch, 400 for bad input or not enough cash.
 */
export async function buyIntoPortfolio(
  userId: string,
  input: BuyIntoPortfolioInput,
  deps: OrderDeps = defaultDeps(),
  also: OrderAlso = [],
  answer?: (response: PlaceOrderResponse) => unknown,
): Promise<PlaceOrderResponse> {
  const sized =
    input.invest_by ??
    (input.amount !== undefined
      ? 'amount'
      : input.quantity !== undefined
        ? 'quantity'
        : 'positionSize');
  const payload = orderPayload.parse({
    portfolio_id: input.portfolio_id,
    stock_symbol: input.stock_symbol ?? input.symbol,
    side: 'buy',
    order_type: 'market',
    invest_by: sized,
    ...(input.amount !== undefined ? { amount: input.amount } : {}),
    ...(input.quantity !== undefined ? { quantity: input.quantity } : {}),
    position_size:
      input.position_size ??
      (sized === 'positionSize' ? PITCH_BUY_DEFAULT_POSITION_PCT : undefined),
    ...(input.valuation_id ? { valuation_id: input.valuation_id } : {}),
  });
  return placeOrder(deps, userId, payload, also, answer);
}
