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
  constructor(message = 'Too many requests, please try again shortly') {
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
