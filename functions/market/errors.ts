import { AppError } from '../lib/errors';

/**
 * Failures of a market-data provider, one class per cause. Messages are for the user; the
 * provider's own text (which may echo a request) is kept in `detail` for the logs only.
 */
export class ProviderError extends AppError {
  constructor(
    message: string,
    statusCode: number,
    /** true: a later call may succeed (serve the last good value meanwhile). */
    readonly transient: boolean,
    readonly detail?: string,
  ) {
    super(message, statusCode);
  }
}

/** 401: the key is missing or wrong. */
export class ProviderAuthError extends ProviderError {
  constructor(detail?: string) {
    super('Market data is not configured correctly', 502, true, detail);
  }
}

/** 402: the plan does not cover this symbol, endpoint or parameter. Remembered for the day. */
export class ProviderPlanError extends ProviderError {
  constructor(detail?: string) {
    super('This market data is not available on the current data plan', 402, false, detail);
  }
}

/** 403: the endpoint is closed to this key (e.g. a legacy endpoint). */
export class ProviderForbiddenError extends ProviderError {
  constructor(detail?: string) {
    super('Market data is not available right now', 502, true, detail);
  }
}

/** 429: the plan's rate limit or daily quota is used up. */
export class ProviderRateLimitError extends ProviderError {
  constructor(detail?: string) {
    super('Market data is busy, please try again shortly', 503, true, detail);
  }
}

/** One client's share of the provider's calls is spent (shared/market/plans.ts, clientCallLimits). */
export class ClientCallLimitError extends ProviderError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      'You are asking for market data faster than it can be fetched. Please wait a minute and try again.',
      429,
      true,
      `client call limit; retry after ${retryAfterSeconds} s`,
    );
  }
}

/** A 200 whose body is `{"Error Message": ...}`, or another 4xx. */
export class ProviderMessageError extends ProviderError {
  constructor(detail?: string) {
    super('Market data is not available for this request', 502, true, detail);
  }
}

/** 5xx, timeouts and network failures. */
export class ProviderUnavailableError extends ProviderError {
  constructor(detail?: string) {
    super('Market data is unavailable right now, please try again shortly', 502, true, detail);
  }
}

/** The provider answered in a shape the contract does not accept. */
export class ProviderShapeError extends ProviderError {
  constructor(detail?: string) {
    super('Market data came back in an unexpected form', 502, true, detail);
  }
}
