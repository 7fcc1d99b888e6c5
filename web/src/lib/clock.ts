import { loadConfig } from './config';

/**
 * The app's clock. It follows the device's clock, unless `/config.json` pins the product's
 * clock (`marketClock`, set by a local stack started with MARKET_CLOCK: tests and reproducible
 * demos). Then "today" is the pinned day and time runs on from the pinned instant, as the
 * server's clock does (functions/lib/clock.ts), so the charts' date windows match the market.
 */
let pinned: { at: number; since: number } | null = null;

function pin(iso: string | undefined): void {
  if (pinned || !iso) return;
  pinned = { at: Date.parse(iso), since: Date.now() };
}

/** The time now, by the pinned clock once the config has been read, else by the device. */
export function now(): Date {
  return pinned ? new Date(pinned.at + (Date.now() - pinned.since)) : new Date();
}

/** The time now, after the config has been read (what a request that carries dates uses). */
export async function currentTime(): Promise<Date> {
  pin((await loadConfig())?.marketClock);
  return now();
}
