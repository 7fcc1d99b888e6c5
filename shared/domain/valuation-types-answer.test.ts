import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { valuationTypesResponse } from '../schemas/system';
import { twinChecks } from '../testing/twin-checks';
import { parseValuationTypes } from './valuation-types-answer';
import { listValuationTypes } from './valuation-types';

const { bySchema, byHand } = twinChecks(valuationTypesResponse, parseValuationTypes);

describe('parseValuationTypes, the home page check without zod', () => {
  it('reads the four methodologies as the shared schema does, unknown fields dropped', () => {
    const body = { data: listValuationTypes().map((t) => ({ ...t, extra: 1 })), more: true };
    expect(parseValuationTypes(body)).toEqual(bySchema(body));
    expect(parseValuationTypes(body).data[0]).toEqual({ id: 1, valuation_name: 'P/E' });
  });

  it('agrees with the schema on items of any shape', () => {
    const value = fc.oneof(
      fc.constant(null),
      fc.constant(undefined),
      fc.integer(),
      fc.double(),
      fc.string({ maxLength: 3 }),
    );
    fc.assert(
      fc.property(value, value, (id, name) => {
        const body = { data: [{ id, valuation_name: name }] };
        expect(byHand(body)).toEqual(bySchema(body));
      }),
      { numRuns: 400 },
    );
    expect(byHand({ data: 'x' })).toBeNull();
    expect(bySchema({ data: 'x' })).toBeNull();
  });
});
