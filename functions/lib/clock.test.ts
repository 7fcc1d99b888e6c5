import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DemoSource } from '../market/source';
import { marketNow, now, pinnedClock, resetClockForTests } from './clock';
import { resetConfigForTests } from './config';

/**
 * The product's clock (decision 098). The system time is set by fake timers here, never read
 * from the machine: each case names the instant it runs at.
 */
const saved = process.env.MARKET_CLOCK;

async function price(symbol: string): Promise<number> {
  const [row] = (await new DemoSource().get('quote', { symbol })) as { price: number }[];
  return row!.price;
}

function at(iso: string): void {
  vi.setSystemTime(new Date(iso));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  resetConfigForTests();
  resetClockForTests();
});

afterEach(() => {
  vi.useRealTimers();
  if (saved === undefined) delete process.env.MARKET_CLOCK;
  else process.env.MARKET_CLOCK = saved;
  resetConfigForTests();
  resetClockForTests();
});

describe('the unpinned clock is live', () => {
  beforeEach(() => {
    delete process.env.MARKET_CLOCK;
  });

  it('follows the system time for the market and the product alike', () => {
    at('2026-03-10T15:00:00Z');
    expect(pinnedClock()).toBeUndefined();
    expect(marketNow().toISOString()).toBe('2026-03-10T15:00:00.000Z');
    expect(now().toISOString()).toBe('2026-03-10T15:00:00.000Z');
    at('2026-03-10T15:20:00Z');
    expect(marketNow().toISOString()).toBe('2026-03-10T15:20:00.000Z');
  });

  it('moves demo prices during a session (a Tuesday, 11:00 to 11:20 in New York)', async () => {
    at('2026-03-10T15:00:00Z');
    const before = await Promise.all(['AAPL', 'MSFT', 'KO'].map(price));
    at('2026-03-10T15:20:00Z');
    const after = await Promise.all(['AAPL', 'MSFT', 'KO'].map(price));
    expect(after).not.toEqual(before);
  });

  it('holds demo prices outside a session: after the close and on a Saturday', async () => {
    at('2026-03-10T20:30:00Z');
    const evening = await price('AAPL');
    at('2026-03-11T01:00:00Z');
    expect(await price('AAPL')).toBe(evening);

    at('2026-03-14T15:00:00Z');
    const saturday = await price('AAPL');
    at('2026-03-14T19:00:00Z');
    expect(await price('AAPL')).toBe(saturday);
    // The Saturday price is Friday's close, so it equals Friday evening's.
    at('2026-03-13T22:00:00Z');
    expect(await price('AAPL')).toBe(saturday);
  });
});

describe('a pinned clock', () => {
  beforeEach(() => {
    process.env.MARKET_CLOCK = '2026-03-10T15:00:00Z';
  });

  it('holds the market at the pinned instant whatever the system time', async () => {
    at('2031-07-01T09:00:00Z');
    expect(pinnedClock()).toBe('2026-03-10T15:00:00.000Z');
    const first = await price('AAPL');
    at('2031-07-01T13:45:00Z');
    expect(marketNow().toISOString()).toBe('2026-03-10T15:00:00.000Z');
    expect(await price('AAPL')).toBe(first);
  });

  it('gives the same prices as the live clock at that instant', async () => {
    at('2031-07-01T09:00:00Z');
    const pinnedPrice = await price('MSFT');
    delete process.env.MARKET_CLOCK;
    resetConfigForTests();
    resetClockForTests();
    at('2026-03-10T15:00:00Z');
    expect(await price('MSFT')).toBe(pinnedPrice);
  });

  it('starts the product time at the pinned instant and runs on from there', () => {
    at('2031-07-01T09:00:00Z');
    expect(now().toISOString()).toBe('2026-03-10T15:00:00.000Z');
    at('2031-07-01T09:02:30Z');
    expect(now().toISOString()).toBe('2026-03-10T15:02:30.000Z');
    expect(marketNow().toISOString()).toBe('2026-03-10T15:00:00.000Z');
  });
});
