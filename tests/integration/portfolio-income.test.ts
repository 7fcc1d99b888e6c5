import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/lib/keys';
import { demoStable } from '../../functions/market/demo/index';
import { addToWatchList } from '../../functions/watchlist/store';
import { minusMonths } from '../../shared/portfolio/days';
import { incomeResponseSchema } from '../../shared/schemas/portfolio-income';
import { TEST_MARKET_CLOCK, testMarketClock } from '../support/clock';
import {
  call,
  createPortfolio,
  itemsUnder,
  newUser,
  setQuote,
  useTestMarket,
} from './portfolio-support';

/*
 * The income view against the Performance view (one engine: the same dividends received, by
 * period and by holding) and against the demo market's declared dividends, worked out here
 * from the provider's rows apart from the product's code: shares held at the start of each
 * ex-date x the split-adjusted dividend, half up to a cent.
 */

const market = useTestMarket();
const now = new Date(testMarketClock());
const today = testMarketClock().slice(0, 10);
const yearOn = minusMonths(today, -12);
const yearAgo = minusMonths(today, 12);
/**
 * The default pinned day (Tuesday 10 March 2026): KO, MSFT and JNJ go ex that day on dividends
 * declared on 17 February, WMT declares its next later in March. The figures are worked out
 * from the provider's rows at any instant; what needs that day says so.
 */
const defaultDay = today === TEST_MARKET_CLOCK.slice(0, 10);

interface Row {
  date: string;
  declarationDate: string;
  recordDate: string;
  paymentDate: string;
  adjDividend: number;
}

const rowsOf = (symbol: string) =>
  (demoStable('dividends', { symbol }, now) as Row[]).filter((r) => r.declarationDate <= today);

const splitsOf = (symbol: string) =>
  demoStable('splits', { symbol }, now) as {
    date: string;
    numerator: number;
    denominator: number;
  }[];

/** Trades as a file has them: shares of their day. */
type Trade = { date: string; quantity: number };

/** Shares held at the start of `day` in today's shares (each trade times the splits after it). */
function sharesAt(symbol: string, trades: readonly Trade[], day: string): number {
  return trades
    .filter((t) => t.date < day)
    .reduce(
      (n, t) =>
        n +
        splitsOf(symbol)
          .filter((s) => s.date > t.date)
          .reduce((q, s) => (q * s.numerator) / s.denominator, t.quantity),
      0,
    );
}

const cents = (shares: number, perShare: number) => Math.round(shares * perShare * 100);

/** Dividends paid by today on the trades' shares. */
function received(symbol: string, trades: readonly Trade[]): number {
  return rowsOf(symbol)
    .filter((r) => r.paymentDate <= today)
    .reduce((sum, r) => sum + cents(sharesAt(symbol, trades, r.date), r.adjDividend), 0);
}

/**
 * Forward 12 months as decision 180 defines it: the declared dividends paid after today and
 * within a year on the shares held at their ex-date; then the last 12 months' payments, less as
 * many of the oldest as were declared, on the shares held now.
 */
function forward(symbol: string, trades: readonly Trade[], heldNow: number) {
  const rows = rowsOf(symbol);
  const declared = rows.filter((r) => r.paymentDate > today && r.paymentDate <= yearOn);
  const trailing = rows
    .filter((r) => r.paymentDate > yearAgo && r.paymentDate <= today)
    .sort((a, b) => a.paymentDate.localeCompare(b.paymentDate))
    .slice(declared.length);
  const declaredCents = declared.reduce(
    (s, r) => s + cents(sharesAt(symbol, trades, r.date), r.adjDividend),
    0,
  );
  const trailingCents = trailing.reduce((s, r) => s + cents(heldNow, r.adjDividend), 0);
  return { declared, trailing, declaredCents, trailingCents, total: declaredCents + trailingCents };
}

/**
 * The symbol's close on a day in that day's shares (the provider's closes are in today's: each
 * split after the day multiplies the price back), to the cent: a price the import takes.
 */
function tradedAt(symbol: string, day: string): number {
  const [bar] = demoStable('historical-price-eod/full', { symbol, from: day, to: day }, now) as {
    close: number;
  }[];
  const factor = splitsOf(symbol)
    .filter((s) => s.date.slice(0, 10) > day)
    .reduce((f, s) => (f * s.numerator) / s.denominator, 1);
  return Math.round(bar!.close * factor * 100) / 100;
}
const BOUGHT = {
  KO: tradedAt('KO', '2019-12-03'),
  WMT: tradedAt('WMT', '2019-12-03'),
  MSFT: tradedAt('MSFT', '2021-06-01'),
};

const CSV = [
  'Date,Type,Symbol,Quantity,Price,Amount,Fee',
  '2019-12-02,deposit,,,,"100,000.00",',
  `2019-12-03,buy,KO,100,${BOUGHT.KO},,`,
  `2019-12-03,buy,WMT,40,${BOUGHT.WMT},,`,
  `2021-06-01,buy,MSFT,10,${BOUGHT.MSFT},,`,
  `2024-05-01,sell,KO,30,${tradedAt('KO', '2024-05-01')},,`,
].join('\n');
const TRADES: Record<string, Trade[]> = {
  KO: [
    { date: '2019-12-03', quantity: 100 },
    { date: '2024-05-01', quantity: -30 },
  ],
  WMT: [{ date: '2019-12-03', quantity: 40 }],
  MSFT: [{ date: '2021-06-01', quantity: 10 }],
};
const PRICES = { KO: 70, WMT: 95, MSFT: 400, PG: 160, JNJ: 150 };

async function importedPortfolio(user: string, name: string, csv: string): Promise<string> {
  const id = await createPortfolio(user, name, 0);
  const commit = await call(user, 'importTransactions', { portfolio_id: id, mode: 'commit', csv });
  if (commit.statusCode !== 200) throw new Error(JSON.stringify(commit.body));
  return id;
}

async function income(user: string, portfolioId?: string) {
  const res = await call(
    user,
    'getPortfolioIncome',
    portfolioId ? { portfolio_id: portfolioId } : {},
  );
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return incomeResponseSchema.parse(res.body).data;
}

async function performance(user: string, body: Record<string, unknown>) {
  const res = await call(user, 'getPortfolioPerformance', body);
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return res.body.data as {
    gain: { dividend_cents: number };
    holdings: { symbol: string; dividend_cents: number }[];
  };
}

beforeAll(async () => {
  for (const [symbol, price] of Object.entries(PRICES)) await setQuote(market, symbol, price);
});

describe('the income view', () => {
  const user = newUser();
  let id = '';

  beforeAll(async () => {
    id = await importedPortfolio(user, 'Dividends', CSV);
    await addToWatchList(user, 'JNJ');
  }, 60_000);

  it('shows the dividends the Performance view counts: in total, by year, over the last 12 months and by holding', async () => {
    const view = await income(user, id);
    const max = await performance(user, { portfolio_id: id, period: 'MAX' });
    const oneYear = await performance(user, { portfolio_id: id, period: '1Y' });

    // Independently: every dividend paid by today on the shares the file's trades left.
    const expected = Object.entries(TRADES).reduce((s, [sym, t]) => s + received(sym, t), 0);
    expect(expected).toBeGreaterThan(0);
    expect(view.received.total_cents).toBe(expected);
    expect(max.gain.dividend_cents).toBe(expected);
    expect(view.received.last_12_months_cents).toBe(oneYear.gain.dividend_cents);
    expect(view.received.months.reduce((s, m) => s + m.cents, 0)).toBe(expected);
    expect(view.received.months[0]!.month).toBe('2019-12');
    expect(view.received.months.at(-1)!.month).toBe(today.slice(0, 7));

    // Each calendar year is the Performance view's dividends of that year.
    for (const { year, cents: c } of view.received.years) {
      const period = await performance(user, {
        portfolio_id: id,
        period: 'custom',
        from: `${year}-01-01`,
        to: `${year}-12-31`,
      });
      expect(c, String(year)).toBe(period.gain.dividend_cents);
    }
    // By holding: the Performance view's holdings' dividends, and the provider's rows.
    for (const h of view.holdings) {
      expect(h.received_cents, h.symbol).toBe(
        max.holdings.find((x) => x.symbol === h.symbol)!.dividend_cents,
      );
      expect(h.received_cents, h.symbol).toBe(received(h.symbol, TRADES[h.symbol]!));
    }
  });

  it('works out forward income from the declared dividends and the trailing 12 months, with yields on cost and on value', async () => {
    const view = await income(user, id);
    // KO: 70 shares (100 less 30 sold); WMT: 40 bought before its 3-for-1 split, 120 today.
    const held = { KO: 70, WMT: 120, MSFT: 10 };
    const cost = {
      KO: Math.round(70 * BOUGHT.KO * 100),
      WMT: Math.round(40 * BOUGHT.WMT * 100),
      MSFT: Math.round(10 * BOUGHT.MSFT * 100),
    };
    let total = 0;
    let declaredTotal = 0;
    for (const [symbol, shares] of Object.entries(held) as [keyof typeof held, number][]) {
      const f = forward(symbol, TRADES[symbol]!, shares);
      const h = view.holdings.find((x) => x.symbol === symbol)!;
      expect(h.quantity, symbol).toBe(shares);
      expect(h.cost_cents, symbol).toBe(cost[symbol]);
      expect(h.value_cents, symbol).toBe(shares * PRICES[symbol] * 100);
      expect(h.forward_cents, symbol).toBe(f.total);
      expect(h.yield_on_cost, symbol).toBe(f.total / cost[symbol]);
      expect(h.current_yield, symbol).toBe(f.total / (shares * PRICES[symbol] * 100));
      expect(h.forward_basis, symbol).toBe(
        f.declared.length && f.trailing.length
          ? 'mixed'
          : f.declared.length
            ? 'declared'
            : 'trailing',
      );
      total += f.total;
      declaredTotal += f.declaredCents;
    }
    // On the default day KO and MSFT have declared their next dividend; WMT (quarters ending
    // in January, April, ...) declares its next one later in March: trailing only.
    if (defaultDay)
      expect(view.holdings.map((h) => [h.symbol, h.forward_basis])).toEqual([
        ['KO', 'mixed'],
        ['MSFT', 'mixed'],
        ['WMT', 'trailing'],
      ]);
    expect(view.forward).toMatchObject({
      to: yearOn,
      total_cents: total,
      declared_cents: declaredTotal,
      trailing_cents: total - declaredTotal,
    });
    expect(view.forward.payments.reduce((s, p) => s + p.amount_cents, 0)).toBe(total);
    const totalCost = cost.KO + cost.WMT + cost.MSFT;
    const totalValue = 70 * 70 * 100 + 120 * 95 * 100 + 10 * 400 * 100;
    expect(view.totals).toEqual({
      cost_cents: totalCost,
      value_cents: totalValue,
      forward_cents: total,
      yield_on_cost: total / totalCost,
      current_yield: total / totalValue,
    });
  });

  it('gives each payer its five-year dividend growth from the dividends per share of the last full year and five years before', async () => {
    const view = await income(user, id);
    const toYear = Number(today.slice(0, 4)) - 1;
    const fromYear = toYear - 5;
    for (const h of view.holdings) {
      const perYear = (year: number) =>
        rowsOf(h.symbol)
          .filter((r) => r.date.startsWith(String(year)))
          .reduce((s, r) => s + r.adjDividend, 0);
      const from = perYear(fromYear);
      const to = perYear(toYear);
      expect(h.growth, h.symbol).toMatchObject({
        kind: 'rate',
        from_year: fromYear,
        to_year: toYear,
      });
      if (h.growth.kind !== 'rate') continue;
      expect(h.growth.from_per_share).toBeCloseTo(from, 10);
      expect(h.growth.to_per_share).toBeCloseTo(to, 10);
      expect(h.growth.rate).toBeCloseTo(Math.exp(Math.log(to / from) / 5) - 1, 12);
    }
  });

  it('lists upcoming ex-dates and pay dates of the holdings and the watchlist, declared as of today, then estimated', async () => {
    const view = await income(user, id);
    // Nothing declared after today (the demo's next declarations come later in the year).
    expect(view.calendar.every((e) => (e.declaration_date ?? today) <= today)).toBe(true);
    const declared = (symbol: string) =>
      view.calendar.filter((e) => e.symbol === symbol && e.status === 'declared');
    const upcoming = (symbol: string) =>
      rowsOf(symbol).filter((r) => r.date >= today || r.paymentDate >= today);

    for (const symbol of ['KO', 'MSFT', 'JNJ']) {
      expect(
        declared(symbol).map((e) => [
          e.declaration_date,
          e.ex_date,
          e.record_date,
          e.pay_date,
          e.per_share,
        ]),
        symbol,
      ).toEqual(
        upcoming(symbol).map((r) => [
          r.declarationDate,
          r.date,
          r.recordDate,
          r.paymentDate,
          r.adjDividend,
        ]),
      );
      if (defaultDay) expect(declared(symbol).length, symbol).toBeGreaterThan(0);
    }
    // KO's on the shares held at the start of its ex-date (70 since 2024).
    for (const ko of declared('KO')) {
      const shares = sharesAt('KO', TRADES.KO!, ko.ex_date);
      expect(ko).toMatchObject({ holding: true, watching: false, quantity: shares });
      expect(ko.amount_cents).toBe(cents(shares, ko.per_share));
    }
    // A watched stock: dates and amount per share, no shares.
    for (const jnj of declared('JNJ'))
      expect(jnj).toMatchObject({
        holding: false,
        watching: true,
        quantity: null,
        amount_cents: null,
      });
    // The estimated ones are the forward payments of the trailing 12 months, a year on.
    const estimated = view.calendar.filter((e) => e.status === 'estimated' && e.holding);
    expect(estimated.map((e) => [e.symbol, e.ex_date, e.pay_date, e.amount_cents]).sort()).toEqual(
      view.forward.payments
        .filter((p) => p.basis === 'trailing')
        .map((p) => [p.symbol, p.ex_date, p.pay_date, p.amount_cents])
        .sort(),
    );
    expect(view.calendar.some((e) => e.symbol === 'JNJ' && e.status === 'estimated')).toBe(true);
    // In date order.
    const order = view.calendar.map((e) => `${e.ex_date}${e.pay_date}`);
    expect(order).toEqual([...order].sort());
    expect(view.dividends_complete).toBe(true);
  });
});

describe('all portfolios together', () => {
  it('adds up the portfolios: received, forward income, holdings and the calendar; a dividend gone ex is paid to shares sold today', async () => {
    const user = newUser();
    const first = await importedPortfolio(user, 'First', CSV);
    const second = await importedPortfolio(
      user,
      'Second',
      [
        'Date,Type,Symbol,Quantity,Price,Amount,Fee',
        '2023-01-03,deposit,,,,"20,000.00",',
        `2023-01-03,buy,KO,10,${tradedAt('KO', '2023-01-03')},,`,
        `2023-01-03,buy,PG,20,${tradedAt('PG', '2023-01-03')},,`,
      ].join('\n'),
    );
    // Sold on KO's ex-date: the shares held at the start of the day still get the dividend.
    const sale = await call(user, 'placeOrder', {
      portfolio_id: second,
      stock_symbol: 'KO',
      order_type: 'market',
      invest_by: 'quantity',
      quantity: 10,
      side: 'sell',
    });
    expect(sale.statusCode, JSON.stringify(sale.body)).toBe(200);

    const a = await income(user, first);
    const b = await income(user, second);
    const all = await income(user);
    expect(all.scope).toBe('all');
    expect(all.portfolios.map((p) => p.portfolio_id).sort()).toEqual([first, second].sort());
    expect(all.received.total_cents).toBe(a.received.total_cents + b.received.total_cents);
    expect(all.received.last_12_months_cents).toBe(
      a.received.last_12_months_cents + b.received.last_12_months_cents,
    );
    expect(all.forward.total_cents).toBe(a.forward.total_cents + b.forward.total_cents);
    expect(all.forward.declared_cents).toBe(a.forward.declared_cents + b.forward.declared_cents);

    // The second portfolio holds no KO now but is owed a dividend gone ex before the sale (on
    // the default day, KO's going ex today, on the 10 shares held at the start of the day).
    const secondKo: Trade[] = [
      { date: '2023-01-03', quantity: 10 },
      { date: today, quantity: -10 },
    ];
    const owed = forward('KO', secondKo, 0);
    if (defaultDay) expect(owed.total).toBeGreaterThan(0);
    if (owed.total > 0)
      expect(b.holdings.find((h) => h.symbol === 'KO')).toMatchObject({
        quantity: 0,
        forward_cents: owed.total,
        forward_basis: 'declared',
      });
    const koAll = all.holdings.find((h) => h.symbol === 'KO')!;
    expect(koAll.quantity).toBe(70);
    expect(koAll.forward_cents).toBe(
      a.holdings.find((h) => h.symbol === 'KO')!.forward_cents + owed.total,
    );
    // The calendar adds the two portfolios' shares of each declared KO dividend.
    for (const e of all.calendar.filter((x) => x.symbol === 'KO' && x.status === 'declared')) {
      const [inFirst, inSecond] = [TRADES.KO!, secondKo].map((t) => sharesAt('KO', t, e.ex_date));
      expect(e, e.ex_date).toMatchObject({
        quantity: inFirst! + inSecond! || null,
        amount_cents:
          inFirst! + inSecond!
            ? cents(inFirst!, e.per_share) + cents(inSecond!, e.per_share)
            : null,
      });
    }
    // PG from the second only.
    expect(all.holdings.find((h) => h.symbol === 'PG')).toEqual(
      b.holdings.find((h) => h.symbol === 'PG'),
    );
    // Months: the sum of both, from the first portfolio's first month.
    expect(all.received.months[0]!.month).toBe('2019-12');
    const byMonth = (d: typeof a) => new Map(d.received.months.map((m) => [m.month, m.cents]));
    const [ma, mb] = [byMonth(a), byMonth(b)];
    for (const m of all.received.months)
      expect(m.cents, m.month).toBe((ma.get(m.month) ?? 0) + (mb.get(m.month) ?? 0));
  }, 60_000);

  it('answers a user without portfolios with the watchlist calendar alone', async () => {
    const user = newUser();
    await addToWatchList(user, 'PG');
    const view = await income(user);
    expect(view.portfolios).toEqual([]);
    expect(view.holdings).toEqual([]);
    expect(view.received).toEqual({
      total_cents: 0,
      last_12_months_cents: 0,
      months: [],
      years: [],
    });
    expect(view.forward.total_cents).toBe(0);
    expect(view.calendar.length).toBeGreaterThan(0);
    expect(view.calendar.every((e) => e.symbol === 'PG' && e.watching && e.quantity === null)).toBe(
      true,
    );
  });
});

describe('bad input and other users', () => {
  it('refuses a malformed request with a 400 and a sentence', async () => {
    const user = newUser();
    for (const body of [
      { portfolio_id: '' },
      { portfolio_id: 5 },
      { portfolio_id: 'a', period: 'MAX' },
      'not json',
    ]) {
      const res = await call(user, 'getPortfolioIncome', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it("answers 404 for another user's portfolio and changes nothing of theirs; no token is 401", async () => {
    const owner = newUser();
    const id = await createPortfolio(owner, 'Mine');
    await income(owner, id);
    const before = await itemsUnder(owner, keys.portfolio(owner, id).sk);
    const other = newUser();
    const res = await call(other, 'getPortfolioIncome', { portfolio_id: id });
    expect(res.statusCode).toBe(404);
    expect(await itemsUnder(owner, keys.portfolio(owner, id).sk)).toEqual(before);
    // Another user's list of all portfolios does not have it.
    expect((await income(other)).portfolios).toEqual([]);
    expect((await call(undefined, 'getPortfolioIncome', { portfolio_id: id })).statusCode).toBe(
      401,
    );
  });
});
