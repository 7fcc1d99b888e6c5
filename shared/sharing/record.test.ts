import { describe, expect, it } from 'vitest';
import { counts, percentReturn, recordSummary, shareRecord } from './record';
import type { ShareRecord } from './schemas';

const NOW = '2026-06-01T14:00:00.000Z';

function rec(pitchedAt: string, priceThen: number, priceNow: number, i0: number, i1: number) {
  return shareRecord({ pitchedAt, priceThen, priceNow, indexThen: i0, indexNow: i1, now: NOW });
}

describe('the record of a shared pitch', () => {
  it('a pitch at $138.15 now at $150.00 against the S&P 500 from 5000 to 5100', () => {
    const r = rec('2026-01-02T15:00:00.000Z', 138.15, 150, 5000, 5100);
    // 150 / 138.15 - 1 = 0.0857763300760043...
    expect(r.returnSince).toBe(8.5776330076);
    expect(r.indexReturn).toBe(2);
    expect(r.vsIndex).toBe(6.5776330076);
    expect(r.daysSince).toBe(149);
  });

  it('no price now: no return, never NaN', () => {
    const r = shareRecord({
      pitchedAt: '2026-01-02T15:00:00.000Z',
      priceThen: 100,
      priceNow: null,
      indexThen: 5000,
      indexNow: 5100,
      now: NOW,
    });
    expect(r.returnSince).toBeNull();
    expect(r.vsIndex).toBeNull();
    expect(counts(r)).toBe(false);
  });

  it('percent returns of non-positive prices are unavailable', () => {
    expect(percentReturn(0, 10)).toBeNull();
    expect(percentReturn(10, -1)).toBeNull();
    expect(percentReturn(80, 100)).toBe(25);
  });
});

describe("an investor's public record", () => {
  it('hit rate, average and median against the index over pitches at least a day old', () => {
    const records: ShareRecord[] = [
      // +25 % vs index +10 %: 15 points ahead
      rec('2026-03-01T00:00:00.000Z', 80, 100, 4000, 4400),
      // -10 % vs index +5 %: 15 points behind
      rec('2026-04-01T00:00:00.000Z', 100, 90, 5000, 5250),
      // +2 % vs index +2 %: level, not ahead
      rec('2026-05-01T00:00:00.000Z', 50, 51, 5000, 5100),
      // pitched 2 hours ago, +100 %: listed, not counted
      rec('2026-06-01T12:00:00.000Z', 10, 20, 5000, 5000),
    ];
    expect(records.map(counts)).toEqual([true, true, true, false]);
    expect(recordSummary(records)).toEqual({
      counted: 3,
      ahead: 1,
      hitRate: 33.3333333333,
      averageVsIndex: 0,
      medianVsIndex: 0,
      averageReturn: 5.6666666667,
      medianReturn: 2,
    });
  });

  it('an even count takes the mean of the two middle figures', () => {
    const records = [
      rec('2026-03-01T00:00:00.000Z', 100, 110, 100, 100), // +10 vs 0
      rec('2026-03-01T00:00:00.000Z', 100, 130, 100, 100), // +30 vs 0
    ];
    const s = recordSummary(records);
    expect(s.hitRate).toBe(100);
    expect(s.medianVsIndex).toBe(20);
    expect(s.averageReturn).toBe(20);
  });

  it('nothing counted: figures are null, not zero', () => {
    expect(recordSummary([])).toEqual({
      counted: 0,
      ahead: 0,
      hitRate: null,
      averageVsIndex: null,
      medianVsIndex: null,
      averageReturn: null,
      medianReturn: null,
    });
  });
});
