import { addDays } from '../../shared/portfolio/days';
import type { HoldingFigures } from '../../shared/portfolio/history';
import {
  type CostMethod,
  costBasis,
  lotsAnswer,
  type LotsView,
  lotsView,
} from '../../shared/portfolio/lots';
import {
  chartSeries,
  type GainSplit,
  monthlyReturns,
  periodFigures,
  type PeriodRange,
  periodRange,
} from '../../shared/portfolio/returns';
import { riskView } from '../../shared/portfolio/risk';
import {
  type PerformancePayload,
  PERFORMANCE_ROWS_MAX,
  type PerformanceRowsPayload,
  RISK_FREE_RATE_DEFAULT,
} from '../../shared/portfolio/schemas';
import { upkeepFailed } from './corporate-actions';
import { now as clockNow } from '../lib/clock';
import {
  benchmarkEntry,
  type EngineDeps,
  portfolioNow,
  portfolioNowKeeping,
  positionsOf,
  type PortfolioNow,
} from './engine';
import { WarmMemo } from '../lib/warm-memo';
import { BENCHMARK_NAME, BENCHMARK_SYMBOL } from './figures';

/**
 * The Performance view (decisions 129, 130): a period of the portfolio's history from the one
 * engine (engine.ts): its returns, chart, gain split, holdings and allocation. The chart is
 * thinned for long periods (every figure is computed from the full daily series first).
 */

/**
 * The most points a chart answer carries: ten years and more of daily points, beyond which a
 * period is thinned (so that an answer stays well under Lambda's 6 MB whatever the history).
 */
export const CHART_POINTS_MAX = 4_000;

/**
 * Thins a daily series to at most `max` points, keeping the first and last day, every day with
 * a deposit or withdrawal (so the chart's markers stay) and evenly spaced days between; a kept
 * point's flow is the sum of the flows since the previous kept point.
 */
export function thinSeries<T extends { date: string; flow_cents: number }>(
  series: readonly T[],
  max = CHART_POINTS_MAX,
): T[] {
  if (series.length <= max) return [...series];
  const flowDays = series.filter((p) => p.flow_cents !== 0).length;
  const step = Math.max(
    1,
    Math.ceil(series.length / Math.max(2, max - Math.min(flowDays, max / 2))),
  );
  const out: T[] = [];
  let pending = 0;
  for (const [i, p] of series.entries()) {
    pending += p.flow_cents;
    const keep =
      i === 0 ||
      i === series.length - 1 ||
      i % step === 0 ||
      (p.flow_cents !== 0 && flowDays <= max / 2);
    if (!keep) continue;
    out.push({ ...p, flow_cents: pending });
    pending = 0;
  }
  return out;
}

/** Realised gains of FIFO lots sold up to the end of `day`, fees apart (as the replay's). */
function fifoRealisedThrough(now: PortfolioNow, day: string): number {
  return costBasis(
    'fifo',
    {
      trades: now.trades.filter((t) => t.time.slice(0, 10) <= day),
      splits: now.splits,
      today: day,
    },
    { feesInBasis: false },
  ).reduce((sum, b) => sum + b.realised_cents, 0);
}

/**
 * The period's gain split under the cost method: the total and dividends and fees are what they
 * are; FIFO moves gains between realised and unrealised.
 */
function gainUnder(
  method: CostMethod,
  gain: GainSplit,
  now: PortfolioNow,
  range: PeriodRange,
): GainSplit {
  if (method === 'average' || range.days === 0) return gain;
  const realisedCents =
    fifoRealisedThrough(now, range.end) - fifoRealisedThrough(now, addDays(range.start, -1));
  return {
    ...gain,
    realisedCents,
    unrealisedCents: gain.totalCents - realisedCents - gain.dividendCents + gain.feeCents,
  };
}

const NO_LOTS: LotsView = { open: [], realised: [], tax_years: [] };

/**
 * Rows of each long list (corporate actions, open lots, realised lots) an answer carries; the
 * rest are read a page at a time (`performanceRows`). So an answer stays far under 1 MB whatever
 * the portfolio's size (decision 176): its other lists are bounded by the symbols held (holdings,
 * allocation), the chart's points and the months.
 */
export const ANSWER_ROWS = 100;

/**
 * Lots worked out by this instance, by portfolio version, day and prices (decision 200): a
 * version is one set of trades and splits, so later reads of the day at the same quotes (and
 * the pages of the lists) do not match every sale again. About 8 MB of lots at most.
 */
const lotsMemo = new WarmMemo<LotsView>(8 * 1024 * 1024);

/** The FIFO tax lots at today's prices (decision 131). */
function lotsOf(now: PortfolioNow, held: readonly HoldingFigures[]): LotsView {
  const key = [
    now.portfolio.portfolioId,
    now.portfolio.version,
    now.today,
    now.trades.length,
    now.splits.length,
    ...held.map((h) => `${h.symbol}:${h.price}`),
  ].join('|');
  const known = lotsMemo.get(key);
  if (known) return known;
  const lots = lotsComputed(now, held);
  lotsMemo.set(key, lots, (lots.open.length + lots.realised.length) * 300);
  return lots;
}

function lotsComputed(now: PortfolioNow, held: readonly HoldingFigures[]): LotsView {
  try {
    return lotsView({
      trades: now.trades,
      splits: now.splits,
      today: now.today,
      prices: new Map(held.map((h) => [h.symbol, h.price])),
    });
  } catch (error) {
    // The replay accepted these trades; lots that cannot be matched are a fault to look at.
    upkeepFailed('lots', error);
    return NO_LOTS;
  }
}

/**
 * A page of one of the Performance view's long lists (decision 176): corporate actions newest
 * first, open lots by symbol and purchase, realised lots by sale; `total` counts them all.
 */
export async function performanceRows(
  deps: EngineDeps,
  userId: string,
  input: PerformanceRowsPayload,
) {
  const now = await portfolioNow(deps, userId, input.portfolio_id, { ledger: true });
  const offset = input.offset ?? 0;
  const end = offset + (input.limit ?? PERFORMANCE_ROWS_MAX);
  const page = <T>(rows: readonly T[]) => ({ total: rows.length, rows: rows.slice(offset, end) });
  const lots = () => lotsOf(now, positionsOf(now).holdings);
  const data =
    input.list === 'corporate_actions'
      ? { list: input.list, offset, ...page(now.actions) }
      : input.list === 'open_lots'
        ? { list: input.list, offset, ...page(lots().open) }
        : { list: input.list, offset, ...page(lots().realised) };
  return { data, asOf: (deps.now ? deps.now() : clockNow()).toISOString() };
}

export async function portfolioPerformance(
  deps: EngineDeps,
  userId: string,
  input: PerformancePayload,
) {
  // The figures are worked out while the history up to yesterday is written.
  const { now, kept } = await portfolioNowKeeping(deps, userId, input.portfolio_id, {
    ledger: true,
  });
  const { portfolio: p, points, today, inception, benchmark, sessions } = now;
  const current = positionsOf(now);
  const holdings = current.allHoldings;
  const riskFreeRate = p.riskFreeRate ?? RISK_FREE_RATE_DEFAULT;
  const range = periodRange(
    input.period,
    inception,
    today,
    input.period === 'custom' ? { from: input.from!, to: input.to! } : undefined,
  );
  const figures = periodFigures(points, range);
  const gain = gainUnder(current.costMethod, figures.gain, now, range);
  const chart = chartSeries(points, range, benchmark, benchmarkEntry(now));
  const monthly = monthlyReturns(
    points.filter((pt) => pt.date >= range.start && pt.date <= range.end),
  );
  const navNow = current.navCents;
  const held = current.holdings;
  const allocation = [
    ...held.map((h) => ({
      symbol: h.symbol,
      name: now.profiles.get(h.symbol)?.name ?? h.symbol,
      sector: now.profiles.get(h.symbol)?.sector ?? 'Unknown',
      industry: now.profiles.get(h.symbol)?.industry ?? 'Unknown',
      value_cents: h.valueCents,
    })),
    {
      symbol: 'CASH',
      name: 'Cash',
      sector: 'Cash',
      industry: 'Cash',
      value_cents: current.cashCents,
    },
  ];

  const answer = {
    data: {
      portfolio_id: p.portfolioId,
      period: input.period,
      start: range.start,
      end: range.end,
      days: range.days,
      clipped: range.clipped,
      inception,
      benchmark: { symbol: BENCHMARK_SYMBOL, name: BENCHMARK_NAME },
      nav_cents: navNow,
      cash_cents: current.cashCents,
      start_nav_cents: figures.startNavCents,
      end_nav_cents: figures.endNavCents,
      net_flow_cents: figures.netFlowCents,
      twr: figures.twr,
      twr_cumulative: figures.twrCumulative,
      mwr: figures.mwr,
      gain: {
        total_cents: gain.totalCents,
        realised_cents: gain.realisedCents,
        unrealised_cents: gain.unrealisedCents,
        dividend_cents: gain.dividendCents,
        fee_cents: gain.feeCents,
      },
      series: thinSeries(
        chart.map((c) => ({
          date: c.date,
          nav_cents: c.navCents,
          benchmark_cents: c.benchmarkCents,
          twr_index: c.twrIndex,
          benchmark_index: c.benchmarkIndex,
          flow_cents: c.flowCents,
        })),
      ),
      monthly,
      // The trading days are the sessions that have closed, never today before its close.
      risk: riskView({
        points,
        range,
        benchmark: sessions,
        riskFreeRate: riskFreeRate / 100,
        monthly,
      }),
      holdings: holdings.map((h) => ({
        symbol: h.symbol,
        quantity: h.quantity,
        average_cost: h.averageCost,
        cost_cents: h.costCents,
        price: h.price,
        value_cents: h.valueCents,
        weight: navNow > 0 ? h.valueCents / navNow : null,
        unrealised_cents: h.unrealisedCents,
        realised_cents: h.realisedCents,
        dividend_cents: h.dividendCents,
        first_buy: h.firstBuy,
        twr_since_first_buy: h.twrSinceFirstBuy,
      })),
      allocation,
      lots: lotsAnswer(lotsOf(now, held), ANSWER_ROWS),
      // The newest actions; every one is counted, and every dividend in the total.
      corporate_actions: now.actions.slice(0, ANSWER_ROWS),
      corporate_actions_count: now.actions.length,
      dividends_credited_cents: now.actions.reduce(
        (sum, a) => sum + (a.kind === 'dividend' ? (a.amount_cents ?? 0) : 0),
        0,
      ),
      corporate_actions_complete: now.actionsComplete,
      cost_method: current.costMethod,
      risk_free_rate: riskFreeRate,
    },
    asOf: (deps.now ? deps.now() : clockNow()).toISOString(),
  };
  await kept;
  return answer;
}
