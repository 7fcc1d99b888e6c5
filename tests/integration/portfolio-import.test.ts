import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { nowMs } from '../../functions/lib/clock';
import { keys } from '../../functions/lib/keys';
import { demoStable } from '../../functions/market/demo/index';
import { IMPORT_STALE_MS } from '../../functions/portfolios/import';
import { toCsv } from '../../shared/csv';
import { ACTIVITY_CSV_COLUMNS, type ActivityRow } from '../../shared/portfolio/activity';
import { testMarketClock } from '../support/clock';
import { testStack } from '../support/stack';
import {
  call,
  createPortfolio,
  doc,
  itemsUnder,
  newUser,
  ownItemsUnder,
  useTestMarket,
} from './portfolio-support';

useTestMarket();

const now = new Date(testMarketClock());
const today = testMarketClock().slice(0, 10);

/**
 * KO's dividends, as the provider lists them, that a holding earns from its buys: each paid by
 * today on the shares bought before its ex-date (worked out here from the demo's rows, apart
 * from the product's crediting).
 */
function koDividends(buys: readonly { date: string; quantity: number }[]): number {
  const rows = demoStable('dividends', { symbol: 'KO' }, now) as {
    date: string;
    paymentDate: string;
    adjDividend: number;
  }[];
  return rows
    .filter((r) => r.paymentDate <= today)
    .reduce((sum, r) => {
      const held = buys.filter((b) => b.date < r.date).reduce((n, b) => n + b.quantity, 0);
      return sum + Math.round(held * r.adjDividend * 100);
    }, 0);
}

const CSV = [
  'Date,Type,Symbol,Quantity,Price,Amount,Fee',
  '2024-01-02,deposit,,,,"10,000.00",',
  // Within each day's traded range in the demo market (KO traded at $234.95 to $238.74).
  '2024-01-03,buy,KO,10,235.50,,0',
  '2024-01-04,sell,KO,20,238,,',
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
    const items = await ownItemsUnder(user, keys.portfolioChildrenPrefix(id));
    expect(items.filter((i) => i.type === 'Transaction')).toHaveLength(1);
    expect(items.find((i) => i.type === 'Holding')).toMatchObject({
      symbol: 'KO',
      quantity: 10,
      costCents: 235_500,
    });
    // Cash is the replay of everything: the deposit, the buy and the dividends KO paid since.
    const dividends = koDividends([{ date: '2024-01-03', quantity: 10 }]);
    expect(dividends).toBeGreaterThan(0);
    const [portfolio] = await itemsUnder(user, keys.portfolio(user, id).sk);
    expect(portfolio).toMatchObject({
      inception: '2024-01-02T00:00:00.000Z',
      cashCents: 1_000_000 - 235_500 + dividends,
      capitalFlows: [{ date: '2024-01-02', amountCents: 1_000_000 }],
    });

    const again = await call(user, 'importTransactions', {
      portfolio_id: id,
      mode: 'preview',
      csv: CSV,
    });
    expect(again.body.data.already_imported).toBe(true);
    expect(again.body.data.duplicates.map((r: { line: number }) => r.line)).toEqual([2, 3]);
    expect(again.body.data.blocker).toMatch(/already in this portfolio/);
    const twice = await call(user, 'importTransactions', {
      portfolio_id: id,
      mode: 'commit',
      csv: CSV,
    });
    expect(twice.statusCode).toBe(400);
    expect(await ownItemsUnder(user, keys.portfolioChildrenPrefix(id))).toEqual(
      await ownItemsUnder(user, keys.portfolioChildrenPrefix(id)).then(() =>
        items.filter(
          (i) =>
            !['PortfolioHistory', 'PortfolioLedger', 'PortfolioCheckpoint'].includes(
              String(i.type),
            ),
        ),
      ),
    );

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
      ['\uFEFFdate|type\n2024-01-02|buy', /separated by commas, semicolons or tabs/],
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

describe('export and import of a portfolio’s activity', () => {
  const closeOn = (symbol: string, date: string) =>
    (
      demoStable('historical-price-eod/full', { symbol, from: '2020-01-01', to: date }, now) as {
        date: string;
        close: number;
      }[]
    )
      .filter((b) => b.date <= date)
      .sort((a, b) => a.date.localeCompare(b.date))
      .at(-1)!.close;

  it('imports an exported activity file into a new portfolio with the same NAV history, dividends and split included', async () => {
    const user = newUser();
    const original = await createPortfolio(user, 'Original', 0);
    // Unadjusted prices: AAPL split 4-for-1 on 2020-08-31.
    const aapl = Math.round(closeOn('AAPL', '2020-06-01') * 4 * 100) / 100;
    const ko = Math.round(closeOn('KO', '2021-03-01') * 100) / 100;
    const history = [
      'Date,Type,Symbol,Quantity,Price,Amount,Fee',
      '2020-06-01,deposit,,,,100000,',
      `2020-06-01,buy,AAPL,10,${aapl},,`,
      `2021-03-01,buy,KO,20,${ko},,4.95`,
      '2022-01-03,withdrawal,,,,1000,',
    ].join('\n');
    const first = await call(user, 'importTransactions', {
      portfolio_id: original,
      mode: 'commit',
      csv: history,
    });
    expect(first.statusCode).toBe(200);
    expect(first.body.data.created).toBe(4);
    const bought = await call(user, 'placeOrder', {
      portfolio_id: original,
      stock_symbol: 'KO',
      side: 'buy',
      order_type: 'market',
      invest_by: 'quantity',
      quantity: '3',
    });
    expect(bought.statusCode).toBe(200);
    const before = await call(user, 'getPortfolioPerformance', {
      portfolio_id: original,
      period: 'MAX',
    });
    expect(before.statusCode).toBe(200);
    expect(before.body.data.corporate_actions.length).toBeGreaterThan(10);

    const exported = await call(user, 'exportActivity', { portfolio_id: original });
    expect(exported.statusCode).toBe(200);
    const rows = exported.body.data.rows as ActivityRow[];
    expect(rows.map((r) => r.type).slice(0, 3)).toEqual(['deposit', 'buy', 'dividend']);
    expect(rows.filter((r) => r.type === 'dividend')).toHaveLength(
      before.body.data.corporate_actions.filter((a: { kind: string }) => a.kind === 'dividend')
        .length,
    );
    const csv = toCsv(ACTIVITY_CSV_COLUMNS, rows);

    const copy = await createPortfolio(user, 'Copy', 5_000);
    const preview = await call(user, 'importTransactions', {
      portfolio_id: copy,
      mode: 'preview',
      csv,
    });
    expect(preview.body.data.rejected).toEqual([]);
    expect(preview.body.data.blocker).toBeNull();
    const commit = await call(user, 'importTransactions', {
      portfolio_id: copy,
      mode: 'commit',
      csv,
    });
    expect(commit.statusCode).toBe(200);
    expect(commit.body.data.created).toBe(rows.length);
    const after = await call(user, 'getPortfolioPerformance', {
      portfolio_id: copy,
      period: 'MAX',
    });
    expect(after.statusCode).toBe(200);

    const a = before.body.data;
    const b = after.body.data;
    expect(b.inception).toBe(a.inception);
    expect(b.series.map((p: { date: string }) => p.date)).toEqual(
      a.series.map((p: { date: string }) => p.date),
    );
    expect(b.series.map((p: { nav_cents: number }) => p.nav_cents)).toEqual(
      a.series.map((p: { nav_cents: number }) => p.nav_cents),
    );
    expect(b.twr).toEqual(a.twr);
    expect(b.mwr).toEqual(a.mwr);
    expect(a.gain.fee_cents).toBe(495);
    expect(b.gain).toEqual(a.gain);
    expect(
      b.holdings.map((h: { symbol: string; quantity: number }) => [h.symbol, h.quantity]),
    ).toEqual(a.holdings.map((h: { symbol: string; quantity: number }) => [h.symbol, h.quantity]));
    // The split came from the provider to both; no dividend was credited twice.
    const [stored] = await itemsUnder(user, keys.portfolio(user, copy).sk);
    const [source] = await itemsUnder(user, keys.portfolio(user, original).sk);
    expect(stored!.cashCents).toBe(source!.cashCents);
  });
});

describe('an import larger than one DynamoDB transaction', () => {
  /** The day `i` days after 2024-01-02. */
  const dayAfter = (i: number) => new Date(Date.UTC(2024, 0, 2 + i)).toISOString().slice(0, 10);
  /** KO's last close up to a day in the demo market (a weekend's is the Friday's): within its range. */
  const koClose = (day: string) =>
    (
      demoStable(
        'historical-price-eod/full',
        { symbol: 'KO', from: '2023-12-20', to: day },
        now,
      ) as {
        date: string;
        close: number;
      }[]
    )
      .filter((b) => b.date <= day)
      .sort((a, b) => a.date.localeCompare(b.date))
      .at(-1)!.close;
  /** What `buys` buys of 1 KO cost, one a day from 2024-01-02 at the day's close. */
  const boughtCents = (buys: number) =>
    Array.from({ length: buys }, (_, i) => Math.round(koClose(dayAfter(i)) * 100)).reduce(
      (a, b) => a + b,
      0,
    );
  /** A deposit and `buys` buys of 1 KO at the day's close, one a day from 2024-01-02. */
  const manyBuys = (buys: number) =>
    [
      'Date,Type,Symbol,Quantity,Price,Amount,Fee',
      '2024-01-02,deposit,,,,100000,',
      ...Array.from(
        { length: buys },
        (_, i) => `${dayAfter(i)},buy,KO,1,${koClose(dayAfter(i))},,`,
      ),
    ].join('\n');
  const table = () => testStack().tableName;

  it('commits 250 rows in several transactions, all at once as far as any read can tell', async () => {
    const user = newUser();
    const id = await createPortfolio(user, 'Many rows', 0);
    const csv = manyBuys(249);
    const preview = await call(user, 'importTransactions', {
      portfolio_id: id,
      mode: 'preview',
      csv,
    });
    expect(preview.body.data.blocker).toBeNull();
    const buys = Array.from({ length: 249 }, (_, i) => ({
      date: new Date(Date.UTC(2024, 0, 2 + i)).toISOString().slice(0, 10),
      quantity: 1,
    }));
    const dividends = koDividends(buys);
    const paid = (
      demoStable('dividends', { symbol: 'KO' }, now) as { date: string; paymentDate: string }[]
    ).filter((r) => r.date > '2024-01-02' && r.paymentDate <= today).length;
    // The portfolio, the import and change records, 249 trades, KO's dividends since, one holding.
    expect(preview.body.data.items).toBe(3 + 249 + paid + 1);
    expect(preview.body.data.cash_after_cents).toBe(10_000_000 - boughtCents(249) + dividends);
    const commit = await call(user, 'importTransactions', {
      portfolio_id: id,
      mode: 'commit',
      csv,
    });
    expect(commit.statusCode).toBe(200);
    expect(commit.body.data.created).toBe(250);
    const items = await ownItemsUnder(user, keys.portfolioChildrenPrefix(id));
    expect(items.filter((i) => i.type === 'Transaction')).toHaveLength(249);
    expect(items.find((i) => i.type === 'Holding')).toMatchObject({ quantity: 249 });
    const [portfolio] = await itemsUnder(user, keys.portfolio(user, id).sk);
    expect(portfolio!.cashCents).toBe(10_000_000 - boughtCents(249) + dividends);
    expect(portfolio!.importing).toBeUndefined();
    const again = await call(user, 'importTransactions', { portfolio_id: id, mode: 'commit', csv });
    expect(again.statusCode).toBe(400);
    expect(await ownItemsUnder(user, keys.portfolioChildrenPrefix(id))).toEqual(items);
  });

  it('leaves nothing when its last step fails, and its mark is cleared', async () => {
    const user = newUser();
    const id = await createPortfolio(user, 'Fails late', 0);
    // Something other than a holding sits where the last step writes KO's holding: that step
    // fails after the trades were written.
    await doc.send(
      new PutCommand({
        TableName: table(),
        Item: { ...keys.holding(user, id, 'KO'), type: 'Stray', portfolioId: id },
      }),
    );
    const [before] = await itemsUnder(user, keys.portfolio(user, id).sk);
    const res = await call(user, 'importTransactions', {
      portfolio_id: id,
      mode: 'commit',
      csv: manyBuys(150),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toMatch(/nothing was written/);
    // Only the record of the mark's version is left: it changed nothing (decision 175).
    const items = await ownItemsUnder(user, keys.portfolioChildrenPrefix(id));
    expect(items.filter((i) => i.type !== 'Stray' && i.type !== 'PortfolioChange')).toEqual([]);
    expect(items.filter((i) => i.type === 'PortfolioChange')).toEqual([
      expect.objectContaining({ version: Number(before!.version) + 1 }),
    ]);
    expect(items.find((i) => i.type === 'PortfolioChange')!.body).toBeUndefined();
    const [after] = await itemsUnder(user, keys.portfolio(user, id).sk);
    expect(after!.importing).toBeUndefined();
    expect(after!.cashCents).toBe(before!.cashCents);
    expect(after!.capitalFlows).toEqual(before!.capitalFlows);
  });

  it('hides the items of an import under way from every read, and clears one that died', async () => {
    const user = newUser();
    const id = await createPortfolio(user, 'Under way', 1_000);
    // The product's clock, as the route reads it: half a minute ago is under way, a minute and
    // more is stale (IMPORT_STALE_MS, as the blocker's "try again in a minute" says).
    const started = new Date(nowMs() - 30_000).toISOString();
    const mark = (at: string) =>
      doc.send(
        new UpdateCommand({
          TableName: table(),
          Key: keys.portfolio(user, id),
          UpdateExpression: 'SET importing = :h, importStartedAt = :at',
          ExpressionAttributeValues: { ':h': 'deadbeef', ':at': at },
        }),
      );
    await mark(started);
    await doc.send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...keys.transaction(user, id, '2024-01-03T16:00:00.000Z', 'imp-x'),
          type: 'Transaction',
          portfolioId: id,
          txnId: 'imp-x',
          symbol: 'KO',
          side: 'buy',
          quantity: 1_000,
          price: 50,
          valueCents: 5_000_000,
          time: '2024-01-03T16:00:00.000Z',
          orderType: 'market',
          importId: 'deadbeef',
        },
      }),
    );
    const performance = await call(user, 'getPortfolioPerformance', {
      portfolio_id: id,
      period: 'MAX',
    });
    expect(performance.statusCode).toBe(200);
    expect(performance.body.data.nav_cents).toBe(100_000);
    const holdings = await call(user, 'getPortfolioHoldings', { portfolio_id: id });
    expect(JSON.stringify(holdings.body)).not.toContain('imp-x');
    const exported = await call(user, 'exportActivity', { portfolio_id: id });
    expect(exported.body.data.rows.map((r: { type: string }) => r.type)).toEqual(['deposit']);
    const busy = await call(user, 'importTransactions', {
      portfolio_id: id,
      mode: 'preview',
      csv: manyBuys(3),
    });
    expect(busy.body.data.blocker).toBe(
      'Another import into this portfolio is under way: try again in a minute',
    );

    // A minute on, the mark is stale: the next import clears it and its item first.
    await mark(new Date(nowMs() - IMPORT_STALE_MS).toISOString());
    const res = await call(user, 'importTransactions', {
      portfolio_id: id,
      mode: 'commit',
      csv: manyBuys(3),
    });
    expect(res.statusCode).toBe(200);
    const items = await itemsUnder(user, keys.portfolioChildrenPrefix(id));
    expect(items.some((i) => i.txnId === 'imp-x')).toBe(false);
    expect(items.filter((i) => i.type === 'Transaction')).toHaveLength(3);
  });
});
