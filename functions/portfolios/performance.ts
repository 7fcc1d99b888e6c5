import {
  chartSeries,
  monthlyReturns,
  periodFigures,
  periodRange,
} from '../../shared/portfolio/returns';
import type { PerformancePayload } from '../../shared/portfolio/schemas';
import { now as clockNow } from '../lib/clock';
import { type EngineDeps, figuresOf, portfolioNow } from './engine';
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

export async function portfolioPerformance(
  deps: EngineDeps,
  userId: string,
  input: PerformancePayload,
) {
  const now = await portfolioNow(deps, userId, input.portfolio_id);
  const { portfolio: p, points, holdings, today, inception, benchmark } = now;
  const current = figuresOf(now);
  const range = periodRange(
    input.period,
    inception,
    today,
    input.period === 'custom' ? { from: input.from!, to: input.to! } : undefined,
  );
  const figures = periodFigures(points, range);
  const chart = chartSeries(points, range, benchmark);
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

  return {
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
        total_cents: figures.gain.totalCents,
        realised_cents: figures.gain.realisedCents,
        unrealised_cents: figures.gain.unrealisedCents,
        dividend_cents: figures.gain.dividendCents,
        fee_cents: figures.gain.feeCents,
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
      monthly: monthlyReturns(
        points.filter((pt) => pt.date >= range.start && pt.date <= range.end),
      ),
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
      corporate_actions: now.actions,
      corporate_actions_complete: now.actionsComplete,
      cost_method: 'average cost',
    },
    asOf: (deps.now ? deps.now() : clockNow()).toISOString(),
  };
}
