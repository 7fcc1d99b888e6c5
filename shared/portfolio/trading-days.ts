import { isAfterClose, lastCloseAtOrBefore, newYorkTime } from '../market/session';
import type { Close } from './history';

/**
 * The index's trading days up to an instant (decision 162): the days it closed. A day is one
 * only once its session has closed (shared/market/session.ts, the product's one calendar), so a
 * Saturday, a holiday, or a trading day before its close is none: a bar the provider already
 * gives for a session still open is left out. After the close, the day's close is the
 * provider's bar, or the quote when it was read after the close (a quote read earlier is not
 * the close, and the day waits for the bar).
 */
export function closedSessions(
  bars: readonly Close[],
  quote: { price: number; fetchedAt: number } | undefined,
  nowMs: number,
): Close[] {
  const today = newYorkTime(nowMs).day;
  const closed = isAfterClose(nowMs);
  const out = bars.filter((b) => {
    const day = b.date.slice(0, 10);
    return day < today || (day === today && closed);
  });
  if (
    closed &&
    quote &&
    Number.isFinite(quote.price) &&
    quote.price > 0 &&
    quote.fetchedAt >= lastCloseAtOrBefore(nowMs) &&
    !out.some((b) => b.date.slice(0, 10) === today)
  )
    out.push({ date: today, close: quote.price });
  return out;
}
