import * as z from 'zod/mini';
import '../schemas/zod-messages';
import { idString } from '../schemas/common';

/** Largest intrinsic value per share the tracked-pitch editor accepts (USD). */
export const MAX_INTRINSIC_VALUE_PER_SHARE = 1_000_000_000;

/** The editor shows thousands separators, so "1,234.50" is accepted as 1234.5. */
function numberFromInput(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const cleaned = value.replace(/,/g, '').trim();
  return cleaned === '' ? undefined : Number(cleaned);
}

export const intrinsicValuePerShare = z.pipe(
  z.transform(numberFromInput),
  z
    .number({
      error: (issue) =>
        issue.input === undefined ? 'Intrinsic value per share is required' : 'Enter a number',
    })
    .check(
      z.refine((n) => n > 0, 'Intrinsic value per share must be positive'),
      z.refine(
        (n) => n <= MAX_INTRINSIC_VALUE_PER_SHARE,
        'Intrinsic value per share must be at most 1,000,000,000',
      ),
    ),
);

/** POST /api/trackedPitches with a payload: change the intrinsic value of one tracked pitch. */
export const trackedUpdatePayload = z.strictObject({
  valuation_id: idString,
  intrinsic_value_per_share: intrinsicValuePerShare,
});

export type TrackedUpdatePayload = z.infer<typeof trackedUpdatePayload>;
