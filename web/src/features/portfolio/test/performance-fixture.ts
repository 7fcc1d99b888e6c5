import { addDays } from '../../../../../shared/portfolio/days';
import {
  type Close,
  navHistory,
  type PerformanceEvent,
} from '../../../../../shared/portfolio/history';
import {
  type CostMethod,
  costBasis,
  type LotTrade,
  lotsAnswer,
  lotsView,
} from '../../../../../shared/portfolio/lots';
import {
  chartSeries,
  monthlyReturns,
  type Period,
  periodFigures,
  periodRange,
} from '../../../../../shared/portfolio/returns';
import { riskView } from '../../../../../shared/portfolio/risk';
import type { PerformanceData } from '../../../../../shared/schemas/portfolio-performance';

/**
 * A performance answer worked out by the product's own functions (NAV history, returns, risk
 * figures, FIFO lots) from a small made-up portfolio, as the performance route puts it
 * together: $100,000 deposited on 2 January 2024, KO and MSFT bought and partly sold, a
 * withdrawal, a 2-for-1 MSFT split, more KO bought in December 2025; "today" is 10 March 2026.
 */
export const FIXTURE_TODAY = '2026-03-10';
export const FIXTURE_INCEPTION = '2024-01-02';

/** A deterministic walk of weekday closes from 20 December 2023 (split-adjusted, as served). */
function closes(seed: number, start: number, drift: number): Close[] {
  const out: Close[] = [];
  let x = seed;
  let price = start;
  for (let d = '2023-12-20'; d <= FIXTURE_TODAY; d = addDays(d, 1)) {
    const day = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (day === 0 || day === 6) continue;
    x = (x * 48271) % 2147483647;
    price = price * (1 + drift + (x / 2147483647 - 0.5) * 0.03);
    out.push({ date: d, close: Math.round(price * 100) / 100 });
  }
  return out;
}

export const FIXTURE_CLOSES = {
  KO: closes(7, 60, 0.0002),
  MSFT: closes(11, 190, 0.0004),
  GSPC: closes(13, 4700, 0.0003),
};

const closeOn = (series: Close[], date: string) => series.find((c) => c.date === date)!.close;

const SPLIT = { symbol: 'MSFT', date: '2025-08-01', numerator: 2, denominator: 1 };

/** The trades, at that day's close (MSFT before the split at the unadjusted price). */
export const FIXTURE_TRADES: LotTrade[] = [
  {
    time: '2024-01-03T15:00:00.000Z',
    symbol: 'KO',
    side: 'buy',
    quantity: 100,
    price: closeOn(FIXTURE_CLOSES.KO, '2024-01-03'),
    feeCents: 500,
  },
  {
    time: '2024-02-01T15:00:00.000Z',
    symbol: 'MSFT',
    side: 'buy',
    quantity: 50,
    price: closeOn(FIXTURE_CLOSES.MSFT, '2024-02-01') * 2,
  },
  {
    time: '2024-06-03T15:00:00.000Z',
    symbol: 'KO',
    side: 'buy',
    quantity: 50,
    price: closeOn(FIXTURE_CLOSES.KO, '2024-06-03'),
  },
  {
    time: '2025-03-03T15:00:00.000Z',
    symbol: 'KO',
    side: 'sell',
    quantity: 120,
    price: closeOn(FIXTURE_CLOSES.KO, '2025-03-03'),
    feeCents: 250,
  },
  {
    time: '2025-09-02T15:00:00.000Z',
    symbol: 'MSFT',
    side: 'sell',
    quantity: 30,
    price: closeOn(FIXTURE_CLOSES.MSFT, '2025-09-02'),
  },
  {
    time: '2025-12-01T15:00:00.000Z',
    symbol: 'KO',
    side: 'buy',
    quantity: 10,
    price: closeOn(FIXTURE_CLOSES.KO, '2025-12-01'),
  },
];

export function performanceFixture(
  request: { period: Period; from?: string; to?: string },
  settings: { costMethod?: CostMethod; riskFreeRate?: number } = {},
): PerformanceData {
  const costMethod = settings.costMethod ?? 'average';
  const riskFreeRate = settings.riskFreeRate ?? 4;
  const events: PerformanceEvent[] = [
    { type: 'flow', date: FIXTURE_INCEPTION, amountCents: 10_000_000 },
    { type: 'flow', date: '2025-06-02', amountCents: -1_000_000 },
    ...FIXTURE_TRADES.map((t) => ({
      type: t.side,
      date: t.time.slice(0, 10),
      symbol: t.symbol,
      quantity: t.quantity,
      price: t.price,
      ...(t.feeCents ? { feeCents: t.feeCents } : {}),
    })),
    { type: 'split', ...SPLIT },
  ];
  const result = navHistory({
    start: FIXTURE_INCEPTION,
    end: FIXTURE_TODAY,
    events,
    closes: new Map([
      ['KO', FIXTURE_CLOSES.KO],
      ['MSFT', FIXTURE_CLOSES.MSFT],
    ]),
  });
  if (!result.ok) throw new Error(result.error.message);
  const { points, holdings } = result.history;
  const range = periodRange(
    request.period,
    FIXTURE_INCEPTION,
    FIXTURE_TODAY,
    request.period === 'custom' ? { from: request.from!, to: request.to! } : undefined,
  );
  const figures = periodFigures(points, range);
  const chart = chartSeries(points, range, FIXTURE_CLOSES.GSPC);
  const monthly = monthlyReturns(
    points.filter((p) => p.date >= range.start && p.date <= range.end),
  );
  const navNow = points.at(-1)!.navCents;
  const prices = new Map(holdings.map((h) => [h.symbol, h.price]));
  const lotsInput = { trades: FIXTURE_TRADES, splits: [SPLIT], today: FIXTURE_TODAY };
  const basis = new Map(
    costBasis(costMethod, lotsInput, { feesInBasis: false }).map((b) => [b.symbol, b]),
  );
  return {
    portfolio_id: 'p1',
    period: request.period,
    start: range.start,
    end: range.end,
    days: range.days,
    clipped: range.clipped,
    inception: FIXTURE_INCEPTION,
    benchmark: { symbol: '^GSPC', name: 'S&P 500' },
    nav_cents: navNow,
    start_nav_cents: figures.startNavCents,
    end_nav_cents: figures.endNavCents,
    net_flow_cents: figures.netFlowCents,
    twr: figures.twr,
    twr_cumulative: figures.twrCumulative,
    mwr: figures.mwr,
    gain: {
      total_cents: figures.gain.totalCents,
      realised_cents: figures.gain.realisedCents,
      unrealised_cents: figures.gain.unrealisedCents,
      dividend_cents: figures.gain.dividendCents,
      fee_cents: figures.gain.feeCents,
    },
    series: chart.map((c) => ({
      date: c.date,
      nav_cents: c.navCents,
      benchmark_cents: c.benchmarkCents,
      twr_index: c.twrIndex,
      benchmark_index: c.benchmarkIndex,
      flow_cents: c.flowCents,
    })),
    monthly,
    holdings: holdings.map((h) => {
      const b = basis.get(h.symbol)!;
      return {
        symbol: h.symbol,
        quantity: h.quantity,
        average_cost: h.quantity > 0 ? b.cost_cents / 100 / h.quantity : 0,
        cost_cents: b.cost_cents,
        price: h.price,
        value_cents: h.valueCents,
        weight: navNow > 0 ? h.valueCents / navNow : null,
        unrealised_cents: h.valueCents - b.cost_cents,
        realised_cents: b.realised_cents,
        dividend_cents: h.dividendCents,
        first_buy: h.firstBuy,
        twr_since_first_buy: h.twrSinceFirstBuy,
      };
    }),
    allocation: [
      ...holdings
        .filter((h) => h.quantity > 0)
        .map((h) => ({
          symbol: h.symbol,
          name: h.symbol === 'KO' ? 'Coca-Cola' : 'Microsoft',
          sector: h.symbol === 'KO' ? 'Consumer Defensive' : 'Technology',
          industry: h.symbol === 'KO' ? 'Beverages' : 'Software',
          value_cents: h.valueCents,
        })),
      {
        symbol: 'CASH',
        name: 'Cash',
        sector: 'Cash',
        industry: 'Cash',
        value_cents: points.at(-1)!.cashCents,
      },
    ],
    corporate_actions: [],
    corporate_actions_count: 0,
    dividends_credited_cents: 0,
    corporate_actions_complete: true,
    cost_method: costMethod,
    risk_free_rate: riskFreeRate,
    risk: riskView({
      points,
      range,
      benchmark: FIXTURE_CLOSES.GSPC,
      riskFreeRate: riskFreeRate / 100,
      monthly,
    }),
    lots: lotsAnswer(lotsView({ ...lotsInput, prices }), 100),
  };
}
