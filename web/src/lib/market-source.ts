import { useSyncExternalStore } from 'react';
import type { MarketSource } from '../../../shared/market';

/**
 * Where the market figures on screen come from: every market fetcher reports the `source` of
 * its last answer here, and the layout shows a "Demo data" badge while it is `demo`.
 * `null` until a market answer has arrived.
 */
let current: MarketSource | null = null;
/** `asOf` of the last market answer when it was stale (the provider failed or its quota is spent). */
let delayedAsOf: string | null = null;
const listeners = new Set<() => void>();

function set(next: MarketSource | null, delayed: string | null): void {
  if (next === current && delayed === delayedAsOf) return;
  current = next;
  delayedAsOf = delayed;
  for (const listener of listeners) listener();
}

/**
 * Records the source of a market-data answer (`{ data, source, stale, asOf }`), and whether it
 * was stale: the index bar then says the figures are delayed, and since when.
 */
export function reportMarketSource(
  source: MarketSource,
  freshness?: { stale: boolean; asOf: string },
): void {
  set(source, freshness?.stale ? freshness.asOf : freshness ? null : delayedAsOf);
}

/** Forgets the last source, as before any market answer. */
export function resetMarketSource(): void {
  set(null, null);
}

function getDelayedAsOf(): string | null {
  return delayedAsOf;
}

/** `asOf` of the last market answer if it was stale, else null, re-rendering when it changes. */
export function useDelayedAsOf(): string | null {
  return useSyncExternalStore(subscribe, getDelayedAsOf, () => null);
}

export function getMarketSource(): MarketSource | null {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The source of the last market answer, re-rendering when it changes. */
export function useMarketSource(): MarketSource | null {
  return useSyncExternalStore(subscribe, getMarketSource, () => null);
}
