import { csvFileName, toCsv, type CsvColumn } from '../../../shared/csv';
import { now } from './clock';

/** Saves a CSV file in the browser (a Blob behind a temporary link). */
export function downloadCsv<T>(what: string, columns: readonly CsvColumn<T>[], rows: readonly T[]) {
  const blob = new Blob([toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileName(what, now());
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked after the click has started the download.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
