import { afterAll, beforeAll, expect, it } from 'vitest';
import { useMarketService } from '../../functions/market/service';
import { addToWatchList } from '../../functions/watchlist/store';
import { startFakeFmp, type FakeFmp } from '../support/fake-fmp';
import { fmpService, simClock } from '../support/market';
import { call, createPortfolio, newUser } from './portfolio-support';

/*
 * The income view reads the provider through the market cache like every other read: once a
 * symbol's dividends are cached (a day), views of it make no provider call. Counted at a fake
 * provider answering in the stable API's shapes.
 */

let fake: FakeFmp;
const clock = simClock();

beforeAll(async () => {
  fake = await startFakeFmp({ now: clock.date });
  useMarketService(fmpService(fake, { now: clock.now }));
});
afterAll(async () => {
  useMarketService(undefined);
  await fake.close();
});

it('after the Performance view, an income view reads only a watched symbol’s dividends from the provider, and later views read nothing', async () => {
  const user = newUser();
  const id = await createPortfolio(user, 'Calls');
  for (const [symbol, quantity] of [
    ['KO', 10],
    ['MSFT', 5],
  ] as const) {
    const order = await call(user, 'placeOrder', {
      portfolio_id: id,
      stock_symbol: symbol,
      order_type: 'market',
      invest_by: 'quantity',
      quantity,
    });
    expect(order.statusCode, JSON.stringify(order.body)).toBe(200);
  }
  await addToWatchList(user, 'JNJ');
  expect(
    (await call(user, 'getPortfolioPerformance', { portfolio_id: id, period: 'MAX' })).statusCode,
  ).toBe(200);

  fake.clear();
  const first = await call(user, 'getPortfolioIncome', { portfolio_id: id });
  expect(first.statusCode).toBe(200);
  // The held symbols' dividends and splits were read by the engine; JNJ's are new.
  expect(Object.fromEntries(fake.callsByPath())).toEqual({ '/stable/dividends': 1 });
  expect(fake.calls[0]!.params.symbol).toBe('JNJ');

  fake.clear();
  for (const body of [{ portfolio_id: id }, { portfolio_id: id }, {}]) {
    const again = await call(user, 'getPortfolioIncome', body);
    expect(again.statusCode).toBe(200);
  }
  expect(fake.callCount).toBe(0);
  // The figures are there: KO and MSFT pay dividends, JNJ is on the calendar.
  expect(first.body.data.holdings.map((h: { symbol: string }) => h.symbol)).toEqual(['KO', 'MSFT']);
  expect(first.body.data.calendar.some((e: { symbol: string }) => e.symbol === 'JNJ')).toBe(true);
});
