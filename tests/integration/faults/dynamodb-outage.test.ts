import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testMarketClock } from '../../support/clock';
import { startStack, type Stack } from '../../../infra/local/stack';
import { buildData, call, newInvestor, reads, type Built, type StackAddress } from './journey';
import { faultFigureRecorder } from './figures';

const faultFigures = faultFigureRecorder('dynamodb-outage');

/**
 * DynamoDB Local stopped under a running API server (a second stack of its own, so the
 * shared one keeps serving the other files): every route answers 503 in the product's
 * words, quickly; started again on the same port, the same server answers as before.
 */
// Refusals during the outage are expected: keep the run's output for real failures (STACK_LOG=1 shows them).
if (process.env.STACK_LOG !== '1') process.env.LOG_LEVEL = 'CRITICAL';

const UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.';

let stack: Stack;
let dataDir: string;
let at: StackAddress;
let token: string;
let built: Built;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'mr-market-outage-'));
  stack = await startStack({
    persistent: true,
    dataDir,
    web: false,
    jobs: false,
    ports: 'random',
    inheritEnv: false,
    cognitoCode: '123456',
    marketClock: testMarketClock(),
  });
  at = {
    api: stack.urls.api,
    cognito: stack.urls.cognitoProxy,
    userPoolId: stack.userPoolId,
    clientId: stack.userPoolClientId,
  };
  const investor = await newInvestor(at);
  token = investor.token;
  built = await buildData(at, token);
}, 90_000);

afterAll(async () => {
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('DynamoDB Local stopped mid-run', () => {
  it('answers 503 on every route while DynamoDB is down, then serves the same data once it is back', async () => {
    const before = reads(at, token, built);
    for (const read of before) {
      const reply = await read.run();
      expect(reply.status, read.route).toBe(200);
      expect(read.finds(reply), read.route).toBe(true);
    }

    await stack.dynamodb!.stop();
    faultFigures.inject('dynamodbStopped');
    const writes = [
      { route: 'addValuation', run: () => call(at, token, 'POST', '/api/addValuation', {}) },
      {
        route: 'addPortfolio',
        run: () =>
          call(at, token, 'POST', '/api/addPortfolio', {
            portfolio_name: 'During the outage',
            investment_value: 1000,
          }),
      },
      {
        route: 'placeOrder',
        run: () =>
          call(at, token, 'POST', '/api/placeOrder', {
            portfolio_id: built.portfolioId,
            stock_symbol: built.symbol,
            side: 'buy',
            order_type: 'limit',
            invest_by: 'quantity',
            quantity: 1,
            limit_price: 1,
          }),
      },
      {
        route: 'cancelOrder',
        run: () =>
          call(at, token, 'POST', '/api/cancelOrder', {
            portfolio_id: built.portfolioId,
            order_id: built.orderId,
          }),
      },
      {
        route: 'removeWatchList',
        run: () => call(at, token, 'POST', '/api/removeWatchList', { stock_symbol: built.watched }),
      },
      {
        route: 'deletePortfolio',
        run: () =>
          call(at, token, 'POST', '/api/deletePortfolio', { portfolio_id: built.portfolioId }),
      },
    ];
    const during = [...reads(at, token, built).filter((r) => r.route !== 'user'), ...writes];
    for (const request of during) {
      const started = Date.now();
      const reply = await request.run();
      const ms = Date.now() - started;
      faultFigures.request(reply.status);
      // Even a bad body gets 503: a login-required route first reads whether the token was
      // given up, and without the store it refuses rather than trust it (decision 123).
      expect({ route: request.route, status: reply.status, message: reply.body.message }).toEqual({
        route: request.route,
        status: 503,
        message: UNAVAILABLE,
      });
      expect(ms, `${request.route} answered in ${ms} ms`).toBeLessThan(10_000);
    }

    await stack.dynamodb!.restart();
    for (const read of reads(at, token, built)) {
      const reply = await read.run();
      expect(reply.status, read.route).toBe(200);
      if (!read.finds(reply)) faultFigures.lost(1);
      expect(read.finds(reply), `${read.route} finds the item again`).toBe(true);
    }
    // Nothing the refused writes asked for was half-done: one portfolio, its order still open.
    const list = await call(at, token, 'GET', '/api/getPortfolioList');
    expect(JSON.stringify(list.body)).not.toContain('During the outage');
    const details = await call(at, token, 'POST', '/api/getPortfolioHoldings', {
      portfolio_id: built.portfolioId,
    });
    expect(details.status).toBe(200);
    expect(JSON.stringify(details.body)).toContain(built.orderId);
  }, 60_000);
});
