import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
  TransactionConflictException,
} from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { BudgetBusyError } from '../market/budget';
import { ServiceUnavailableError, serviceUnavailable } from './errors';
import { errorResponse } from './http';

const meta = { $metadata: {} };
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    ...meta,
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

describe('contention and throttling answer "try again" (503), never 500', () => {
  it('maps a transaction cancelled by a concurrent one, or throttled, to 503', () => {
    expect(serviceUnavailable(cancelled('None', 'TransactionConflict'))).toBeInstanceOf(
      ServiceUnavailableError,
    );
    expect(serviceUnavailable(cancelled('ThrottlingError'))).toBeInstanceOf(
      ServiceUnavailableError,
    );
    expect(
      serviceUnavailable(new TransactionConflictException({ ...meta, message: 'conflict' })),
    ).toBeInstanceOf(ServiceUnavailableError);
    expect(errorResponse(cancelled('TransactionConflict', 'None'), 'req-1').statusCode).toBe(503);
  });

  it('leaves a failed condition to the code that asked for it (not a 503)', () => {
    expect(serviceUnavailable(cancelled('ConditionalCheckFailed', 'None'))).toBeUndefined();
    expect(serviceUnavailable(cancelled('ConditionalCheckFailed', 'TransactionConflict'))).toBe(
      undefined,
    );
    expect(
      serviceUnavailable(new ConditionalCheckFailedException({ ...meta, message: 'no' })),
    ).toBeUndefined();
  });

  it("answers the call budget's own failure with its try-later message", () => {
    const out = errorResponse(new BudgetBusyError('ThrottlingException'), 'req-2');
    expect(out.statusCode).toBe(503);
    expect(JSON.parse(out.body as string).message).toBe(
      'Market data is busy, please try again shortly',
    );
  });
});
