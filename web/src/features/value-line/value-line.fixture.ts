import type { ValueLineData } from '../../../../shared/valuation/value-line-api';
import { envelope, json, stubApi } from '../../test/api-mock';

/* The value line's tests' fixture: a company of three years' quarters and closes. */

const QUARTERS = ['03-31', '06-30', '09-30', '12-31'];

/**
 * Three years of quarters: EPS 1.00 a quarter (2.00 in 2025), 4 M shares; a loss in 2024's
 * second half; each filed 30 days after its end (its figures count from the next day). Closes
 * every weekday at 50 until mid-2024, 70 after.
 */
export function fixture(): ValueLineData {
  const quarters = Array.from({ length: 12 }, (_, i) => {
    const year = 2023 + Math.floor(i / 4);
    const date = `${year}-${QUARTERS[i % 4]}`;
    const eps = year === 2025 ? 2 : date === '2024-09-30' || date === '2024-12-31' ? -3 : 1;
    const filed = new Date(Date.parse(`${date}T00:00:00Z`) + 30 * 86_400_000);
    return {
      date,
      filingDate: filed.toISOString().slice(0, 10),
      acceptedDate: null,
      epsDiluted: eps,
      revenue: 40e6,
      ebitda: 10e6,
      dilutedShares: 4e6,
      equity: 80e6,
      debt: 5e6,
      cash: 1e6,
      operatingCashFlow: 12e6,
      capitalExpenditure: -4e6,
    };
  });
  const closes: [string, number][] = [];
  for (let t = Date.UTC(2023, 0, 2); t <= Date.UTC(2026, 2, 9); t += 86_400_000) {
    const d = new Date(t);
    if (d.getUTCDay() === 0 || d.getUTCDay() === 6) continue;
    const date = d.toISOString().slice(0, 10);
    closes.push([date, date < '2024-07-01' ? 50 : 70]);
  }
  return {
    symbol: 'ACME',
    quarters,
    splits: [],
    closes,
    sector: 'Industrials',
    sectorMedians: { pe: 18, pb: 2.5, ps: 1.5, evEbitda: 11 },
  };
}

export function serve(data: ValueLineData = fixture()) {
  return stubApi((call) =>
    call.path === '/api/market/value-line' ? json(200, envelope(data)) : undefined,
  );
}
