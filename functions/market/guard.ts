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
import { clientCallLimits } from '../../shared/market/plans';
import { currentClient } from '../lib/client';
import { config } from '../lib/config';
import { keys } from '../lib/keys';
import { logger } from '../lib/logger';
import { takeRateLimit } from '../lib/rate-limit';
import { recordProviderCall, recordProviderFailure } from '../lib/metrics';
import { CallBudget, CircuitOpenError, currentPriority } from './budget';
import { ClientCallLimitError, ProviderError, ProviderRateLimitError } from './errors';
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

  /**
   * A request's call counts against its client's share of the plan (clientCallLimits), by
   * minute and by UTC day, once the budget all share allowed it: one client cannot spend the
   * quota others read from.
   */
  private async takeClientShare(client: string): Promise<void> {
    // The tests' override of per-client limits replaces this one too (a minute's, no day's).
    const override = config().CLIENT_LIMIT_PER_MINUTE;
    const limits = override
      ? { perMinute: override, perDay: null }
      : clientCallLimits(this.budget.plan);
    const windows: [string, number, number | null][] = [
      ['client-market-minute', 60, limits.perMinute],
      ['client-market-day', 86_400, limits.perDay],
    ];
    for (const [kind, windowSeconds, limit] of windows) {
      if (limit === null) continue;
      const taken = await takeRateLimit(
        { key: (w) => keys.rateLimit(kind, client, w), limit, windowSeconds },
        this.now(),
      );
      if (!taken.allowed) throw new ClientCallLimitError(taken.retryAfterSeconds);
    }
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
      // The budget all share first; the client's own share only once that passed, so a
      // refusal of the plan's budget never spends a client's share. A client over its share
      // gives the budget's call back (it will not be made).
      const receipt = await this.budget.take(1, priority);
      const client = currentClient();
      if (client !== undefined && priority === 'reader') {
        try {
          await this.takeClientShare(client);
        } catch (error) {
          await this.budget.release(receipt);
          throw error;
        }
      }
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
