import { describe, expect, it } from 'vitest';
import { ProviderShapeError } from './errors';
import { fiscalYearEstimates } from './estimates';
import { mapEstimates } from './mapping';

/*
 * The provider's `analyst-estimates` rows in the contract (decision 185), and each fiscal year
 * beside the annual figures reported for it.
 */

const stable = {
  symbol: 'AAPL',
  date: '2026-09-27',
  revenueLow: 440e9,
  revenueHigh: 480e9,
  revenueAvg: 460e9,
  ebitdaLow: 150e9,
  ebitdaHigh: 170e9,
  ebitdaAvg: 160e9,
  netIncomeLow: 110e9,
  netIncomeHigh: 130e9,
  netIncomeAvg: 120e9,
  epsAvg: 8.4,
  epsHigh: 8.9,
  epsLow: 7.8,
  numAnalystsRevenue: 24,
  numAnalystsEps: 29,
};

describe('analysts’ estimates from the provider', () => {
  it('keep the stable names and read the legacy ones where a provider still sends them', () => {
    const [row] = mapEstimates([stable]);
    expect(row).toMatchObject({ epsAvg: 8.4, epsLow: 7.8, revenueAvg: 460e9, numAnalystsEps: 29 });
    const [legacy] = mapEstimates([
      {
        symbol: 'AAPL',
        date: '2026-09-27',
        estimatedEpsAvg: 8.4,
        estimatedEpsLow: 7.8,
        estimatedEpsHigh: 8.9,
        estimatedRevenueAvg: 460e9,
        numberAnalystsEstimatedEps: 29,
        numberAnalystEstimatedRevenue: 24,
      },
    ]);
    expect(legacy).toMatchObject({
      epsAvg: 8.4,
      epsLow: 7.8,
      epsHigh: 8.9,
      revenueAvg: 460e9,
      revenueLow: null,
      numAnalystsEps: 29,
      numAnalystsRevenue: 24,
    });
  });

  it('name the row and field of a changed shape', () => {
    expect(() => mapEstimates([{ symbol: 'AAPL', date: 'soon' }])).toThrow(ProviderShapeError);
    expect(() => mapEstimates([{ ...stable, epsAvg: '8.4' }])).not.toThrow();
    expect(mapEstimates([{ ...stable, epsAvg: '8.4' }])[0]!.epsAvg).toBeNull();
  });

  it('set each fiscal year beside the annual statement that ended within 20 days of it, oldest first', () => {
    const rows = mapEstimates([
      stable,
      { ...stable, date: '2025-09-27', epsAvg: 7.3 },
      { ...stable, date: '2024-09-28', epsAvg: null },
    ]);
    const income = [
      {
        date: '2025-09-27',
        epsdiluted: 7.46,
        revenue: 416e9,
        ebitda: 140e9,
        filingDate: '2025-10-31',
        acceptedDate: '2025-10-31 06:01:36',
      },
      // A 52/53-week year: ends a week off the estimate's date.
      { date: '2024-09-21', epsDiluted: 6.08, revenue: 391e9, ebitda: 134e9, filingDate: null },
    ];
    const years = fiscalYearEstimates(rows, income);
    expect(years.map((y) => y.date)).toEqual(['2024-09-28', '2025-09-27', '2026-09-27']);
    expect(years[0]!.eps).toBeNull();
    expect(years[0]!.reported).toEqual({
      date: '2024-09-21',
      filingDate: null,
      acceptedDate: null,
      eps: 6.08,
      revenue: 391e9,
      ebitda: 134e9,
    });
    expect(years[1]!.eps).toEqual({ avg: 7.3, low: 7.8, high: 8.9, analysts: 29 });
    expect(years[1]!.reported).toMatchObject({ eps: 7.46, acceptedDate: '2025-10-31 06:01:36' });
    expect(years[2]!.reported).toBeNull();
    expect(years[2]!.ebitda).toEqual({ avg: 160e9, low: 150e9, high: 170e9, analysts: 24 });
  });
});
