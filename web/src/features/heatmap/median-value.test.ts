import { describe, expect, it } from 'vitest';
import { medianValueOn } from '../../../../shared/heatmap/value';
import { CLOSES, DAY, PRICE, QUARTERS } from '../../../../shared/heatmap/value.fixture';
import { DCF_DEFAULTS } from '../../../../shared/valuation/dcf';
import {
  companyMultipleAsOf,
  plainModel,
  quarterBases,
} from '../../../../shared/valuation/value-line';
import { plainLineDays } from '../value-line/model';

/* One figure, one function: the map's value at the median P/E is the company view's line's. */

describe('the map’s value at the median P/E', () => {
  it('is the company view’s 10-yr median line on the day: one figure, one function', () => {
    const data = {
      symbol: 'ACME',
      quarters: QUARTERS.filter((q) => q.filingDate! < DAY),
      splits: [],
      closes: CLOSES.filter((c) => c[0] <= DAY).map((c): [string, number] => [c[0], c[1]]),
      sector: null,
      sectorMedians: { pe: null, pb: null, ps: null, evEbitda: null },
    };
    const bases = quarterBases(1, data.quarters);
    const model = plainModel(1, bases, PRICE, 12, DCF_DEFAULTS)!;
    // As the company view draws its "Company 10-yr median" line (ValueLineSection).
    const days = plainLineDays(data, model, bases, companyMultipleAsOf(1, bases, data.closes));
    const onDay = days.find((d) => d.date === DAY)!;
    expect(onDay.value).toBe(medianValueOn(QUARTERS, [], CLOSES, DAY).value);
  });
});
