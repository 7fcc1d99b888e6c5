import { describe, expect, it } from 'vitest';
import type { SequenceRow } from './csv-import';
import { earliestDay, mergeRows } from './import-merge';

const dividend = (date: string, symbol: string, amountCents: number): SequenceRow => ({
  date,
  type: 'dividend',
  symbol,
  quantity: null,
  price: null,
  amountCents,
  feeCents: 0,
});
const deposit = (date: string, amountCents: number): SequenceRow => ({
  date,
  type: 'deposit',
  symbol: null,
  quantity: null,
  price: null,
  amountCents,
  feeCents: 0,
});

describe('mergeRows', () => {
  it('takes a dividend equal to one the portfolio worked out, and leaves that one out of the check', () => {
    const derived = [dividend('2021-06-25', 'KO', 1940), dividend('2021-09-24', 'KO', 1940)];
    const incoming = [dividend('2021-06-25', 'KO', 1940)];
    const out = mergeRows({ incoming, own: [deposit('2021-01-04', 1_000_000)], derived });
    expect(out.fresh).toEqual(incoming);
    expect(out.duplicates).toEqual([]);
    expect(out.existing).toEqual([deposit('2021-01-04', 1_000_000), derived[1]]);
  });

  it('skips a row only as many times as the portfolio really has it', () => {
    const own = [deposit('2021-01-04', 500), dividend('2021-06-25', 'KO', 1940)];
    const incoming = [
      dividend('2021-06-25', 'KO', 1940),
      dividend('2021-06-25', 'KO', 1940),
      deposit('2021-01-04', 500),
    ];
    const out = mergeRows({ incoming, own, derived: [] });
    expect(out.duplicates).toEqual([incoming[0], incoming[2]]);
    expect(out.fresh).toEqual([incoming[1]]);
    expect(out.existing).toEqual(own);
  });

  it('leaves a derived dividend in the check when the file has a different amount', () => {
    const derived = [dividend('2021-06-25', 'KO', 1940)];
    const incoming = [dividend('2021-06-25', 'KO', 3880)];
    const out = mergeRows({ incoming, own: [], derived });
    expect(out.fresh).toEqual(incoming);
    expect(out.existing).toEqual(derived);
  });
});

describe('earliestDay', () => {
  it('is the earliest date whatever the order', () => {
    expect(
      earliestDay([{ date: '2024-06-03' }, { date: '2020-01-02' }, { date: '2022-01-01' }]),
    ).toBe('2020-01-02');
    expect(earliestDay([])).toBeUndefined();
  });
});
