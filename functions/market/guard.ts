import {
  BrokenCircuitError,
  CircuitState,
  ConsecutiveBreaker,
  DelegateBackoff,
  ExponentialBackoff,
  circuitBreaker,
  handleWhen,
  type CircuitBreakerPolicy,
  type IBackoff,
} from 'cockatiel';
import { logger } from '../lib/logger';
import { recordProviderCall, recordProviderFailure } from '../lib/metrics';
import { CallBudget, CircuitOpenError, currentPriority } from './budget';
import { ProviderError, ProviderRateLimitError } from './errors';
import type { StableEndpoint, StableSource } from './source';

const DAY_MS = 86_400_000;

/** How long the breaker stays open after the provider refuses for its rate limit (429). */
export const BREAKER_BACKOFF = { initialDelayMs: 60_000, maxDelayMs: 15 * 60_000 } as const;

/**
 * The provider, guarded (docs/decisions/099): every call is counted in the shared call budget
 * first (refused without a call when this window's share is spent), and a 429 opens a circuit
 * breaker (cockatiel) with exponential backoff, shared through the table so every instance
 * stops calling. Under a plan with a daily quota, a 429 means the day's calls are spent: the
 * breaker stays open until the next UTC day. Callers above (the cache) answer from their last
 * good value meanwhile.
 */
export class GuardedSource implements StableSource {
  readonly name: StableSource['name'];
  private readonly breaker: CircuitBreakerPolicy;
  private readonly now: () => number;

  constructor(
    private readonly inner: StableSource,
    readonly budget: CallBudget,
    options: { now?: () => number } = {},
  ) {
    this.name = inner.name;
    this.now = options.now ?? Date.now;
    const exponential = new ExponentialBackoff({
      initialDelay: BREAKER_BACKOFF.initialDelayMs,
      maxDelay: BREAKER_BACKOFF.maxDelayMs,
    });
    this.breaker = circuitBreaker(
      handleWhen((error) => error instanceof ProviderRateLimitError),
      {
        breaker: new ConsecutiveBreaker(1),
        halfOpenAfter: new DelegateBackoff<{ attempt: number }, IBackoff<unknown> | undefined>(
          (context, state) => {
            const next =
              context.attempt <= 1 || !state ? exponential.next() : state.next(undefined);
            const delay = this.openDelay(next.duration);
            void this.budget
              .openBreaker(this.now() + delay, 'the provider answered 429')
              .catch((error: unknown) =>
                logger.warn('could not share the open circuit', { error: error as Error }),
              );
            logger.warn('market data circuit opened', { forMs: delay, attempt: context.attempt });
            return { delay, state: next };
          },
        ),
      },
    );
  }

  /** Until the quota resets: the next UTC day under a daily limit, else the backoff. */
  private openDelay(backoffMs: number): number {
    if (this.budget.plan.callsPerDay === null) return backoffMs;
    const now = this.now();
    return (Math.floor(now / DAY_MS) + 1) * DAY_MS - now;
  }

  get circuitOpen(): boolean {
    return this.breaker.state === CircuitState.Open;
  }

  async get(endpoint: StableEndpoint, params: Record<string, string>): Promise<unknown[]> {
    if (this.breaker.state === CircuitState.Open) throw new CircuitOpenError(this.now());
    const priority = currentPriority();
    try {
      await this.budget.take(1, priority);
    } catch (error) {
      if (error instanceof ProviderError) recordProviderFailure(endpoint, error, priority);
      throw error;
    }
    recordProviderCall(endpoint, priority);
    try {
      return await this.breaker.execute(() => this.inner.get(endpoint, params));
    } catch (error) {
      if (error instanceof BrokenCircuitError) {
        const open = new CircuitOpenError(this.now());
        recordProviderFailure(endpoint, open, priority);
        throw open;
      }
      if (error instanceof ProviderError) recordProviderFailure(endpoint, error, priority);
      throw error;
    }
  }
}
