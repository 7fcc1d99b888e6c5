import { describe, expect, it } from 'vitest';
import {
  type ClosePair,
  closePairs,
  dayCloses,
  dayClosesAfter,
  dayClosesWithToday,
  encodeCloses,
  encodeRanges,
  rangesByDay,
} from './closes';

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

describe('closes as day numbers (what the replay reads)', () => {
  const day = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

  it('puts the days in order, leaves out closes that cannot price, and decodes a value once', () => {
    const compact = encodeCloses(pairs);
    const decoded = dayCloses(compact);
    expect([...decoded.days]).toEqual(
      ['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-08', '2024-01-09'].map(day),
    );
    expect([...decoded.closes]).toEqual([10, 11.25, 9.75, 12.5, 13]);
    expect(dayCloses(compact)).toBe(decoded);
    expect(dayCloses(pairs)).toEqual(decoded);
    expect(dayCloses(undefined).days.length).toBe(0);
  });

  it('after a day: the later closes and the last one up to it; today at its quote', () => {
    const decoded = dayCloses(encodeCloses(pairs));
    const after = dayClosesAfter(decoded, day('2024-01-05'));
    expect([...after.days]).toEqual(['2024-01-04', '2024-01-08', '2024-01-09'].map(day));
    expect(dayClosesAfter(decoded, day('2023-12-01')).days.length).toBe(5);
    const today = dayClosesWithToday(decoded, day('2024-01-09'), 14.5);
    // The closes before today shared with the decoded ones, today's kept apart.
    expect([...today.closes]).toEqual([10, 11.25, 9.75, 12.5]);
    expect(today.closes.buffer).toBe(decoded.closes.buffer);
    expect(today.next).toEqual({ day: day('2024-01-09'), close: 14.5 });
    // A day later, the close kept apart before it stays one of the closes.
    const tomorrow = dayClosesWithToday(today, day('2024-01-10'), 15);
    expect([...tomorrow.days]).toEqual(
      ['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-08', '2024-01-09'].map(day),
    );
    expect([...tomorrow.closes]).toEqual([10, 11.25, 9.75, 12.5, 14.5]);
    expect(tomorrow.next).toEqual({ day: day('2024-01-10'), close: 15 });
    expect(dayClosesWithToday(decoded, day('2024-01-10'), undefined)).toBe(decoded);
  });

  it("keep each day's traded range by day: a bar's time dropped, unusable bars left out", () => {
    const ranges = encodeRanges([
      { date: '2024-01-03', low: 10.5, high: 11.75 },
      { date: '2024-01-02', low: 9.5, high: 10.25 },
      { date: '2024-01-04 16:00:00', low: 1, high: 2 },
      { date: 'not a day', low: 3, high: 4 },
      { date: '2024-01-05', low: Number.NaN, high: 4 },
    ]);
    expect(rangesByDay(JSON.parse(JSON.stringify(ranges)))).toEqual(
      new Map([
        ['2024-01-02', { low: 9.5, high: 10.25 }],
        ['2024-01-03', { low: 10.5, high: 11.75 }],
        ['2024-01-04', { low: 1, high: 2 }],
      ]),
    );
    expect(rangesByDay(undefined).size).toBe(0);
  });
});
