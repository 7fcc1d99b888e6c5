import type { DailyClose, QuarterFigures } from '../valuation/value-line';

/*
 * A company whose value at its ten-year median P/E is worked by hand (value.test.ts): nine
 * quarters of diluted EPS and a close at each quarter end.
 */

const quarter = (date: string, filingDate: string, eps: number): QuarterFigures => ({
  date,
  filingDate,
  acceptedDate: null,
  epsDiluted: eps,
  revenue: null,
  ebitda: null,
  dilutedShares: 1e9,
  equity: null,
  debt: null,
  cash: null,
  operatingCashFlow: null,
  capitalExpenditure: null,
});

// Nine quarters; the ninth (a huge EPS) is filed after the day and must not count.
export const QUARTERS = [
  quarter('2023-03-31', '2023-05-02', 1),
  quarter('2023-06-30', '2023-08-01', 1),
  quarter('2023-09-30', '2023-10-31', 1),
  quarter('2023-12-31', '2024-02-01', 1),
  quarter('2024-03-31', '2024-05-01', 1.5),
  quarter('2024-06-30', '2024-08-01', 1.5),
  quarter('2024-09-30', '2024-10-31', 2),
  quarter('2024-12-31', '2025-02-03', 2),
  quarter('2025-03-31', '2025-04-30', 10),
];
export const DAY = '2025-04-15';
export const PRICE = 100;
// A close at each quarter end; the later ones after the day must not count either.
export const CLOSES: DailyClose[] = [
  ['2023-03-31', 30],
  ['2023-06-30', 35],
  ['2023-09-30', 38],
  ['2023-12-31', 40],
  ['2024-03-31', 54],
  ['2024-06-30', 75],
  ['2024-09-30', 66],
  ['2024-12-31', 91],
  ['2025-03-31', 95],
  [DAY, PRICE],
  ['2025-06-30', 300],
];
