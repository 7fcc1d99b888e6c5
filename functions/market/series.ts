import type { ClosingPrice, MarketEnvelope, PriceBar } from '../../shared/market';
import type { MarketService } from './service';
import { marketNowMs } from '../lib/clock';

const DAY_MS = 86_400_000;

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function closes(bars: readonly PriceBar[]): ClosingPrice[] {
  return bars
    .map((b) => ({ date: b.date.slice(0, 10), close: b.close }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** Closing prices between two days (oldest first); without dates, what the provider keeps. */
export async function historicalCloses(
  service: MarketService,
  symbol: string,
  from?: string,
  to?: string,
): Promise<MarketEnvelope<ClosingPrice[]>> {
  const out = await service.daily(symbol, from, to);
  return { ...out, data: closes(out.data) };
}

/** Daily closes of the last year. */
export function dailyCloses(
  service: MarketService,
  symbol: string,
  now = marketNowMs(),
): Promise<MarketEnvelope<ClosingPrice[]>> {
  return historicalCloses(service, symbol, isoDay(now - 366 * DAY_MS));
}

/** Weekly closes (the last close of each week, Monday-based) of the last five years. */
export async function weeklyCloses(
  service: MarketService,
  symbol: string,
  now = marketNowMs(),
): Promise<MarketEnvelope<ClosingPrice[]>> {
  const out = await historicalCloses(service, symbol, isoDay(now - 5 * 366 * DAY_MS));
  const weeks = new Map<number, ClosingPrice>();
  for (const point of out.data) {
    const day = Date.parse(`${point.date}T00:00:00Z`) / DAY_MS;
    // 1970-01-01 was a Thursday: shift so weeks start on Monday.
    const week = Math.floor((day + 3) / 7);
    weeks.set(week, point);
  }
  return { ...out, data: [...weeks.values()] };
}
