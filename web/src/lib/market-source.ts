import { useSyncExternalStore } from 'react';
import type { MarketSource } from '../../../shared/market';

/**
 * Where the market figures on screen come from: every market fetcher reports the `source` of
 * its last answer here, and the layout shows a "Demo data" badge while it is `demo`.
 * `null` until a market answer has arrived.
 */
let current: MarketSource | null = null;
const listeners = new Set<() => void>();

function set(next: MarketSource | null): void {
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

/** Records the source of a market-data answer (`{ data, source, stale, asOf }`). */
export function reportMarketSource(source: MarketSource): void {
  set(source);
}

/** Forgets the last source, as before any market answer. */
export function resetMarketSource(): void {
  set(null);
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
