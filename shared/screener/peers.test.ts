import { describe, expect, it } from 'vitest';
import type { ScreenerRow } from './columns';
import { median, sectorMedians } from './peers';

const row = (symbol: string, sector: string | null, figures: Partial<ScreenerRow>) =>
  ({
    symbol,
    sector,
    pe: null,
    pb: null,
    ps: null,
    pfcf: null,
    evEbitda: null,
    ...figures,
  }) as ScreenerRow;

describe('sector medians (vs peers)', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([0.1, 0.2])).toBe(0.15);
    expect(median([])).toBeNull();
  });

  it("medians of the sector's meaningful multiples; FCF yield is 100 / P/FCF", () => {
    const rows = [
      row('A', 'Tech', { pe: 10, pb: 2, ps: 1, pfcf: 20, evEbitda: 12 }),
      row('B', 'Tech', { pe: 30, pb: null, ps: 3, pfcf: 40, evEbitda: null }),
      row('C', 'Tech', { pe: 20, pb: 4, ps: 5, pfcf: null, evEbitda: 18 }),
      row('D', 'Tech', { pe: null, pb: 6, ps: 7, pfcf: 25, evEbitda: -3 }),
      row('E', 'Energy', { pe: 5, pb: 1, ps: 1, pfcf: 5 }),
    ];
    const tech = sectorMedians(rows, 'Tech');
    expect(tech.sectorCompanies).toBe(4);
    expect(tech.medians.pe).toEqual({ median: 20, companies: 3 });
    expect(tech.medians.pb).toEqual({ median: 4, companies: 3 });
    expect(tech.medians.ps).toEqual({ median: 4, companies: 4 });
    // FCF yields 5 %, 2.5 %, 4 %: median 4 %.
    expect(tech.medians.fcfYield).toEqual({ median: 4, companies: 3 });
    // EV/EBITDA 12 and 18 (a missing and a negative one left out): median 15.
    expect(tech.medians.evEbitda).toEqual({ median: 15, companies: 2 });
    expect(sectorMedians(rows, null).medians.pe).toEqual({ median: null, companies: 0 });
  });
});
