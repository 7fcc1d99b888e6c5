import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/lib/keys';
import { useMarketService, type MarketService } from '../../functions/market/service';
import {
  call,
  createPortfolio,
  itemsUnder,
  newUser,
  setQuote,
  testMarket,
} from './portfolio-support';

let market: MarketService;
beforeAll(async () => {
  market = testMarket();
  useMarketService(market);
  await setQuote(market, '^GSPC', 5000);
});
afterAll(() => useMarketService(undefined));

const CSV = [
  'Date,Type,Symbol,Quantity,Price,Amount,Fee',
  '2024-01-02,deposit,,,,"10,000.00",',
  '2024-01-03,buy,KO,10,60.25,,0',
  '2024-01-04,sell,KO,20,61,,',
  '2024-02-01,buy,NOTASYMBOL,1,10,,',
  '2030-01-01,deposit,,,,100,',
].join('\n');

describe('CSV import', () => {
  it('previews rows to create and refused rows, commits all at once, and creates nothing the second time', async () => {
    const user = newUser();
    const id = await createPortfolio(user, 'Imported', 0);
    const preview = await call(user, 'importTransactions', {
      portfolio_id: id,
      mode: 'preview',
      csv: CSV,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.body.data.accepted.map((r: { line: number }) => r.line)).toEqual([2, 3]);
    expect(preview.body.data.rejected).toEqual([
      { line: 4, reason: 'A sale of 20 KO beyond the 10 held' },
      { line: 5, reason: 'Unknown symbol NOTASYMBOL' },
      { line: 6, reason: 'The date is in the future' },
    ]);
    expect(preview.body.data.blocker).toBeNull();
    // A preview writes nothing.
    expect(await itemsUnder(user, keys.portfolioChildrenPrefix(id))).toEqual([]);

    const commit = await call(user, 'importTransactions', {
      portfolio_id: id,
      mode: 'commit',
      csv: CSV,
    });
    expect(commit.statusCode).toBe(200);
    expect(commit.body.data.created).toBe(2);
    const items = await itemsUnder(user, keys.portfolioChildrenPrefix(id));
    expect(items.filter((i) => i.type === 'Transaction')).toHaveLength(1);
    expect(items.find((i) => i.type === 'Holding')).toMatchObject({
      symbol: 'KO',
      quantity: 10,
      costCents: 60_250,
    });
    const [portfolio] = await itemsUnder(user, keys.portfolio(user, id).sk);
    expect(portfolio).toMatchObject({
      inception: '2024-01-02T00:00:00.000Z',
      cashCents: 1_000_000 - 60_250,
      capitalFlows: [{ date: '2024-01-02', amountCents: 1_000_000 }],
    });

    const again = await call(user, 'importTransactions', {
      portfolio_id: id,
      mode: 'preview',
      csv: CSV,
    });
    expect(again.body.data.already_imported).toBe(true);
    expect(again.body.data.blocker).toMatch(/already been imported/);
    const twice = await call(user, 'importTransactions', {
      portfolio_id: id,
      mode: 'commit',
      csv: CSV,
    });
    expect(twice.statusCode).toBe(400);
    expect(await itemsUnder(user, keys.portfolioChildrenPrefix(id))).toHaveLength(items.length);

    const performance = await call(user, 'getPortfolioPerformance', {
      portfolio_id: id,
      period: 'MAX',
    });
    expect(performance.statusCode).toBe(200);
    expect(performance.body.data.start).toBe('2024-01-02');
    expect(performance.body.data.series[0].flow_cents).toBe(1_000_000);
  });

  it('refuses bad files with a clear message and writes nothing', async () => {
    const user = newUser();
    const id = await createPortfolio(user, 'Bad files', 0);
    const cases: [string, RegExp][] = [
      ['', /empty/],
      ['\uFEFFdate;type;symbol\n2024-01-02;buy;KO', /separated by ";"/],
      ['date,type,amount\n2024-01-02,deposit,=1+1', /formula/],
      ['date,type,amount\n\u0000\u0001', /not a text file/],
    ];
    for (const [csv, message] of cases) {
      const res = await call(user, 'importTransactions', { portfolio_id: id, mode: 'commit', csv });
      expect(res.statusCode).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(await itemsUnder(user, keys.portfolioChildrenPrefix(id))).toEqual([]);
  });
});
