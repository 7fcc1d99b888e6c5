import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataSource, StatementFrequency } from '../../../../../shared/company/catalogue';
import { ALL_POINTS, STATEMENT_FETCH_LIMIT } from '../../../../../shared/company/periods';
import { marketRows } from '../../../lib/market-proxy';

/** The data sets read by period rows (statements, ratios, key metrics). */
export type RowSource = Extract<
  DataSource,
  'income-statement' | 'balance-sheet-statement' | 'cash-flow-statement' | 'ratios' | 'key-metrics'
>;

const ROW_SOURCES: readonly string[] = [
  'income-statement',
  'balance-sheet-statement',
  'cash-flow-statement',
  'ratios',
  'key-metrics',
];

export function isRowSource(source: DataSource): source is RowSource {
  return ROW_SOURCES.includes(source);
}

/**
 * Rows fetched per data set and frequency: enough for the longest chart (16 annual, 63
 * quarterly) and the statement tables (10, 42), so every chart, table and period of one data
 * set and frequency is served by one request.
 */
export function rowLimit(frequency: StatementFrequency): number {
  return Math.max(ALL_POINTS[frequency], STATEMENT_FETCH_LIMIT[frequency]);
}

export function companyRowsPath(source: RowSource, symbol: string, frequency: StatementFrequency) {
  return `${source}/${symbol}?period=${frequency}&limit=${rowLimit(frequency)}`;
}

export const companyRowsQuery = (
  source: RowSource,
  symbol: string,
  frequency: StatementFrequency,
) =>
  queryOptions({
    queryKey: ['market', 'rows', source, symbol, frequency, rowLimit(frequency)],
    queryFn: ({ signal }) => marketRows(companyRowsPath(source, symbol, frequency), signal),
    // Statements and ratios change once a quarter; the server caches them for a day.
    staleTime: 60 * 60_000,
  });

export function useCompanyRows(source: RowSource, symbol: string, frequency: StatementFrequency) {
  return useQuery(companyRowsQuery(source, symbol, frequency));
}
