/**
 * The instant every test stack pins the product's clock at (MARKET_CLOCK, decision 098): a
 * Tuesday at 11:00 in New York, mid-session. `MARKET_CLOCK` in the environment names another
 * (tests/run-all.ts runs the fault suites and a browser journey at several instants).
 */
export const TEST_MARKET_CLOCK = '2026-03-10T15:00:00Z';

export function testMarketClock(): string {
  return process.env.MARKET_CLOCK ?? TEST_MARKET_CLOCK;
}

/**
 * The instants `npm test` runs the fault suites and a browser journey at, besides the default
 * one (mid-session): each a corner of the exchange calendar or of the clock (UTC given; New York
 * time in the name).
 */
export const CLOCK_INSTANTS: readonly { name: string; at: string }[] = [
  { name: 'a weekday before the open (Tue 09:00 EDT)', at: '2026-03-10T13:00:00Z' },
  { name: 'the minute of the close (Tue 16:00 EST)', at: '2026-11-24T21:00:00Z' },
  { name: 'a Saturday (12:00 EDT)', at: '2026-03-14T16:00:00Z' },
  { name: 'a market holiday (Christmas Day, Thu 11:00 EST)', at: '2025-12-25T16:00:00Z' },
  {
    name: 'an early close, after it (day after Thanksgiving, Fri 14:00 EST; closed at 13:00)',
    at: '2026-11-27T19:00:00Z',
  },
  { name: '1 January (Thu 10:00 EST)', at: '2026-01-01T15:00:00Z' },
  { name: 'clocks go forward (Sun 8 March, 03:30 EDT)', at: '2026-03-08T07:30:00Z' },
  { name: 'clocks go back (Sun 1 November, 01:30 EST)', at: '2026-11-01T06:30:00Z' },
];

/**
 * The tag of the tests whose behaviour depends on the product's clock: `npm test` runs them again
 * at each of those instants (`--tags-filter clock`), and only them (decision 155). A test gets it
 * with `{ tags: [CLOCK_TAG] }` (run-all finds the files by that text) when what it checks can
 * change with the hour, the day or the session: prices quoted at the instant, dates the product
 * stamps, a market open or closed, "today" in a figure. Today: the investor's journey through
 * the API (valuations at the quoted price, a pitch, a portfolio with an order, a watched stock,
 * every read finding them), the writes of the retry and transaction suites that stamp or price
 * something, and the pitch-to-portfolio journey in the browser.
 */
export const CLOCK_TAG = 'clock';

/**
 * Rate limits count in fixed windows of the real clock (functions/lib/rate-limit.ts: a burst
 * of requests must land in one window to see the limit). A test about to send such a burst
 * calls this first: when the current window ends within `marginMs`, it waits for the next one,
 * so the test passes at any hour, including a burst started at 10:59:59.
 */
export async function clearOfWindowEdge(windowSeconds: number, marginMs = 10_000): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
