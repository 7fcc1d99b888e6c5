import type { CsvColumn } from '../../../../shared/csv';
import {
  COLUMN_LABELS,
  MAX_PAGE_SIZE,
  SCREENER_COLUMNS,
  type ScreenerRow,
} from '../../../../shared/screener';
import { api } from '../../lib/api-client';
import type { ScreenQuery, ScreenResponse } from './api/screener-api';
import { PERCENT_COLUMNS } from './components/ScreenerResults';

/** Every column of a screen's rows, rates in percent (12.5 means 12.5 %). */
export const SCREENER_CSV_COLUMNS: CsvColumn<ScreenerRow>[] = SCREENER_COLUMNS.map((column) => ({
  header:
    PERCENT_COLUMNS.has(column) && !COLUMN_LABELS[column].endsWith('%')
      ? `${COLUMN_LABELS[column]} (%)`
      : COLUMN_LABELS[column],
  value: (row: ScreenerRow) => row[column],
}));

/** Every match of a screen, in its sort order: the pages one after another at the largest size. */
export async function allScreenRows(query: ScreenQuery): Promise<ScreenerRow[]> {
  const rows: ScreenerRow[] = [];
  for (let page = 1; ; page += 1) {
    const body = await api<ScreenResponse>('screenerScreen', {
      ...query,
      page,
      pageSize: MAX_PAGE_SIZE,
    });
    rows.push(...body.data);
    if (body.data.length === 0 || rows.length >= body.total) return rows;
  }
}
