import { describe, expect, it } from 'vitest';
import type { Close, NavPoint } from './history';
import { riskView } from './risk';
import { closedSessions } from './trading-days';

/*
 * Trading days are the days the S&P 500 closed: today is one only once its session is over
 * (decision 162), whatever the day of the week the figures are read on.
 */

const at = (iso: string) => Date.parse(iso);

/** Closes of the index on the weekdays from 2 March 2026 to `last` (a quote-free history). */
function bars(last: string): Close[] {
  const out: Close[] = [];
  for (let d = Date.parse('2026-03-02T00:00:00Z'); ; d += 86_400_000) {
    const date = new Date(d).toISOString().slice(0, 10);
    if (date > last) break;
    const weekday = new Date(d).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    out.push({ date, close: 5000 + out.length * 7 });
  }
  return out;
}

const quote = (price: number, fetchedAt: string) => ({ price, fetchedAt: at(fetchedAt) });

describe('the index’s trading days up to an instant', () => {
  it('on a Saturday the last trading day is Friday: the quote is not a Saturday close', () => {
    const history = bars('2026-03-13');
    const days = closedSessions(
      history,
      quote(5100, '2026-03-14T15:55:00Z'),
      at('2026-03-14T16:00:00Z'),
    );
    expect(days).toEqual(history);
  });

  it('on a market holiday (Good Friday) the day before is the last: no close for the holiday', () => {
    const history = bars('2026-04-02');
    const days = closedSessions(
      history,
      quote(5200, '2026-04-03T15:00:00Z'),
      at('2026-04-03T15:00:00Z'),
    );
    expect(days.at(-1)!.date).toBe('2026-04-02');
    expect(days.some((d) => d.date === '2026-04-03')).toBe(false);
  });

  it('before the close today is not a trading day, even when the provider sends a bar for it', () => {
    const history = bars('2026-03-10');
    // Tuesday 10 March at 11:00 New York time; the provider's bar for the open session.
    const days = closedSessions(
      history,
      quote(5150, '2026-03-10T14:59:00Z'),
      at('2026-03-10T15:00:00Z'),
    );
    expect(days.at(-1)!.date).toBe('2026-03-09');
  });

  it('after the close today is one: its bar, or the quote read after the close', () => {
    const upToMonday = bars('2026-03-09');
    const closedAt = '2026-03-10T20:00:00Z'; // 16:00 EDT
    const after = at('2026-03-10T20:30:00Z');
    expect(closedSessions(upToMonday, quote(5150, '2026-03-10T20:01:00Z'), after).at(-1)).toEqual({
      date: '2026-03-10',
      close: 5150,
    });
    // A quote read before the close is not the close: the day waits for the provider's bar.
    expect(
      closedSessions(upToMonday, quote(5150, '2026-03-10T19:59:00Z'), after).at(-1)!.date,
    ).toBe('2026-03-09');
    // The provider's bar wins over the quote.
    const withBar = bars('2026-03-10');
    expect(closedSessions(withBar, quote(1, closedAt), after)).toEqual(withBar);
  });

  it('an early close counts from 13:00 (the day after Thanksgiving)', () => {
    const history: Close[] = [{ date: '2026-11-25', close: 6000 }];
    const q = quote(6010, '2026-11-27T18:05:00Z'); // 13:05 EST
    expect(closedSessions(history, q, at('2026-11-27T18:10:00Z')).at(-1)!.date).toBe('2026-11-27');
    expect(closedSessions(history, q, at('2026-11-27T17:50:00Z')).at(-1)!.date).toBe('2026-11-25');
  });
});

describe('risk figures do not change with the day they are read on', () => {
  /** A NAV history of every calendar day to `last`, moving on weekdays only. */
  function points(last: string): NavPoint[] {
    const out: NavPoint[] = [];
    let nav = 1_000_000;
    for (let d = Date.parse('2026-01-01T00:00:00Z'); ; d += 86_400_000) {
      const date = new Date(d).toISOString().slice(0, 10);
      if (date > last) break;
      const weekday = new Date(d).getUTCDay();
      const r = weekday === 0 || weekday === 6 ? 0 : ((out.length * 37) % 11) / 1000 - 0.005;
      nav = Math.round(nav * (1 + r));
      out.push({
        date,
        navCents: nav,
        cashCents: 0,
        flowCents: 0,
        dividendCents: 0,
        realisedCents: 0,
        feeCents: 0,
        dailyReturn: r,
      });
    }
    return out;
  }
  function indexBars(): Close[] {
    const out: Close[] = [];
    for (
      let d = Date.parse('2025-12-20T00:00:00Z');
      d <= Date.parse('2026-03-13T00:00:00Z');
      d += 86_400_000
    ) {
      const date = new Date(d).toISOString().slice(0, 10);
      const weekday = new Date(d).getUTCDay();
      if (
        weekday === 0 ||
        weekday === 6 ||
        date === '2026-01-01' ||
        date === '2026-01-19' ||
        date === '2026-02-16'
      )
        continue;
      out.push({ date, close: 5000 + ((out.length * 13) % 17) });
    }
    return out;
  }
  const view = (last: string, nowIso: string) =>
    riskView({
      points: points(last),
      range: { start: '2026-01-02', end: last, days: 0, clipped: false },
      benchmark: closedSessions(indexBars(), quote(5050, nowIso), at(nowIso)),
      riskFreeRate: 0.04,
    });

  it('Saturday’s volatility, Sharpe ratio and beta are Friday evening’s', () => {
    const friday = view('2026-03-13', '2026-03-13T21:30:00Z');
    const saturday = view('2026-03-14', '2026-03-14T16:00:00Z');
    expect(saturday.trading_days).toBe(friday.trading_days);
    expect(saturday.volatility).toEqual(friday.volatility);
    expect(saturday.sharpe).toEqual(friday.sharpe);
    expect(saturday.beta).toEqual(friday.beta);
  });
});
