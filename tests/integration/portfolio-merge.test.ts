import { describe, expect, it } from 'vitest';
import { keys } from '../../functions/lib/keys';
import { demoStable } from '../../functions/market/demo/index';
import { CHART_POINTS_MAX } from '../../functions/portfolios/performance';
import { testMarketClock } from '../support/clock';
import {
  call,
  createPortfolio,
  itemsUnder,
  newUser,
  ownItemsUnder,
  useTestMarket,
} from './portfolio-support';

/**
 * Imports merged into a portfolio, the first screen after one, and input that cannot hurt the
 * engine (decision 132). Expectations are worked out here from the files' rows and the demo
 * market's own closes, dividends and splits.
 */

useTestMarket();

const now = new Date(testMarketClock());
const today = testMarketClock().slice(0, 10);
const HEADER = 'Date,Type,Symbol,Quantity,Price,Amount,Fee';

const closeOn = (symbol: string, date: string) =>
  (
    demoStable('historical-price-eod/full', { symbol, from: '2022-12-01', to: date }, now) as {
      date: string;
      close: number;
    }[]
  )
    .filter((b) => b.date <= date)
    .sort((a, b) => a.date.localeCompare(b.date))
    .at(-1)!.close;

const commit = (user: string, id: string, lines: string[]) =>
  call(user, 'importTransactions', {
    portfolio_id: id,
    mode: 'commit',
    csv: [HEADER, ...lines].join('\n'),
  });
const preview = (user: string, id: string, lines: string[]) =>
  call(user, 'importTransactions', {
    portfolio_id: id,
    mode: 'preview',
    csv: [HEADER, ...lines].join('\n'),
  });

describe('the first screen after an import', () => {
  it('lists a portfolio that bought NVDA before its 10-for-1 split at 1,000 shares with its dividends, as every other view does', async () => {
    const user = newUser();
    const id = await createPortfolio(user, 'NVDA since 2023', 0);
    // As it traded then: the provider's closes are in today's shares, ten to one before the split.
    const price = Math.round(closeOn('NVDA', '2023-01-05') * 10 * 100) / 100;
    const res = await commit(user, id, [
      '2023-01-03,deposit,,,,500000,',
      `2023-01-05,buy,NVDA,100,${price},,`,
    ]);
    expect(res.body.data.created).toBe(2);

    // The list first, before anything else is opened.
    const list = (await call(user, 'getPortfolioList')).body;
    const row = list.data[0];
    const holdings = (await call(user, 'getPortfolioHoldings', { portfolio_id: id })).body.data;
    const performance = (
      await call(user, 'getPortfolioPerformance', { portfolio_id: id, period: 'MAX' })
    ).body.data;

    // Worked out from the demo market: 1,000 of today's shares at today's quote, NVDA's dividends
    // since on the shares held at each ex-date, in today's shares.
    const quote = (demoStable('quote', { symbol: 'NVDA' }, now) as { price: number }[])[0]!.price;
    const dividends = (
      demoStable('dividends', { symbol: 'NVDA' }, now) as {
        date: string;
        paymentDate: string;
        adjDividend: number;
      }[]
    )
      .filter((d) => d.date > '2023-01-05' && d.paymentDate <= today)
      .reduce((sum, d) => sum + Math.round(1000 * d.adjDividend * 100), 0);
    const cash = 50_000_000 - Math.round(100 * price * 100) + dividends;
    const nav = cash + Math.round(1000 * quote * 100);
    expect(dividends).toBeGreaterThan(0);
    expect(
      holdings.holdings.map((h: { symbol: string; quantity: number }) => [h.symbol, h.quantity]),
    ).toEqual([['NVDA', 1000]]);
    expect(row.nav_cents).toBe(nav);
    expect(list.total_portfolio_value_cents).toBe(nav);
    expect(holdings.portfolio.nav_cents).toBe(nav);
    expect(performance.nav_cents).toBe(nav);
    expect([row.cash_cents, holdings.portfolio.cash_cents, performance.cash_cents]).toEqual([
      cash,
      cash,
      cash,
    ]);
    // The money put in is the deposit: its return is there, the Performance view's own.
    expect(row.irr.kind).toBe('annualised');
    expect(row.irr).toEqual(performance.mwr);
    expect(row.twr).toEqual(performance.twr);
  });
});

describe('imports one after another', () => {
  it('merge by date, skip what the portfolio has, and keep cash as every row ever imported makes it', async () => {
    const user = newUser();
    const id = await createPortfolio(user, 'Merged', 0);
    const imported: string[] = [];
    /** Cash from every row ever imported (AMZN pays no dividend: nothing is credited besides). */
    const recomputed = () =>
      imported.reduce((sum, line) => {
        const [, type, , quantity, price, amount, fee] = line.split(',');
        const money = Math.round(Number(amount || 0) * 100);
        const trade = Math.round(Number(quantity || 0) * Number(price || 0) * 100);
        const fees = Math.round(Number(fee || 0) * 100);
        if (type === 'deposit' || type === 'dividend') return sum + money;
        if (type === 'withdrawal') return sum - money;
        if (type === 'buy') return sum - trade - fees;
        return sum + trade - fees;
      }, 0);
    const cashEverywhere = async () => {
      const [stored] = await itemsUnder(user, keys.portfolio(user, id).sk);
      const performance = (
        await call(user, 'getPortfolioPerformance', { portfolio_id: id, period: 'MAX' })
      ).body.data;
      const row = (await call(user, 'getPortfolioList')).body.data[0];
      return [stored!.cashCents, performance.cash_cents, row.cash_cents];
    };
    const step = async (lines: string[], created: number) => {
      const res = await commit(user, id, lines);
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.created).toBe(created);
      imported.push(
        ...lines.filter(
          (l) => !res.body.data.duplicates.some((d: { line: number }) => lines[d.line - 2] === l),
        ),
      );
      const expected = recomputed();
      expect(await cashEverywhere()).toEqual([expected, expected, expected]);
    };

    await step(['2024-01-02,deposit,,,,1000,'], 1);
    // A second deposit file adds to the first (it does not overwrite cash).
    await step(['2024-02-01,deposit,,,,500,'], 1);
    // A dividend-only file.
    await step(['2024-03-01,dividend,AMZN,,,10,'], 1);
    // Trades dated between the earlier rows, merged by date.
    const amzn = Math.round(closeOn('AMZN', '2024-01-10') * 100) / 100;
    await step([`2024-01-10,buy,AMZN,2,${amzn},,1.00`, '2024-04-02,withdrawal,,,,100,'], 2);

    // The same file again: every row is already there.
    const again = await preview(user, id, ['2024-02-01,deposit,,,,500,']);
    expect(again.body.data.duplicates.map((d: { line: number }) => d.line)).toEqual([2]);
    expect(again.body.data.blocker).toMatch(/already in this portfolio/);
    expect((await commit(user, id, ['2024-02-01,deposit,,,,500,'])).statusCode).toBe(400);

    // One row it has and one it has not: the preview says which.
    const mixed = ['2024-01-02,deposit,,,,1000,', '2024-05-01,deposit,,,,250,'];
    const seen = await preview(user, id, mixed);
    expect(seen.body.data.duplicates.map((d: { line: number }) => d.line)).toEqual([2]);
    expect(seen.body.data.accepted.map((d: { line: number }) => d.line)).toEqual([3]);
    await step(mixed, 1);
  });

  it('refuses a file that would leave an earlier trade of the portfolio without cash, and writes nothing', async () => {
    const user = newUser();
    const id = await createPortfolio(user, 'Blocked', 0);
    const amzn = Math.round(closeOn('AMZN', '2024-03-01') * 100) / 100;
    const first = await commit(user, id, [
      '2024-01-02,deposit,,,,2000,',
      `2024-03-01,buy,AMZN,5,${amzn},,`,
    ]);
    expect(first.body.data.created).toBe(2);
    const before = await ownItemsUnder(user, keys.portfolioChildrenPrefix(id));
    const res = await preview(user, id, ['2024-02-01,withdrawal,,,,1900,']);
    expect(res.body.data.blocker).toBe(
      "This file would leave the portfolio's purchase of 5 AMZN on 2024-03-01 without the cash it needs",
    );
    expect((await commit(user, id, ['2024-02-01,withdrawal,,,,1900,'])).statusCode).toBe(400);
    expect(await ownItemsUnder(user, keys.portfolioChildrenPrefix(id))).toEqual(before);
  });
});

describe('input that cannot hurt the engine', () => {
  it('refuses days before the first market data and amounts no portfolio can hold, in the preview, with the reason', async () => {
    const user = newUser();
    const id = await createPortfolio(user, 'Bounds', 0);
    const lines = ['0001-01-01,deposit,,,,1000,', '2024-01-02,deposit,,,,100000000000000,'];
    const res = await preview(user, id, lines);
    expect(res.statusCode).toBe(200);
    expect(res.body.data.rejected).toEqual([
      // The demo market's S&P 500 starts in 2009.
      {
        line: 2,
        reason: expect.stringMatching(
          /^The date is before 2009-01-0\d, the first day with market data$/,
        ),
      },
      { line: 3, reason: 'The amount must be at most $200,000,000 with at most 2 decimal places' },
    ]);
    const refused = await commit(user, id, lines);
    expect(refused.statusCode).toBe(400);
    expect(refused.body.message).toBe('No row of this file can be imported');
    expect(await itemsUnder(user, keys.portfolioChildrenPrefix(id))).toEqual([]);
  });

  it('answers a long history thinned for the chart with its figures from every day, and empty ranges as such', async () => {
    const user = newUser();
    const id = await createPortfolio(user, 'Since 2009', 0);
    const first = '2009-01-05';
    expect(
      (await commit(user, id, [`${first},deposit,,,,10000,`, '2015-06-01,deposit,,,,5000,']))
        .statusCode,
    ).toBe(200);
    const max = await call(user, 'getPortfolioPerformance', { portfolio_id: id, period: 'MAX' });
    expect(max.statusCode).toBe(200);
    const data = max.body.data;
    const days =
      (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000 + 1;
    expect(data.days).toBe(days);
    expect(days).toBeGreaterThan(CHART_POINTS_MAX);
    expect(data.series.length).toBeLessThanOrEqual(CHART_POINTS_MAX);
    expect(data.series[0].date).toBe(first);
    expect(data.series.at(-1).date).toBe(today);
    // The deposits stay marked, at their own days; the answer stays small.
    expect(
      data.series
        .filter((p: { flow_cents: number }) => p.flow_cents !== 0)
        .map((p: { date: string }) => p.date),
    ).toEqual([first, '2015-06-01']);
    expect(JSON.stringify(max.body).length).toBeLessThan(1_000_000);
    // Cash only, earning nothing: both returns are exactly 0 over the whole history.
    expect(data.twr).toEqual({ kind: 'annualised', rate: 0 });
    expect(data.mwr).toEqual({ kind: 'annualised', rate: 0 });

    // A custom range before the inception has no history; nor has a range without a day in it.
    const before = await call(user, 'getPortfolioPerformance', {
      portfolio_id: id,
      period: 'custom',
      from: '2008-01-01',
      to: '2008-12-31',
    });
    expect(before.statusCode).toBe(200);
    expect(before.body.data.days).toBe(0);
    expect(before.body.data.series).toEqual([]);
    for (const figure of [before.body.data.twr, before.body.data.mwr])
      expect(figure).toMatchObject({ kind: 'unavailable', reason: 'no-history' });
  });
});
