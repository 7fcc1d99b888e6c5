import { describe, expect, it } from 'vitest';
import { keys } from '../../functions/lib/keys';
import { demoStable } from '../../functions/market/demo/index';
import { toCsv } from '../../shared/csv';
import {
  ACTIVITY_CSV_COLUMNS,
  type ActivityRow,
  activityFiles,
} from '../../shared/portfolio/activity';
import { testMarketClock } from '../support/clock';
import { call, createPortfolio, itemsUnder, newUser, useTestMarket } from './portfolio-support';

/**
 * Imports keep every row (decision 181): the inception is the earliest day of a file whatever
 * its order, a file's dividend equal to one the portfolio worked out is taken rather than
 * skipped, and an export saved as several files rebuilds the portfolio to the cent.
 */

useTestMarket();

const now = new Date(testMarketClock());
const HEADER = 'Date,Type,Symbol,Quantity,Price,Amount,Fee';

const closeOn = (symbol: string, date: string) =>
  (
    demoStable('historical-price-eod/full', { symbol, from: '2018-01-01', to: date }, now) as {
      date: string;
      close: number;
    }[]
  )
    .filter((b) => b.date <= date)
    .sort((a, b) => a.date.localeCompare(b.date))
    .at(-1)!.close;
const priceOn = (symbol: string, date: string) => Math.round(closeOn(symbol, date) * 100) / 100;

const commit = (user: string, id: string, csv: string) =>
  call(user, 'importTransactions', { portfolio_id: id, mode: 'commit', csv });
const preview = (user: string, id: string, csv: string) =>
  call(user, 'importTransactions', { portfolio_id: id, mode: 'preview', csv });

const exportRows = async (user: string, id: string) => {
  const res = await call(user, 'exportActivity', { portfolio_id: id });
  expect(res.statusCode).toBe(200);
  return res.body.data.rows as ActivityRow[];
};
const dividendsOf = (rows: readonly ActivityRow[]) =>
  rows
    .filter((r) => r.type === 'dividend')
    .map((r) => `${r.date} ${r.symbol} ${r.amount_cents}`)
    .sort();

/** What a portfolio is, to the cent: inception, cash, NAV by day, holdings, returns. */
async function state(user: string, id: string) {
  const performance = (
    await call(user, 'getPortfolioPerformance', { portfolio_id: id, period: 'MAX' })
  ).body.data;
  const [stored] = await itemsUnder(user, keys.portfolio(user, id).sk);
  return {
    inception: performance.inception,
    cash: stored!.cashCents,
    performanceCash: performance.cash_cents,
    nav: performance.nav_cents,
    series: performance.series.map(
      (p: { date: string; nav_cents: number }) => `${p.date} ${p.nav_cents}`,
    ),
    holdings: performance.holdings.map(
      (h: { symbol: string; quantity: number }) => `${h.symbol} ${h.quantity}`,
    ),
    twr: performance.twr,
    mwr: performance.mwr,
  };
}

describe('the inception of an imported file', () => {
  it('is the earliest day of the file, newest row first or oldest first', async () => {
    const user = newUser();
    const ko = priceOn('KO', '2024-06-03');
    const rows = ['2020-01-02,deposit,,,,10000,', `2024-06-03,buy,KO,10,${ko},,`];
    const oldestFirst = await createPortfolio(user, 'Oldest first', 0);
    const newestFirst = await createPortfolio(user, 'Newest first', 0);
    expect((await commit(user, oldestFirst, [HEADER, ...rows].join('\n'))).statusCode).toBe(200);
    const res = await commit(user, newestFirst, [HEADER, ...[...rows].reverse()].join('\n'));
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.created).toBe(2);

    const [stored] = await itemsUnder(user, keys.portfolio(user, newestFirst).sk);
    expect(stored!.inception).toBe('2020-01-02T00:00:00.000Z');
    const a = await state(user, oldestFirst);
    const b = await state(user, newestFirst);
    expect(b.inception).toBe('2020-01-02');
    expect(b).toEqual(a);
  });
});

describe('a dividend of a file that the portfolio worked out itself', () => {
  it('is taken, not skipped as a duplicate, when the file trades its symbol: cash to the cent', async () => {
    const user = newUser();
    // The reference: every row at once, KO's dividends worked out from the market data.
    const reference = await createPortfolio(user, 'Reference', 0);
    const first = priceOn('KO', '2021-01-04');
    const second = priceOn('KO', '2022-01-03');
    const history = [
      '2021-01-04,deposit,,,,10000,',
      `2021-01-04,buy,KO,10,${first},,`,
      `2022-01-03,buy,KO,10,${second},,`,
    ];
    expect((await commit(user, reference, [HEADER, ...history].join('\n'))).statusCode).toBe(200);
    const rows = await exportRows(user, reference);
    // Cut after the first dividend: the second file starts with dividends of 2021 that the
    // first file's 10 shares earned, which the copy will have worked out itself.
    const mid = rows.findIndex((r) => r.type === 'dividend');
    const files = [rows.slice(0, mid + 1), rows.slice(mid + 1)];
    expect(
      files[1]!.filter((r) => r.type === 'dividend' && r.date < '2022-01-03').length,
    ).toBeGreaterThan(0);

    const copy = await createPortfolio(user, 'Copy', 0);
    expect((await commit(user, copy, toCsv(ACTIVITY_CSV_COLUMNS, files[0]!))).statusCode).toBe(200);
    const later = toCsv(ACTIVITY_CSV_COLUMNS, files[1]!);
    const seen = await preview(user, copy, later);
    // The copy worked out 2021's dividends itself; the file's equal ones are not duplicates.
    expect(seen.body.data.duplicates).toEqual([]);
    expect(seen.body.data.blocker).toBeNull();
    const res = await commit(user, copy, later);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.created).toBe(files[1]!.length);

    expect(await state(user, copy)).toEqual(await state(user, reference));
    expect(dividendsOf(await exportRows(user, copy))).toEqual(dividendsOf(rows));
  });

  it('is a duplicate when the portfolio has it from a file already', async () => {
    const user = newUser();
    const id = await createPortfolio(user, 'Twice', 0);
    const ko = priceOn('KO', '2023-01-03');
    const csv = [
      HEADER,
      '2023-01-03,deposit,,,,5000,',
      `2023-01-03,buy,KO,10,${ko},,`,
      '2023-04-03,dividend,KO,,,4.60,',
    ].join('\n');
    expect((await commit(user, id, csv)).statusCode).toBe(200);
    const again = await preview(
      user,
      id,
      [HEADER, '2023-04-03,dividend,KO,,,4.60,', '2023-05-01,deposit,,,,100,'].join('\n'),
    );
    expect(again.body.data.duplicates.map((d: { line: number }) => d.line)).toEqual([2]);
    expect(again.body.data.accepted.map((d: { line: number }) => d.line)).toEqual([3]);
  });
});

describe('an export saved as several files', () => {
  it('imports back into a new portfolio to the cent: NAV, cash and every dividend', async () => {
    const user = newUser();
    const original = await createPortfolio(user, 'Original', 0);
    const trade = (date: string, side: 'buy' | 'sell', symbol: string, quantity: number) =>
      `${date},${side},${symbol},${quantity},${priceOn(symbol, date)},,`;
    const history = [
      '2018-01-02,deposit,,,,60000,',
      trade('2018-01-03', 'buy', 'IBM', 40),
      trade('2018-01-03', 'buy', 'MCD', 30),
      trade('2018-09-04', 'buy', 'KO', 100),
      trade('2019-06-03', 'buy', 'IBM', 10),
      trade('2020-03-02', 'sell', 'MCD', 10),
      '2020-07-01,withdrawal,,,,1000,',
      trade('2021-02-01', 'buy', 'MCD', 5),
      trade('2022-08-01', 'sell', 'KO', 40),
      trade('2023-05-01', 'buy', 'KO', 15),
      trade('2024-11-01', 'sell', 'IBM', 20),
    ];
    const res = await commit(user, original, [HEADER, ...history].join('\n'));
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.created).toBe(history.length);
    const rows = await exportRows(user, original);
    expect(dividendsOf(rows).length).toBeGreaterThan(60);

    // Four files or more, cut between days as the export cuts a long activity.
    const files = activityFiles(rows, Math.ceil(rows.length / 4));
    expect(files.length).toBeGreaterThanOrEqual(4);
    expect(files.flat()).toEqual(rows);

    const copy = await createPortfolio(user, 'Copy', 0);
    for (const file of files) {
      const done = await commit(user, copy, toCsv(ACTIVITY_CSV_COLUMNS, file));
      expect(done.statusCode, JSON.stringify(done.body)).toBe(200);
      expect(done.body.data.duplicates).toEqual([]);
      expect(done.body.data.created).toBe(file.length);
    }

    expect(await state(user, copy)).toEqual(await state(user, original));
    expect(dividendsOf(await exportRows(user, copy))).toEqual(dividendsOf(rows));
  });
});
