/**
 * Typed errors. Each maps to one HTTP status in `http.ts`; the message of a 4xx is shown
 * to the user as it is, so write it for the user.
 */
export class AppError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
    readonly details?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, details?: Record<string, string>) {
    super(message, 400, details);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Please Login or Sign Up to Continue!') {
    super(message, 401);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to do that') {
    super(message, 403);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Request not found') {
    super(message, 404);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(message, 409);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    message = 'Too many requests, please try again shortly',
    /** Sent as `retry-after` when known. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message, 429);
  }
}

export class NotImplementedError extends AppError {
  constructor(message: string) {
    super(message, 501);
  }
}

/** An upstream (market-data provider, AWS service) failed in a way the user cannot fix. */
export class UpstreamError extends AppError {
  constructor(message = 'Market data is unavailable right now, please try again shortly') {
    super(message, 502);
  }
}

/** A store or service the request needs (DynamoDB...) is unreachable, throttled or failing: try again. */
export class ServiceUnavailableError extends AppError {
  constructor(message = 'The service is temporarily unavailable. Please try again in a moment.') {
    super(message, 503);
  }
}

/** AWS error names that mean "the service cannot answer right now", not "the request is wrong". */
const UNAVAILABLE_NAMES = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'Throttling',
  'RequestLimitExceeded',
  'LimitExceededException',
  'InternalServerError',
  'InternalFailure',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  // A write that met a concurrent transaction on the same item: a retry succeeds.
  'TransactionConflictException',
  'TransactionInProgressException',
]);

/**
 * Reasons of a cancelled DynamoDB transaction that say "try again", not "the request is wrong":
 * another transaction held an item (TransactionConflict) or the table was throttled. `None`
 * marks the items that were not the cause.
 */
const RETRYABLE_CANCELLATIONS = new Set([
  'TransactionConflict',
  'ThrottlingError',
  'ProvisionedThroughputExceeded',
]);

/** Whether a cancelled transaction failed only because of contention or throttling. */
function retryableCancellation(e: { name?: unknown; CancellationReasons?: unknown }): boolean {
  if (e.name !== 'TransactionCanceledException' || !Array.isArray(e.CancellationReasons))
    return false;
  const codes = (e.CancellationReasons as { Code?: string }[])
    .map((r) => r?.Code)
    .filter((code) => code !== undefined && code !== 'None');
  return codes.length > 0 && codes.every((code) => RETRYABLE_CANCELLATIONS.has(code!));
}

/** Network failures on the way to a service (refused, reset, timed out, no route). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * The typed 503 for an AWS SDK error that says the service is unreachable or overloaded
 * (connection refused, timeouts, throttling, 5xx, a transaction cancelled by a concurrent one),
 * or undefined for any other error.
 */
export function serviceUnavailable(error: unknown): ServiceUnavailableError | undefined {
  if (error instanceof ServiceUnavailableError) return error;
  if (typeof error !== 'object' || error === null || error instanceof AppError) return undefined;
  const e = error as {
    name?: unknown;
    code?: unknown;
    errors?: unknown;
    $metadata?: { httpStatusCode?: number };
    $fault?: unknown;
  };
  const code = typeof e.code === 'string' ? e.code : undefined;
  const nested = Array.isArray(e.errors) ? (e.errors as { code?: unknown }[]) : [];
  const network =
    (code !== undefined && NETWORK_CODES.has(code)) ||
    nested.some((n) => typeof n?.code === 'string' && NETWORK_CODES.has(n.code));
  const named =
    (typeof e.name === 'string' && UNAVAILABLE_NAMES.has(e.name)) ||
    retryableCancellation(error as { name?: unknown; CancellationReasons?: unknown });
  const serverFault = e.$fault === 'server' && (e.$metadata?.httpStatusCode ?? 0) >= 500 && !named;
  if (network || named || serverFault) {
    const unavailable = new ServiceUnavailableError();
    unavailable.cause = error;
    return unavailable;
  }
  return undefined;
}
