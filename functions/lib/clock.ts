import { AsyncLocalStorage } from 'node:async_hooks';
import { config } from './config';

/**
 * The product's clock (decision 098). Unpinned, both readings are the wall clock. With
 * `MARKET_CLOCK` set to an instant (tests, reproducible demos):
 * - `marketNow()` is that instant, always: the demo market's quotes, sessions, charts and
 *   statements are those of that moment and never move, so every figure is reproducible;
 * - `now()` starts at that instant when first read and runs on with the wall clock:
 *   the dates the product stamps (pitches, trades, alerts, "today") fall on the pinned day and
 *   keep their order.
 * Timings that measure real elapsed time (cache freshness, leases, rate-limit windows,
 * idempotency expiry, token expiry) stay on the wall clock.
 *
 * A write sent with an Idempotency-Key runs at the moment its key was first received
 * (`atRequestTime`, decision 140): run again after a loss, it stamps what its first run stamped.
 */
let pin: { at: number; since: number } | null | undefined;

function pinned(): { at: number; since: number } | null {
  if (pin === undefined) {
    const value = config().MARKET_CLOCK;
    pin = value ? { at: Date.parse(value), since: Date.now() } : null;
  }
  return pin;
}

/** The pinned instant (ISO) or undefined when the clock follows the wall clock. */
export function pinnedClock(): string | undefined {
  const p = pinned();
  return p ? new Date(p.at).toISOString() : undefined;
}

/** The market's moment: the pinned instant, or the wall clock. */
export function marketNowMs(): number {
  return pinned()?.at ?? Date.now();
}

export function marketNow(): Date {
  return new Date(marketNowMs());
}

const held = new AsyncLocalStorage<number>();

/** Runs `fn` with the product's time held at `ms` (epoch milliseconds) for all it calls. */
export function atRequestTime<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  return held.run(ms, fn);
}

/**
 * The product's time for the dates it stamps: the pinned instant plus the time since start;
 * inside `atRequestTime`, the moment it holds.
 */
export function nowMs(): number {
  const at = held.getStore();
  if (at !== undefined) return at;
  const p = pinned();
  return p ? p.at + (Date.now() - p.since) : Date.now();
}

export function now(): Date {
  return new Date(nowMs());
}

export function nowIso(): string {
  return now().toISOString();
}

/** For tests that change MARKET_CLOCK between cases (with resetConfigForTests). */
export function resetClockForTests(): void {
  pin = undefined;
}
