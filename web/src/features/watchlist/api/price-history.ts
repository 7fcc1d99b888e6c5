import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import '../../../../../shared/schemas/zod-messages';
import { marketEnvelope } from '../../../../../shared/market';
import {
  exchangeToday,
  isoDay,
  lastSessions,
  pricePeriod,
  priceWindow,
  sortOldestFirst,
  type PriceWindow,
} from '../../../../../shared/company/periods';
import { api } from '../../../lib/api-client';
import { currentTime } from '../../../lib/clock';
import { marketReadInput } from '../../../lib/market-proxy';
import { reportMarketSource } from '../../../lib/market-source';

/** The detail card's range tabs (spec/001 section 2, "Watchlist"). */
export type RangeId = '1D' | '5D' | '1M' | '3M' | '5M' | '1Y' | '3Y' | 'MAX';

export interface PriceRange {
  id: RangeId;
  label: string;
  /** Intraday ranges keep only their newest sessions. */
  sessions?: number;
}

export const PRICE_RANGES: readonly PriceRange[] = [
  { id: '1D', label: '1 Day', sessions: 1 },
  { id: '5D', label: '5 Day', sessions: 5 },
  { id: '1M', label: '1 Months' },
  { id: '3M', label: '3 Months' },
  { id: '5M', label: '5 Months' },
  { id: '1Y', label: '1 Year' },
  { id: '3Y', label: '3 Year' },
  { id: 'MAX', label: 'Max' },
];

/** The day `months` calendar months before `day` (YYYY-MM-DD), clamped to the month's end. */
export function monthsBefore(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) - months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return isoDay({ year, month, day: Math.min(d, last) });
}

/**
 * The date window of a range on the exchange calendar: 1 Day and 5 Day as the company view's
 * 1D and 5D (5- and 30-minute bars), 1 Months as its 1M, 1 Year and Max as its 1Y and MAX,
 * 3 Months, 5 Months and 3 Year as daily closes from that many months before today.
 */
export function rangeWindow(range: RangeId, now: Date): PriceWindow {
  switch (range) {
    case '1D':
      return priceWindow('1D', now);
    case '5D':
      return priceWindow('5D', now);
    case '1M':
      return priceWindow('1M', now);
    case '1Y':
      return priceWindow('1Y', now);
    case 'MAX':
      return priceWindow('MAX', now);
    case '3M':
    case '5M':
    case '3Y': {
      const to = isoDay(exchangeToday(now));
      const months = range === '3M' ? 3 : range === '5M' ? 5 : 36;
      return { from: monthsBefore(to, months), to, interval: '1day' };
    }
  }
}

/** The bar size of a range: the company view's for the ranges it shares, else daily. */
export function rangeInterval(range: RangeId): PriceWindow['interval'] {
  return range === '3M' || range === '5M' || range === '3Y' ? '1day' : pricePeriod(range).interval;
}

export function rangePath(symbol: string, window: PriceWindow): string {
  const span = `from=${window.from}&to=${window.to}`;
  return window.interval === '1day'
    ? `historical-price-full/${symbol}?${span}`
    : `historical-chart/${window.interval}/${symbol}?${span}`;
}

export interface PricePoint {
  date: string;
  close: number;
}

const barsResponse = marketEnvelope(
  z.array(z.looseObject({ date: z.string(), close: z.optional(z.nullable(z.number())) })),
);

/** The closes a range charts, oldest to newest. */
export function usePriceRange(symbol: string, range: RangeId, now?: Date) {
  const sessions = PRICE_RANGES.find((r) => r.id === range)?.sessions;
  // The window ends today by the app's clock, read when the request is made (clock.ts).
  const interval = rangeInterval(range);
  return useQuery({
    queryKey: ['market', 'price', symbol, 'watchlist', range, now?.toISOString() ?? 'today'],
    queryFn: async ({ signal }): Promise<PricePoint[]> => {
      const window = rangeWindow(range, now ?? (await currentTime()));
      const body = barsResponse.parse(
        await api<unknown>('marketRead', marketReadInput(rangePath(symbol, window)), { signal }),
      );
      reportMarketSource(body.source, body);
      const points = body.data
        .filter((b): b is { date: string; close: number } => typeof b.close === 'number')
        .map((b) => ({ date: b.date, close: b.close }));
      return sessions === undefined ? sortOldestFirst(points) : lastSessions(points, sessions);
    },
    staleTime: interval === '1day' ? 30 * 60_000 : 2 * 60_000,
  });
}
