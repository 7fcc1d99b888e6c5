import { describe, expect, it } from 'vitest';
import { demoStable } from './index.js';

type Row = Record<string, number | string | boolean | null>;

function get(endpoint: string, params: Record<string, string>, now: Date): Row[] {
  const res = demoStable(endpoint, params, now);
  if (!Array.isArray(res)) throw new Error(`${endpoint}: ${JSON.stringify(res)}`);
  return res as Row[];
}

/**
 * The exchange's full-day holidays of 2025, as the exchange published them (written here by
 * hand, not computed): the demo market has no daily bar on any of them.
 */
const HOLIDAYS_2025 = [
  '2025-01-01', // New Year's Day
  '2025-01-20', // Martin Luther King Jr. Day
  '2025-02-17', // Washington's Birthday
  '2025-04-18', // Good Friday
  '2025-05-26', // Memorial Day
  '2025-06-19', // Juneteenth
  '2025-07-04', // Independence Day
  '2025-09-01', // Labor Day
  '2025-11-27', // Thanksgiving Day
  '2025-12-25', // Christmas Day
];

/** The day after Thanksgiving 2026 (an early close, 13:00 EST), at pinned instants. */
const FRIDAY_1230 = new Date('2026-11-27T17:30:00Z'); // 12:30 in New York: open
const FRIDAY_1500 = new Date('2026-11-27T20:00:00Z'); // 15:00: closed since 13:00

describe('the demo market on the exchange calendar', () => {
  it('has no daily bar on an exchange holiday, and one on every other weekday', () => {
    const bars = get(
      'historical-price-eod/full',
      { symbol: 'AAPL', from: '2025-01-01', to: '2025-12-31' },
      FRIDAY_1500,
    );
    const days = new Set(bars.map((b) => String(b.date).slice(0, 10)));
    for (const holiday of HOLIDAYS_2025) expect(days.has(holiday), holiday).toBe(false);
    // Every other weekday of 2025 trades: 261 weekdays less 10 holidays.
    expect(days.size).toBe(261 - HOLIDAYS_2025.length);
    expect(days.has('2025-11-28')).toBe(true); // the day after Thanksgiving (an early close)
    expect(days.has('2025-12-24')).toBe(true);
  });

  it('shows no intraday prices for Thanksgiving on the day after it, and ends that session at 13:00', () => {
    // The 1D chart's window on the day after Thanksgiving: from the last trading day before it.
    const bars = get(
      'historical-chart/5min',
      { symbol: 'AAPL', from: '2026-11-25', to: '2026-11-27' },
      FRIDAY_1500,
    );
    const days = [...new Set(bars.map((b) => String(b.date).slice(0, 10)))].sort();
    expect(days).toEqual(['2026-11-25', '2026-11-27']);
    const friday = bars.filter((b) => String(b.date).startsWith('2026-11-27'));
    // 09:30 to 12:55: 42 five-minute bars, none at or after 13:00.
    expect(friday).toHaveLength(42);
    const times = friday.map((b) => String(b.date).slice(11)).sort();
    expect(times[0]).toBe('09:30:00');
    expect(times.at(-1)).toBe('12:55:00');
    const wednesday = bars.filter((b) => String(b.date).startsWith('2026-11-25'));
    expect(wednesday).toHaveLength(78);
  });

  it("moves during the early close's session and holds still after 13:00", () => {
    const open = get('quote', { symbol: 'AAPL' }, FRIDAY_1230)[0]!;
    const later = get('quote', { symbol: 'AAPL' }, new Date('2026-11-27T17:50:00Z'))[0]!;
    expect(later.price).not.toBe(open.price);
    const closed = get('quote', { symbol: 'AAPL' }, FRIDAY_1500)[0]!;
    const evening = get('quote', { symbol: 'AAPL' }, new Date('2026-11-27T23:00:00Z'))[0]!;
    expect(evening.price).toBe(closed.price);
    // After the close the quote is the day's closing bar.
    const [bar] = get(
      'historical-price-eod/full',
      { symbol: 'AAPL', from: '2026-11-27', to: '2026-11-27' },
      FRIDAY_1500,
    );
    expect(closed.price).toBe(bar!.close);
    // 12:30: the session's bars run to the current minute only.
    const live = get(
      'historical-chart/5min',
      { symbol: 'AAPL', from: '2026-11-27', to: '2026-11-27' },
      FRIDAY_1230,
    );
    expect(
      live
        .map((b) => String(b.date).slice(11))
        .sort()
        .at(-1),
    ).toBe('12:30:00');
  });
});
