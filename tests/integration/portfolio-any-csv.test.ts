import { describe, expect, it } from 'vitest';
import { keys } from '../../functions/lib/keys';
import { call, createPortfolio, itemsUnder, newUser, useTestMarket } from './portfolio-support';

/**
 * Any CSV file (decision 182): semicolons and tabs read as commas do, and a quote left open is
 * refused with the lines it would take into one cell, writing nothing.
 */

useTestMarket();

describe('a CSV file of any delimiter', () => {
  it('imports the same rows from a semicolon file and a tab file, with their own line numbers', async () => {
    const user = newUser();
    for (const d of [';', '\t']) {
      const id = await createPortfolio(user, `Delimiter ${JSON.stringify(d)}`, 0);
      const csv = [
        ['Date', 'Type', 'Symbol', 'Amount'],
        ['2024-01-02', 'deposit', '', '"1,000.50"'],
        [],
        ['2024-02-01', 'withdrawal', '', '100'],
        ['2024-02-02', 'transfer', '', '1'],
      ]
        .map((r) => r.join(d))
        .join('\r\n');
      const res = await call(user, 'importTransactions', {
        portfolio_id: id,
        mode: 'commit',
        csv,
      });
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.accepted.map((r: { line: number }) => r.line)).toEqual([2, 4]);
      expect(res.body.data.rejected).toEqual([
        { line: 5, reason: 'The type is not buy, sell, dividend, deposit or withdrawal' },
      ]);
      const [stored] = await itemsUnder(user, keys.portfolio(user, id).sk);
      expect(stored!.cashCents).toBe(100_050 - 10_000);
    }
  });

  it('refuses a quote left open, naming the lines it would swallow, and writes nothing', async () => {
    const user = newUser();
    const id = await createPortfolio(user, 'Open quote', 0);
    const csv = [
      'Date,Type,Amount',
      '2024-01-02,deposit,100',
      '2024-01-03,deposit,"50',
      '2024-01-04,deposit,60',
      '2024-01-05,deposit,70',
    ].join('\n');
    const res = await call(user, 'importTransactions', { portfolio_id: id, mode: 'preview', csv });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(
      'A quote on line 3 is not closed where it should be: lines 3 to 5 would be read as one cell. Close the quote or remove it',
    );
    expect(await itemsUnder(user, keys.portfolioChildrenPrefix(id))).toEqual([]);
  });

  it('reads a broker’s file under its mapping: its columns, its dates and its type words', async () => {
    const user = newUser();
    const id = await createPortfolio(user, 'Broker', 0);
    const csv = [
      'Run Date,Action,Ticker,Memo,Amount ($)',
      '01/02/2024,Journal,,cash in,"2,500.00"',
      '02/01/2024,Wire Out,,,300',
    ].join('\n');
    const res = await call(user, 'importTransactions', {
      portfolio_id: id,
      mode: 'commit',
      csv,
      mapping: { date: 0, type: 1, symbol: 2, amount: 4 },
      date_format: 'MM/DD/YYYY',
      type_words: { journal: 'deposit' },
    });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(
      res.body.data.accepted.map((r: { date: string; type: string }) => [r.date, r.type]),
    ).toEqual([
      ['2024-01-02', 'deposit'],
      ['2024-02-01', 'withdrawal'],
    ]);
    const [stored] = await itemsUnder(user, keys.portfolio(user, id).sk);
    expect(stored!.cashCents).toBe(250_000 - 30_000);
    const bad = await call(user, 'importTransactions', {
      portfolio_id: id,
      mode: 'preview',
      csv,
      type_words: { journal: 'gift' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
