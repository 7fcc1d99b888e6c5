import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseIndexQuotes } from './index-quotes';
import { indexQuotesResponse } from './requests';
import { twinChecks } from '../testing/twin-checks';

const quote = {
  symbol: '^GSPC',
  name: 'S&P 500',
  price: 5000.5,
  change: 12.3,
  changesPercentage: 0.25,
  open: 4990,
  dayHigh: 5010,
  dayLow: 4980,
  yearLow: 4000,
  yearHigh: 5100,
  marketCap: null,
  priceAvg50: 4900,
  priceAvg200: 4700,
  pe: null,
  eps: null,
  volume: 1e9,
  avgVolume: 9e8,
  previousClose: 4988.2,
  sharesOutstanding: null,
  exchange: 'INDEX',
  timestamp: 1_700_000_000,
  extra: 'kept',
};
const answer = { data: [quote], source: 'demo', stale: false, asOf: '2026-01-02T15:00:00Z' };

/** What the zod schema and the hand-written check say: the answer, or null when refused. */
const { bySchema, byHand } = twinChecks(indexQuotesResponse, parseIndexQuotes);

describe('parseIndexQuotes, the index bar check without zod', () => {
  it('reads a valid answer as the shared schema does, unknown quote fields kept', () => {
    expect(parseIndexQuotes(answer)).toEqual(bySchema(answer));
    expect(parseIndexQuotes(answer).data[0]).toHaveProperty('extra', 'kept');
  });

  it('refuses what the schema refuses', () => {
    for (const bad of [
      null,
      { ...answer, source: 'other' },
      { ...answer, stale: 'no' },
      { ...answer, data: [{ ...quote, price: null }] },
      { ...answer, data: [{ ...quote, symbol: '' }] },
      { ...answer, data: [{ ...quote, change: Number.NaN }] },
      { ...answer, data: [{ ...quote, open: undefined }] },
      { ...answer, data: [{ ...quote, name: 3 }] },
    ]) {
      expect(bySchema(bad)).toBeNull();
      expect(() => parseIndexQuotes(bad)).toThrow(/index quotes answer is not valid/);
    }
  });

  it('agrees with the schema on answers with any field changed', () => {
    const value = fc.oneof(
      fc.constant(null),
      fc.constant(undefined),
      fc.double(),
      fc.string({ maxLength: 3 }),
      fc.boolean(),
      fc.constant(['x']),
    );
    const keys = [...Object.keys(quote), 'source', 'stale', 'asOf'];
    fc.assert(
      fc.property(fc.constantFrom(...keys), value, (key, v) => {
        const body =
          key in answer && key !== 'data'
            ? { ...answer, [key]: v }
            : { ...answer, data: [{ ...quote, [key]: v }] };
        expect(byHand(body)).toEqual(bySchema(body));
      }),
      { numRuns: 400 },
    );
  });
});
