import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keys } from '../../functions/lib/keys';
import { demoStable } from '../../functions/market/demo/index';
import { buildMarketService } from '../../functions/market/service';
import { DemoSource } from '../../functions/market/source';
import { portfolioPerformance } from '../../functions/portfolios/performance';
import { tradeValueCents } from '../../shared/portfolio/money';
import { testStack } from '../support/stack';
import { createPortfolio, doc, newUser } from './portfolio-support';

/*
 * The Performance risk figures count the days the S&P 500 closed (decision 162): read on a
 * Saturday, on a market holiday or before today's close, they are the figures of the last
 * close, not a day longer. Each read runs the engine at its own instant against the demo market
 * as of that instant (its quotes and closes), on a portfolio of its own.
 */

const INCEPTION = '2026-01-05';

function closeOn(symbol: string, date: string, now: Date): number {
  const bars = demoStable(
    'historical-price-eod/full',
    { symbol, from: '2025-12-01', to: date },
    now,
  );
  return (bars as { date: string; close: number }[])
    .filter((b) => b.date <= date)
    .sort((a, b) => a.date.localeCompare(b.date))
    .at(-1)!.close;
}

/** A portfolio since INCEPTION holding 50 MSFT bought that day at its close, and the rest in cash. */
async function portfolioSinceInception(userId: string, now: Date): Promise<string> {
  const id = await createPortfolio(userId, 'Since January', 100_000);
  const price = closeOn('MSFT', INCEPTION, now);
  const cost = tradeValueCents(50, price);
  const time = `${INCEPTION}T20:00:00.000Z`;
  const table = testStack().tableName;
  await doc.send(
    new UpdateCommand({
      TableName: table,
      Key: keys.portfolio(userId, id),
      UpdateExpression:
        'SET inception = :i, cashCents = :c, version = version + :one REMOVE benchmarkStart',
      ExpressionAttributeValues: { ':i': time, ':c': 10_000_000 - cost, ':one': 1 },
    }),
  );
  const common = { portfolioId: id, symbol: 'MSFT' };
  await doc.send(
    new PutCommand({
      TableName: table,
      Item: {
        ...keys.holding(userId, id, 'MSFT'),
        ...common,
        type: 'Holding',
        quantity: 50,
        costCents: cost,
        reservedQuantity: 0,
        updatedAt: time,
      },
    }),
  );
  await doc.send(
    new PutCommand({
      TableName: table,
      Item: {
        ...keys.transaction(userId, id, time, 't1'),
        ...common,
        type: 'Transaction',
        txnId: 't1',
        side: 'buy',
        quantity: 50,
        price,
        valueCents: cost,
        time,
        orderType: 'market',
      },
    }),
  );
  return id;
}

/** The risk figures of a portfolio's whole history, read at an instant. */
async function riskAt(iso: string) {
  const now = new Date(iso);
  const market = buildMarketService({
    source: new DemoSource(() => now),
    namespace: `td${randomUUID().slice(0, 8)}:`,
    memoryMs: 0,
    now: () => now.getTime(),
  });
  const user = newUser();
  const id = await portfolioSinceInception(user, now);
  const store = { client: doc, table: testStack().tableName };
  const answer = await portfolioPerformance({ store, market, now: () => now }, user, {
    portfolio_id: id,
    period: 'MAX',
  });
  return answer.data.risk;
}

const same = (a: Awaited<ReturnType<typeof riskAt>>, b: typeof a) => {
  expect(a.trading_days).toBe(b.trading_days);
  expect(a.volatility).toEqual(b.volatility);
  expect(a.sharpe).toEqual(b.sharpe);
  expect(a.beta).toEqual(b.beta);
  expect(a.correlation).toEqual(b.correlation);
};

describe('the risk figures’ trading days', () => {
  it('on a Saturday and on Monday before the close they are Friday evening’s', async () => {
    // Friday 13 March 2026 at 17:30 New York time, after the close.
    const friday = await riskAt('2026-03-13T21:30:00Z');
    expect(friday.calendar).toBe('benchmark');
    expect(friday.volatility.kind).toBe('value');
    same(await riskAt('2026-03-14T16:00:00Z'), friday);
    // Monday 16 March at 10:00: today has no close yet.
    same(await riskAt('2026-03-16T14:00:00Z'), friday);
    // Monday after the close: one trading day more.
    const monday = await riskAt('2026-03-16T21:00:00Z');
    expect(monday.trading_days).toBe(friday.trading_days + 1);
  }, 120_000);

  it('on a market holiday (Good Friday) they are the day before’s, after its close', async () => {
    const thursday = await riskAt('2026-04-02T21:00:00Z');
    same(await riskAt('2026-04-03T15:00:00Z'), thursday);
  }, 120_000);
});
