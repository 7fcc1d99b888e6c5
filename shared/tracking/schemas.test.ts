import { describe, expect, it } from 'vitest';
import { trackedUpdatePayload } from './schemas';

function firstMessage(input: unknown): string | undefined {
  const parsed = trackedUpdatePayload.safeParse(input);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe('trackedUpdatePayload', () => {
  it('accepts a positive intrinsic value, also typed with thousands separators', () => {
    expect(
      trackedUpdatePayload.parse({ valuation_id: 'abc-1', intrinsic_value_per_share: 123.45 }),
    ).toEqual({
      valuation_id: 'abc-1',
      intrinsic_value_per_share: 123.45,
    });
    expect(
      trackedUpdatePayload.parse({ valuation_id: 'abc-1', intrinsic_value_per_share: '1,234.50' })
        .intrinsic_value_per_share,
    ).toBe(1234.5);
  });

  it('refuses a missing, zero, negative, non-numeric or absurdly large intrinsic value', () => {
    expect(firstMessage({ valuation_id: 'a' })).toBe('Intrinsic value per share is required');
    expect(firstMessage({ valuation_id: 'a', intrinsic_value_per_share: '' })).toBe(
      'Intrinsic value per share is required',
    );
    expect(firstMessage({ valuation_id: 'a', intrinsic_value_per_share: 0 })).toBe(
      'Intrinsic value per share must be positive',
    );
    expect(firstMessage({ valuation_id: 'a', intrinsic_value_per_share: -3 })).toBe(
      'Intrinsic value per share must be positive',
    );
    expect(firstMessage({ valuation_id: 'a', intrinsic_value_per_share: 'ten' })).toBe(
      'Enter a number',
    );
    expect(
      firstMessage({ valuation_id: 'a', intrinsic_value_per_share: Number.POSITIVE_INFINITY }),
    ).toBe('Enter a number');
    expect(firstMessage({ valuation_id: 'a', intrinsic_value_per_share: 1_000_000_001 })).toBe(
      'Intrinsic value per share must be at most 1,000,000,000',
    );
  });

  it('requires a valuation id and refuses unknown fields', () => {
    expect(firstMessage({ intrinsic_value_per_share: 5 })).toBeDefined();
    expect(firstMessage({ valuation_id: '', intrinsic_value_per_share: 5 })).toBe(
      'An id is required',
    );
    expect(
      trackedUpdatePayload.safeParse({
        valuation_id: 'a',
        intrinsic_value_per_share: 5,
        user_id: 'x',
      }).success,
    ).toBe(false);
  });
});
