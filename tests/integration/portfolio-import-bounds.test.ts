import { describe, expect, it } from 'vitest';
import { keys } from '../../functions/lib/keys';
import { demoStable } from '../../functions/market/demo/index';
import { portfolioStore } from '../../functions/portfolios';
import {
  COMMIT_MARGIN_MS,
  IMPORT_ANSWER_ROWS,
  importTransactions,
} from '../../functions/portfolios/import';
import { NAV_MAX_CENTS } from '../../shared/portfolio/money';
import { testMarketClock } from '../support/clock';
import {
  call,
  createPortfolio,
  itemsUnder,
  newUser,
  ownItemsUnder,
  useTestMarket,
} from './portfolio-support';

const market = useTestMarket();
const now = new Date(testMarketClock());

/** KO's traded range on a day in the demo market (no KO split since 2024 there). */
function koRange(day: string): { low: number; high: number; close: number } {
  const [bar] = demoStable(
    'historical-price-eod/full',
    { symbol: 'KO', from: day, to: day },
    now,
  ) as {
    low: number;
    high: number;
    close: number;
  }[];
  return bar!;
}

const usd = (n: number) => `$${n.toFixed(2)}`;

describe('an import checked against the market and the bounds a portfolio keeps', () => {
  it("refuses a trade priced far outside its day's traded range, naming the range, and takes the rest", async () => {
    const user = newUser();
    const id = await createPortfolio(user, 'Priced', 0);
    const { low, high, close } = koRange('2024-01-03');
    const csv = [
      'Date,Type,Symbol,Quantity,Price,Amount,Fee',
      '2024-01-02,deposit,,,,"10,000.00",',
      // A billion shares for $1,000: the price is nowhere near the day's.
      '2024-01-03,buy,KO,1000000000,0.000001,,',
      `2024-01-03,buy,KO,2,${close},,`,
      // Just inside the margin above the high, and just past it.
      `2024-01-03,buy,KO,1,${(high * 1.099).toFixed(2)},,`,
      `2024-01-03,buy,KO,1,${(high * 1.11).toFixed(2)},,`,
    ].join('\n');
    const preview = await call(user, 'importTransactions', {
      portfolio_id: id,
      mode: 'preview',
      csv,
    });
    expect(preview.statusCode).toBe(200);
    const range = `on 2024-01-03 (${usd(low)} to ${usd(high)} a share) by more than 10%`;
    expect(preview.body.data.rejected).toEqual([
      {
        line: 3,
        reason: `The price $0.000001 is outside KO's traded range ${range}`,
      },
      {
        line: 6,
        reason: `The price ${usd(Number((high * 1.11).toFixed(2)))} is outside KO's traded range ${range}`,
      },
    ]);
    expect(preview.body.data.accepted.map((r: { line: number }) => r.line)).toEqual([2, 4, 5]);
    expect(preview.body.data).toMatchObject({ accepted_count: 3, rejected_count: 2 });
    const commit = await call(user, 'importTransactions', {
      portfolio_id: id,
      mode: 'commit',
      csv,
    });
    expect(commit.statusCode).toBe(200);
    const [holding] = await itemsUnder(user, keys.holding(user, id, 'KO').sk);
    expect(holding!.quantity).toBe(3);
  });

  it('lists the first thousand rows of each kind in its answer, and counts them all', async () => {
    const user = newUser();
    const id = await createPortfolio(user, 'Many refused', 0);
    const rows = 1_200;
    const csv = [
      'Date,Type,Symbol,Quantity,Price,Amount,Fee',
      ...Array.from({ length: rows }, () => '2024-01-03,buy,KO,1000000000,0.000001,,'),
    ].join('\n');
    const preview = await call(user, 'importTransactions', {
      portfolio_id: id,
      mode: 'preview',
      csv,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.body.data.rejected_count).toBe(rows);
    expect(preview.body.data.rejected).toHaveLength(IMPORT_ANSWER_ROWS);
    expect(preview.body.data.rejected.at(-1).line).toBe(IMPORT_ANSWER_ROWS + 1);
    expect(preview.body.data.accepted_count).toBe(0);
    expect(preview.body.data.blocker).toBe('No row of this file can be imported');
  });

  it('refuses a file that would take the portfolio past the value it can hold exactly, and writes nothing', async () => {
    const user = newUser();
    const id = await createPortfolio(user, 'Too large', 0);
    // Each deposit within what a row may hold ($200,000,000); together a dollar past the bound.
    const csv = [
      'Date,Type,Symbol,Quantity,Price,Amount,Fee',
      ...['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05', '2024-01-08'].map(
        (d) => `${d},deposit,,,,${NAV_MAX_CENTS / 100 / 5},`,
      ),
      '2024-01-09,deposit,,,,1,',
    ].join('\n');
    const preview = await call(user, 'importTransactions', {
      portfolio_id: id,
      mode: 'preview',
      csv,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.body.data.blocker).toMatch(
      /^This file cannot be merged with the portfolio: its value would reach \$1,000,000,001\.00 on 2024-01-09, above the \$1,000,000,000\.00 a portfolio can hold/,
    );
    const before = await ownItemsUnder(user, keys.portfolioChildrenPrefix(id));
    const commit = await call(user, 'importTransactions', {
      portfolio_id: id,
      mode: 'commit',
      csv,
    });
    expect(commit.statusCode).toBe(400);
    expect(await ownItemsUnder(user, keys.portfolioChildrenPrefix(id))).toEqual(before);
  });

  it('does not start a commit left too little time to write its items and take its last step', async () => {
    const user = newUser();
    const id = await createPortfolio(user, 'Late start', 0);
    const csv = [
      'Date,Type,Symbol,Quantity,Price,Amount,Fee',
      '2024-01-02,deposit,,,,"10,000.00",',
      `2024-01-03,buy,KO,1,${koRange('2024-01-03').close},,`,
    ].join('\n');
    const [before] = await itemsUnder(user, keys.portfolio(user, id).sk);
    const itemsBefore = await ownItemsUnder(user, keys.portfolioChildrenPrefix(id));
    // Ample at the start; once the file is read and checked, less than the writes need.
    let asked = 0;
    const deps = {
      store: portfolioStore(),
      market,
      remainingMs: () => (asked++ === 0 ? 10_000 : 2 * COMMIT_MARGIN_MS - 1),
    };
    await expect(
      importTransactions(deps, user, { portfolio_id: id, mode: 'commit', csv }),
    ).rejects.toMatchObject({ statusCode: 503 });
    // Not even the mark was written: the portfolio is at the same version, nothing under it.
    const [after] = await itemsUnder(user, keys.portfolio(user, id).sk);
    expect(after!.version).toBe(before!.version);
    expect(after!.importing).toBeUndefined();
    expect(await ownItemsUnder(user, keys.portfolioChildrenPrefix(id))).toEqual(itemsBefore);
  });

  it('undoes a commit left too little time for its last step, says so, and can be retried at once', async () => {
    const user = newUser();
    const id = await createPortfolio(user, 'Out of time', 0);
    const csv = [
      'Date,Type,Symbol,Quantity,Price,Amount,Fee',
      '2024-01-02,deposit,,,,"10,000.00",',
      ...['2024-01-03', '2024-01-04', '2024-01-05'].map(
        (d) => `${d},buy,KO,1,${koRange(d).close},,`,
      ),
    ].join('\n');
    const [before] = await itemsUnder(user, keys.portfolio(user, id).sk);
    // The function's time as Lambda's context tells it: ample at the start and when the writes
    // begin, and less than the last step keeps back once the items are written.
    let asked = 0;
    const deps = {
      store: portfolioStore(),
      market,
      remainingMs: () => (asked++ < 2 ? 10_000 : COMMIT_MARGIN_MS - 1),
    };
    await expect(
      importTransactions(deps, user, { portfolio_id: id, mode: 'commit', csv }),
    ).rejects.toMatchObject({
      statusCode: 503,
      message:
        'The import ran out of time before it could finish: nothing was written. Try again; if it happens again, split the file',
    });
    expect(asked).toBeGreaterThan(2);
    // Nothing of it stays: no trade, no import record, the mark cleared, the cash as it was.
    const items = await ownItemsUnder(user, keys.portfolioChildrenPrefix(id));
    expect(
      items.filter((i) => ['Transaction', 'Import', 'Holding'].includes(String(i.type))),
    ).toEqual([]);
    const [after] = await itemsUnder(user, keys.portfolio(user, id).sk);
    expect(after!.importing).toBeUndefined();
    expect(after!.cashCents).toBe(before!.cashCents);
    expect(after!.capitalFlows).toEqual(before!.capitalFlows);

    // Retried straight away (nothing waits for a stale mark), it is applied once.
    const retry = await call(user, 'importTransactions', { portfolio_id: id, mode: 'commit', csv });
    expect(retry.statusCode).toBe(200);
    expect(retry.body.data.created).toBe(4);
    const [holding] = await itemsUnder(user, keys.holding(user, id, 'KO').sk);
    expect(holding!.quantity).toBe(3);
  });
});
