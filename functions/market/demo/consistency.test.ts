import { describe, expect, it, vi } from 'vitest';
import { DEMO_SPECIAL, DEMO_UNIVERSE, demoStable, isBank, DEMO_UNIVERSE_DETAILS } from './index.js';

type Row = Record<string, number | string | boolean | null>;

// Several checks walk every statement of every company in the universe.
vi.setConfig({ testTimeout: 180_000 });

const NOW = new Date('2026-03-10T15:30:00Z'); // Tuesday 11:30 in New York (EDT), market open
const SECTORS = [
  'Technology',
  'Healthcare',
  'Financial Services',
  'Consumer Cyclical',
  'Consumer Defensive',
  'Industrials',
  'Energy',
  'Utilities',
  'Real Estate',
  'Basic Materials',
  'Communication Services',
];

function get(endpoint: string, params: Record<string, string>, now: Date = NOW): Row[] {
  const res = demoStable(endpoint, params, now);
  if (!Array.isArray(res)) throw new Error(`${endpoint}: ${JSON.stringify(res)}`);
  return res as Row[];
}
const n = (v: unknown) => v as number;

/** Collects mismatches so that checks over the whole universe stay fast; reported together. */
function collector() {
  const problems: string[] = [];
  return {
    eq(actual: unknown, expected: unknown, where: string) {
      if (actual !== expected) problems.push(`${where}: ${String(actual)} !== ${String(expected)}`);
    },
    ok(cond: boolean, where: string) {
      if (!cond) problems.push(where);
    },
    problems,
  };
}
const round2 = (x: number) => Math.round(x * 100) / 100;

describe('demo universe', () => {
  it('lists at least 300 unique companies across every sector and all three exchanges', () => {
    expect(DEMO_UNIVERSE.length).toBeGreaterThanOrEqual(300);
    expect(new Set(DEMO_UNIVERSE.map((e) => e.symbol)).size).toBe(DEMO_UNIVERSE.length);
    expect(new Set(DEMO_UNIVERSE.map((e) => e.sector))).toEqual(new Set(SECTORS));
    expect(new Set(DEMO_UNIVERSE.map((e) => e.exchange))).toEqual(
      new Set(['NYSE', 'NASDAQ', 'AMEX']),
    );
    for (const sector of SECTORS)
      expect(DEMO_UNIVERSE.filter((e) => e.sector === sector).length).toBeGreaterThanOrEqual(20);
  });

  it('has large, mid and small caps by generated market cap, each well represented', () => {
    const bands = { large: 0, mid: 0, small: 0 };
    for (const e of DEMO_UNIVERSE) {
      const [q] = get('quote', { symbol: e.symbol });
      const cap = n(q!.marketCap);
      if (cap >= 5e9) bands.large++;
      else if (cap >= 1e9) bands.mid++;
      else bands.small++;
    }
    expect(bands.large).toBeGreaterThanOrEqual(60);
    expect(bands.mid).toBeGreaterThanOrEqual(60);
    expect(bands.small).toBeGreaterThanOrEqual(40);
  });
});

describe('determinism', () => {
  it('gives identical answers for the same inputs, whatever was generated before', async () => {
    const ask = (fn: typeof demoStable) => [
      fn('income-statement', { symbol: 'NKE', period: 'quarter', limit: '12' }, NOW),
      fn('ratios-ttm', { symbol: 'NKE' }, NOW),
      fn('quote', { symbol: 'NKE' }, NOW),
      fn('historical-chart/1min', { symbol: 'NKE' }, NOW),
      fn('historical-price-eod/full', { symbol: 'NKE', from: '2015-01-01', to: '2015-03-01' }, NOW),
    ];
    const first = ask(demoStable);
    vi.resetModules();
    const fresh = (await import('./index.js')).demoStable;
    // Generate other symbols and a later date first in the fresh copy.
    fresh('income-statement', { symbol: 'AAPL' }, new Date('2026-06-01T18:00:00Z'));
    fresh('quote', { symbol: '^GSPC' }, NOW);
    expect(ask(fresh)).toEqual(first);
  });

  it('keeps past history unchanged when asked on a later date', () => {
    const early = get('historical-price-eod/full', {
      symbol: 'KO',
      from: '2024-01-01',
      to: '2024-06-30',
    });
    const later = get(
      'historical-price-eod/full',
      { symbol: 'KO', from: '2024-01-01', to: '2024-06-30' },
      new Date('2026-08-01T12:00:00Z'),
    );
    expect(later).toEqual(early);
    // Recent sessions (with minute data at NOW) keep their bars once the minute data ages out.
    const recent = get('historical-price-eod/full', {
      symbol: 'KO',
      from: '2026-03-02',
      to: '2026-03-09',
    });
    expect(recent).toHaveLength(6);
    expect(
      get(
        'historical-price-eod/full',
        { symbol: 'KO', from: '2026-03-02', to: '2026-03-09' },
        new Date('2026-04-20T12:00:00Z'),
      ),
    ).toEqual(recent);
    const incomeEarly = get('income-statement', { symbol: 'KO', limit: '20' });
    const incomeLater = get(
      'income-statement',
      { symbol: 'KO', limit: '20' },
      new Date('2026-08-01T12:00:00Z'),
    );
    expect(incomeLater.filter((r) => n(r.fiscalYear) <= 2025)).toEqual(
      incomeEarly.filter((r) => n(r.fiscalYear) <= 2025),
    );
  });
});

describe('statements are internally consistent for every company', () => {
  it('balance sheets balance and their sub-totals add up (annual and quarterly)', () => {
    const c = collector();
    let checked = 0;
    for (const e of DEMO_UNIVERSE) {
      for (const period of ['annual', 'quarter']) {
        for (const b of get('balance-sheet-statement', {
          symbol: e.symbol,
          period,
          limit: '100',
        })) {
          const w = `${e.symbol} ${b.date}`;
          checked++;
          c.eq(
            n(b.totalLiabilities) + n(b.totalEquity),
            n(b.totalAssets),
            `${w} assets = liabilities + equity`,
          );
          c.eq(
            n(b.totalLiabilitiesAndTotalEquity),
            n(b.totalAssets),
            `${w} totalLiabilitiesAndTotalEquity`,
          );
          c.eq(
            n(b.totalCurrentAssets) + n(b.totalNonCurrentAssets),
            n(b.totalAssets),
            `${w} asset sub-totals`,
          );
          c.eq(
            n(b.cashAndCashEquivalents) +
              n(b.shortTermInvestments) +
              n(b.netReceivables) +
              n(b.inventory) +
              n(b.prepaids) +
              n(b.otherCurrentAssets),
            n(b.totalCurrentAssets),
            `${w} current assets`,
          );
          c.eq(
            n(b.totalCurrentLiabilities) + n(b.totalNonCurrentLiabilities),
            n(b.totalLiabilities),
            `${w} liability sub-totals`,
          );
          c.eq(
            n(b.totalStockholdersEquity) + n(b.minorityInterest),
            n(b.totalEquity),
            `${w} equity`,
          );
          c.eq(
            n(b.shortTermDebt) + n(b.longTermDebt) + n(b.capitalLeaseObligations),
            n(b.totalDebt),
            `${w} total debt`,
          );
          c.eq(n(b.totalDebt) - n(b.cashAndCashEquivalents), n(b.netDebt), `${w} net debt`);
          c.ok(n(b.cashAndCashEquivalents) > 0, `${w} positive cash`);
        }
      }
    }
    expect(checked).toBeGreaterThan(DEMO_UNIVERSE.length * 50);
    expect(c.problems).toEqual([]);
  });

  it('EPS is net income over weighted shares, and the income statement adds up', () => {
    const c = collector();
    for (const e of DEMO_UNIVERSE) {
      for (const period of ['annual', 'quarter']) {
        for (const i of get('income-statement', { symbol: e.symbol, period, limit: '100' })) {
          const w = `${e.symbol} ${i.date}`;
          c.eq(i.eps, round2(n(i.netIncome) / n(i.weightedAverageShsOut)), `${w} eps`);
          c.eq(
            i.epsDiluted,
            round2(n(i.netIncome) / n(i.weightedAverageShsOutDil)),
            `${w} epsDiluted`,
          );
          c.eq(n(i.revenue) - n(i.costOfRevenue), n(i.grossProfit), `${w} gross profit`);
          c.eq(
            n(i.grossProfit) - n(i.operatingExpenses),
            n(i.operatingIncome),
            `${w} operating income`,
          );
          c.eq(n(i.operatingIncome) + n(i.depreciationAndAmortization), n(i.ebitda), `${w} ebitda`);
          c.eq(
            n(i.operatingIncome) + n(i.totalOtherIncomeExpensesNet),
            n(i.incomeBeforeTax),
            `${w} pretax`,
          );
          c.eq(n(i.incomeBeforeTax) - n(i.incomeTaxExpense), n(i.netIncome), `${w} net income`);
          c.eq(
            n(i.researchAndDevelopmentExpenses) + n(i.sellingGeneralAndAdministrativeExpenses),
            n(i.operatingExpenses),
            `${w} opex`,
          );
          c.ok(
            n(i.weightedAverageShsOutDil) >= n(i.weightedAverageShsOut),
            `${w} diluted >= basic`,
          );
        }
      }
    }
    expect(c.problems).toEqual([]);
  });

  it('cash flow statements agree with the balance sheets (net change in cash, free cash flow)', () => {
    const c = collector();
    for (const e of DEMO_UNIVERSE) {
      for (const period of ['annual', 'quarter']) {
        const cfs = get('cash-flow-statement', { symbol: e.symbol, period, limit: '100' });
        const bss = get('balance-sheet-statement', { symbol: e.symbol, period, limit: '100' });
        c.eq(cfs.length, bss.length, `${e.symbol} ${period} counts`);
        cfs.forEach((f, k) => {
          const w = `${e.symbol} ${f.date}`;
          c.eq(
            n(f.operatingCashFlow) + n(f.capitalExpenditure),
            n(f.freeCashFlow),
            `${w} free cash flow`,
          );
          c.eq(
            n(f.netCashProvidedByOperatingActivities) +
              n(f.netCashProvidedByInvestingActivities) +
              n(f.netCashProvidedByFinancingActivities),
            n(f.netChangeInCash),
            `${w} net change`,
          );
          c.eq(
            n(f.cashAtBeginningOfPeriod) + n(f.netChangeInCash),
            n(f.cashAtEndOfPeriod),
            `${w} cash roll`,
          );
          c.eq(
            n(f.cashAtEndOfPeriod),
            n(bss[k]!.cashAndCashEquivalents),
            `${w} end cash = balance sheet`,
          );
          const older = bss[k + 1];
          if (older)
            c.eq(
              n(f.cashAtBeginningOfPeriod),
              n(older.cashAndCashEquivalents),
              `${w} begin cash = prior balance sheet`,
            );
        });
      }
    }
    expect(c.problems).toEqual([]);
  });

  it('annual flows are the sums of their four quarters and annual balances are Q4', () => {
    const c = collector();
    for (const e of DEMO_UNIVERSE.filter((_, k) => k % 4 === 0)) {
      const annual = get('income-statement', { symbol: e.symbol, limit: '100' });
      const quarters = get('income-statement', {
        symbol: e.symbol,
        period: 'quarter',
        limit: '400',
      });
      const qBalance = get('balance-sheet-statement', {
        symbol: e.symbol,
        period: 'quarter',
        limit: '400',
      });
      const aBalance = get('balance-sheet-statement', { symbol: e.symbol, limit: '100' });
      const aCash = get('cash-flow-statement', { symbol: e.symbol, limit: '100' });
      const qCash = get('cash-flow-statement', {
        symbol: e.symbol,
        period: 'quarter',
        limit: '400',
      });
      annual.forEach((fy, k) => {
        const w = `${e.symbol} FY${fy.fiscalYear}`;
        const qs = quarters.filter((q) => q.fiscalYear === fy.fiscalYear);
        c.eq(
          qs
            .map((q) => q.period)
            .sort()
            .join(),
          'Q1,Q2,Q3,Q4',
          `${w} quarters`,
        );
        for (const key of [
          'revenue',
          'grossProfit',
          'operatingIncome',
          'ebitda',
          'netIncome',
          'incomeTaxExpense',
        ]) {
          c.eq(
            qs.reduce((s, q) => s + n(q[key]), 0),
            n(fy[key]),
            `${w} ${key}`,
          );
        }
        const q4 = qs.find((q) => q.period === 'Q4');
        c.eq(fy.date, q4?.date, `${w} date`);
        const q4Balance = qBalance.find((b) => b.date === q4?.date);
        c.eq(
          JSON.stringify(aBalance[k]),
          JSON.stringify({ ...q4Balance, period: 'FY' }),
          `${w} balance = Q4`,
        );
        const cq = qCash.filter((f) => f.fiscalYear === fy.fiscalYear);
        for (const key of [
          'operatingCashFlow',
          'freeCashFlow',
          'commonDividendsPaid',
          'netChangeInCash',
        ]) {
          c.eq(
            cq.reduce((s, q) => s + n(q[key]), 0),
            n(aCash[k]![key]),
            `${w} ${key}`,
          );
        }
      });
    }
    expect(c.problems).toEqual([]);
  });
});

describe('ratios, key metrics and TTM are derived from statements and prices', () => {
  const SYMBOLS = ['AAPL', 'JPM', 'MCD', 'RIVN', 'KO', 'O', 'XOM', 'NEE', 'CAVA'];

  it('annual ratios use the period-end close and the statements', () => {
    for (const symbol of SYMBOLS) {
      const ratios = get('ratios', { symbol, limit: '6' });
      const metrics = get('key-metrics', { symbol, limit: '6' });
      const income = get('income-statement', { symbol, limit: '6' });
      const balance = get('balance-sheet-statement', { symbol, limit: '6' });
      const cash = get('cash-flow-statement', { symbol, limit: '6' });
      ratios.forEach((r, k) => {
        const i = income[k]!;
        const b = balance[k]!;
        const c = cash[k]!;
        const shares = n(i.weightedAverageShsOutDil);
        const [bar] = get('historical-price-eod/light', {
          symbol,
          to: r.date as string,
          from: '2000-01-01',
        });
        const where = `${symbol} ${r.date}`;
        if (!bar) {
          // Before the listing there is no price, so price-based ratios are zero.
          expect(r.priceToEarningsRatio, where).toBe(0);
          return;
        }
        const price = n(bar.price);
        expect(r.date).toBe(i.date);
        expect(n(r.priceToEarningsRatio), where).toBeCloseTo(price / (n(i.netIncome) / shares), 6);
        expect(n(r.priceToBookRatio), where).toBeCloseTo(
          price / (n(b.totalStockholdersEquity) / shares),
          6,
        );
        expect(n(r.priceToSalesRatio), where).toBeCloseTo((price * shares) / n(i.revenue), 6);
        expect(n(r.bookValuePerShare), where).toBeCloseTo(n(b.totalStockholdersEquity) / shares, 6);
        expect(n(r.revenuePerShare), where).toBeCloseTo(n(i.revenue) / shares, 6);
        expect(n(r.netProfitMargin), where).toBeCloseTo(n(i.netIncome) / n(i.revenue), 10);
        expect(n(r.dividendYield), where).toBeCloseTo(
          -n(c.commonDividendsPaid) / shares / price,
          10,
        );
        const ev = price * shares + n(b.totalDebt) - n(b.cashAndCashEquivalents);
        expect(n(metrics[k]!.marketCap), where).toBeCloseTo(price * shares, 0);
        expect(n(metrics[k]!.enterpriseValue), where).toBeCloseTo(ev, 0);
        expect(n(metrics[k]!.evToEBITDA), where).toBeCloseTo(ev / n(i.ebitda), 6);
        expect(n(r.enterpriseValueMultiple), where).toBeCloseTo(ev / n(i.ebitda), 6);
        expect(n(metrics[k]!.returnOnEquity), where).toBeCloseTo(
          n(i.netIncome) / n(b.totalStockholdersEquity),
          10,
        );
        expect(n(r.priceToFreeCashFlowRatio), where).toBeCloseTo(
          (price * shares) / n(c.freeCashFlow),
          6,
        );
      });
    }
  });

  it('TTM figures sum the last four quarters and use the current quote', () => {
    for (const symbol of SYMBOLS) {
      const [q] = get('quote', { symbol });
      const [ttm] = get('ratios-ttm', { symbol });
      const [kmTtm] = get('key-metrics-ttm', { symbol });
      const [float] = get('shares-float', { symbol });
      const last4 = get('income-statement', { symbol, period: 'quarter', limit: '4' });
      const netIncome = last4.reduce((s, r) => s + n(r.netIncome), 0);
      const revenue = last4.reduce((s, r) => s + n(r.revenue), 0);
      const shares = n(last4[0]!.weightedAverageShsOutDil);
      expect(n(float!.outstandingShares)).toBe(shares);
      expect(n(ttm!.netIncomePerShareTTM)).toBeCloseTo(netIncome / shares, 8);
      expect(n(ttm!.revenuePerShareTTM)).toBeCloseTo(revenue / shares, 8);
      expect(n(ttm!.priceToEarningsRatioTTM)).toBeCloseTo(n(q!.price) / (netIncome / shares), 6);
      expect(n(kmTtm!.marketCap)).toBeCloseTo(n(q!.price) * shares, 0);
    }
  });

  it('quote and profile market cap is price times shares outstanding', () => {
    for (const e of DEMO_UNIVERSE.filter((_, k) => k % 7 === 0)) {
      const [q] = get('quote', { symbol: e.symbol });
      const [p] = get('profile', { symbol: e.symbol });
      const [f] = get('shares-float', { symbol: e.symbol });
      expect(n(q!.marketCap)).toBeCloseTo(n(q!.price) * n(f!.outstandingShares), 0);
      expect(p!.marketCap).toBe(q!.marketCap);
      expect(p!.price).toBe(q!.price);
    }
  });
});

describe('prices and quotes', () => {
  it('has 10+ years of weekday daily bars, newest first, with consistent change and range', () => {
    const bars = get('historical-price-eod/full', { symbol: 'AAPL' });
    expect(bars.length).toBeGreaterThan(2600);
    expect(bars[0]!.date).toBe('2026-03-09');
    expect(String(bars[bars.length - 1]!.date) < '2016-01-01').toBe(true);
    for (let k = 0; k < bars.length; k++) {
      const b = bars[k]!;
      const day = new Date(`${b.date}T00:00:00Z`).getUTCDay();
      expect(day >= 1 && day <= 5).toBe(true);
      if (k > 0) expect(String(b.date) < String(bars[k - 1]!.date)).toBe(true);
      expect(n(b.high)).toBeGreaterThanOrEqual(Math.max(n(b.open), n(b.close)));
      expect(n(b.low)).toBeLessThanOrEqual(Math.min(n(b.open), n(b.close)));
      expect(b.change).toBe(round2(n(b.close) - n(b.open)));
    }
  });

  it('quote moves during the day and agrees with the daily and intraday history', () => {
    const morning = new Date('2026-03-10T14:05:00Z'); // 10:05 New York
    const afternoon = new Date('2026-03-10T19:20:00Z'); // 15:20 New York
    const [a] = get('quote', { symbol: 'MSFT' }, morning);
    const [b] = get('quote', { symbol: 'MSFT' }, afternoon);
    expect(a!.price).not.toBe(b!.price);
    expect(a!.previousClose).toBe(b!.previousClose);
    expect(a!.open).toBe(b!.open);
    const [lastEod] = get('historical-price-eod/full', { symbol: 'MSFT' }, afternoon);
    expect(lastEod!.date).toBe('2026-03-09');
    expect(b!.previousClose).toBe(lastEod!.close);
    for (const q of [a!, b!]) {
      expect(n(q.dayHigh)).toBeGreaterThanOrEqual(n(q.price));
      expect(n(q.dayLow)).toBeLessThanOrEqual(n(q.price));
      expect(n(q.change)).toBe(round2(n(q.price) - n(q.previousClose)));
    }
    expect(n(b!.dayHigh)).toBeGreaterThanOrEqual(n(a!.dayHigh));
    expect(n(b!.volume)).toBeGreaterThan(n(a!.volume));
    const minutes = get(
      'historical-chart/1min',
      { symbol: 'MSFT', from: '2026-03-10', to: '2026-03-10' },
      afternoon,
    );
    expect(minutes[0]!.date).toBe('2026-03-10 15:20:00');
    expect(minutes[0]!.close).toBe(b!.price);
    expect(Math.max(...minutes.map((m) => n(m.high)))).toBe(b!.dayHigh);
    expect(Math.min(...minutes.map((m) => n(m.low)))).toBe(b!.dayLow);
    // After the close, the day's bar exists and the quote is that close.
    const evening = new Date('2026-03-10T21:00:00Z');
    const [c] = get('quote', { symbol: 'MSFT' }, evening);
    const [todayBar] = get('historical-price-eod/full', { symbol: 'MSFT' }, evening);
    expect(todayBar!.date).toBe('2026-03-10');
    expect(c!.price).toBe(todayBar!.close);
    expect(c!.dayHigh).toBe(todayBar!.high);
    expect(c!.dayLow).toBe(todayBar!.low);
    const full = get(
      'historical-chart/5min',
      { symbol: 'MSFT', from: '2026-03-10', to: '2026-03-10' },
      evening,
    );
    expect(full).toHaveLength(78);
    expect(full[0]!.close).toBe(todayBar!.close);
    expect(full[full.length - 1]!.open).toBe(todayBar!.open);
    expect(full.reduce((s, m) => s + n(m.volume), 0)).toBe(todayBar!.volume);
  });

  it('serves intraday bars for recent sessions at every interval, inside 09:30-16:00', () => {
    for (const [interval, perDay] of [
      ['1min', 390],
      ['5min', 78],
      ['15min', 26],
      ['30min', 13],
      ['1hour', 7],
      ['4hour', 2],
    ] as const) {
      const bars = get(`historical-chart/${interval}`, {
        symbol: 'AAPL',
        from: '2026-03-02',
        to: '2026-03-09',
      });
      const days = new Set(bars.map((b) => (b.date as string).slice(0, 10)));
      expect(days.size).toBe(5);
      expect(bars.length).toBe(5 * perDay);
      for (const b of bars) {
        const time = (b.date as string).slice(11);
        expect(time >= '09:30:00' && time < '16:00:00').toBe(true);
      }
    }
  });

  it('index quotes sit at plausible 2026 levels', () => {
    const levels: Record<string, [number, number]> = {
      '^GSPC': [5000, 9000],
      '^NYA': [16000, 28000],
      '^DJI': [35000, 62000],
      '^IXIC': [16000, 32000],
    };
    for (const [symbol, [lo, hi]] of Object.entries(levels)) {
      const [q] = get('quote', { symbol });
      expect(n(q!.price)).toBeGreaterThan(lo);
      expect(n(q!.price)).toBeLessThan(hi);
      const history = get('historical-price-eod/light', { symbol });
      expect(history.length).toBeGreaterThan(2600);
      expect(history[0]!.price).toBe(q!.previousClose);
    }
  });
});

describe('special cases exercise the valuation N/A rules', () => {
  const latest = (endpoint: string, symbol: string) => get(endpoint, { symbol, limit: '1' })[0]!;

  it('loss makers have negative EPS and pay no dividend', () => {
    expect(DEMO_SPECIAL.losses.size).toBeGreaterThanOrEqual(10);
    for (const symbol of DEMO_SPECIAL.losses) {
      expect(n(latest('income-statement', symbol).epsDiluted), symbol).toBeLessThan(0);
      expect(n(latest('cash-flow-statement', symbol).commonDividendsPaid), symbol).toBe(0);
    }
  });

  it('turnarounds had losses in their history and profits now', () => {
    for (const symbol of DEMO_SPECIAL.turnarounds) {
      const eps = get('income-statement', { symbol, limit: '100' }).map((r) => n(r.epsDiluted));
      expect(eps[0], symbol).toBeGreaterThan(0);
      expect(Math.min(...eps), symbol).toBeLessThan(0);
    }
  });

  it('negative-book companies report negative equity and a negative P/B', () => {
    for (const symbol of DEMO_SPECIAL.negativeBook) {
      expect(
        n(latest('balance-sheet-statement', symbol).totalStockholdersEquity),
        symbol,
      ).toBeLessThan(0);
      expect(n(latest('ratios', symbol).priceToBookRatio), symbol).toBeLessThan(0);
    }
  });

  it('non-payers pay no dividends and most others do', () => {
    let payers = 0;
    for (const e of DEMO_UNIVERSE) {
      const paid = n(latest('cash-flow-statement', e.symbol).commonDividendsPaid);
      if (DEMO_SPECIAL.noDividend.has(e.symbol)) expect(paid, e.symbol).toBe(0);
      if (paid < 0) payers++;
    }
    expect(payers).toBeGreaterThan(150);
  });

  it('recent listings have short histories; the others have 11+ annual and 42+ quarterly statements', () => {
    for (const e of DEMO_UNIVERSE) {
      const annual = get('income-statement', { symbol: e.symbol, limit: '100' }).length;
      const quarterly = get('income-statement', {
        symbol: e.symbol,
        period: 'quarter',
        limit: '400',
      }).length;
      const ipo = DEMO_SPECIAL.shortHistory.get(e.symbol);
      if (ipo) {
        expect(annual, e.symbol).toBeLessThan(11);
        expect(annual, e.symbol).toBeGreaterThanOrEqual(3);
        const bars = get('historical-price-eod/light', { symbol: e.symbol });
        expect(bars[bars.length - 1]!.date! >= ipo).toBe(true);
      } else {
        expect(annual, e.symbol).toBeGreaterThanOrEqual(11);
        expect(quarterly, e.symbol).toBeGreaterThanOrEqual(42);
      }
    }
  });

  it('banks have bank-like statements: no cost of revenue, gross profit equals revenue', () => {
    const banks = DEMO_UNIVERSE_DETAILS.filter(isBank);
    expect(banks.length).toBeGreaterThanOrEqual(5);
    for (const bank of banks) {
      for (const i of get('income-statement', { symbol: bank.symbol, limit: '3' })) {
        expect(i.costOfRevenue).toBe(0);
        expect(i.grossProfit).toBe(i.revenue);
      }
      expect(latest('balance-sheet-statement', bank.symbol).inventory).toBe(0);
    }
  });
});

describe('query parameters', () => {
  it('honours limit and period', () => {
    expect(get('income-statement', { symbol: 'AAPL', limit: '11' })).toHaveLength(11);
    expect(
      get('income-statement', { symbol: 'AAPL', period: 'quarter', limit: '42' }),
    ).toHaveLength(42);
    expect(
      get('ratios', { symbol: 'AAPL', period: 'quarter', limit: '7' }).every(
        (r) => r.period !== 'FY',
      ),
    ).toBe(true);
    expect(
      get('key-metrics', { symbol: 'AAPL', period: 'annual', limit: '4' }).every(
        (r) => r.period === 'FY',
      ),
    ).toBe(true);
    expect(get('income-statement', { symbol: 'AAPL' })).toHaveLength(5);
    expect(get('news/stock', { symbols: 'AAPL', limit: '3' })).toHaveLength(3);
    expect(get('search-symbol', { query: 'A', limit: '7' })).toHaveLength(7);
  });

  it('honours from and to on daily and intraday history', () => {
    const bars = get('historical-price-eod/full', {
      symbol: 'KO',
      from: '2024-02-01',
      to: '2024-02-29',
    });
    // 21 weekdays less Washington's Birthday (19 February): the exchange's 20 sessions.
    expect(bars).toHaveLength(20);
    expect(bars.some((b) => b.date === '2024-02-19')).toBe(false);
    expect(bars[0]!.date).toBe('2024-02-29');
    expect(bars[bars.length - 1]!.date).toBe('2024-02-01');
    const hourly = get('historical-chart/1hour', {
      symbol: 'KO',
      from: '2026-03-05',
      to: '2026-03-06',
    });
    expect(new Set(hourly.map((b) => (b.date as string).slice(0, 10)))).toEqual(
      new Set(['2026-03-05', '2026-03-06']),
    );
  });

  it('returns statements only once filed (fiscal years ending before now)', () => {
    const early = get(
      'income-statement',
      { symbol: 'KO', limit: '1' },
      new Date('2026-01-15T15:00:00Z'),
    );
    expect(early[0]!.fiscalYear).toBe('2024');
    const later = get(
      'income-statement',
      { symbol: 'KO', limit: '1' },
      new Date('2026-04-15T15:00:00Z'),
    );
    expect(later[0]!.fiscalYear).toBe('2025');
    expect(later[0]!.filingDate! <= '2026-04-15').toBe(true);
  });

  it('searches by symbol and name, filtered by exchange', () => {
    expect(get('search-symbol', { query: 'aapl' })[0]!.symbol).toBe('AAPL');
    expect(get('search-name', { query: 'coca-cola' }).map((r) => r.symbol)).toContain('KO');
    const amex = get('search-name', { query: 'gold', exchange: 'AMEX' });
    expect(amex.length).toBeGreaterThan(0);
    expect(amex.every((r) => r.exchange === 'AMEX')).toBe(true);
  });

  it('answers an unknown symbol with an empty list and an unknown endpoint with an error message', () => {
    for (const endpoint of [
      'quote',
      'profile',
      'income-statement',
      'ratios-ttm',
      'historical-price-eod/full',
      'historical-chart/5min',
      'earnings',
    ]) {
      expect(demoStable(endpoint, { symbol: 'NOPE' }, NOW)).toEqual([]);
    }
    expect(demoStable('batch-quote', { symbols: 'NOPE,AAPL' }, NOW)).toHaveLength(1);
    expect(demoStable('not-an-endpoint', { symbol: 'AAPL' }, NOW)).toEqual({
      'Error Message': 'Invalid endpoint',
    });
    expect(demoStable('historical-chart/2min', { symbol: 'AAPL' }, NOW)).toHaveProperty(
      'Error Message',
    );
    expect(demoStable('quote', {}, NOW)).toHaveProperty('Error Message');
  });
});
