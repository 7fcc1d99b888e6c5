import { describe, expect, it } from 'vitest';
import { type ClosePair, closePairs, encodeCloses } from './closes';

const pairs: ClosePair[] = [
  ['2024-01-02', 10],
  ['2024-01-03', 11.25],
  ['2024-01-05', 0],
  ['2024-01-08', 12.5],
  ['2024-01-04', 9.75],
  ['2024-01-09', 13],
];

describe('closes as the market cache keeps them', () => {
  it('give back the same pairs in the same order, from the compact form or from pairs', () => {
    const compact = encodeCloses(pairs);
    expect(Array.isArray(compact)).toBe(false);
    expect(closePairs(JSON.parse(JSON.stringify(compact)))).toEqual(pairs);
    expect(closePairs(pairs)).toEqual(pairs);
    expect(closePairs(undefined)).toEqual([]);
  });

  it('after a day: the later closes and the last usable close up to it, either form', () => {
    // 2024-01-05 closed at 0 (unusable): the last usable close up to it is 2024-01-04's.
    const expected: ClosePair[] = [
      ['2024-01-04', 9.75],
      ['2024-01-08', 12.5],
      ['2024-01-09', 13],
    ];
    expect(closePairs(encodeCloses(pairs), '2024-01-05')).toEqual(expected);
    expect(closePairs(pairs, '2024-01-05')).toEqual(expected);
    expect(closePairs(encodeCloses(pairs), '2024-01-09')).toEqual([['2024-01-09', 13]]);
    expect(closePairs(encodeCloses(pairs), '2023-12-31')).toEqual(pairs);
  });

  it('keep pairs whose dates are not plain days as pairs', () => {
    const odd: ClosePair[] = [['2024-01-02T00:00:00Z', 10]];
    expect(encodeCloses(odd)).toEqual(odd);
  });
});
