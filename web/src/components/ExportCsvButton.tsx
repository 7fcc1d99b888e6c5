import { useState } from 'react';
import type { CsvColumn } from '../../../shared/csv';
import { downloadCsv } from '../lib/download-csv';
import { useToast } from '../lib/toast';

interface ExportCsvButtonProps<T> {
  /** What the file holds, e.g. "My Pitches": names the file and ends the button's accessible name. */
  what: string;
  columns: readonly CsvColumn<T>[];
  /** The rows, or a function that loads them (e.g. every page of a screen). */
  rows: readonly T[] | (() => Promise<readonly T[]>);
  disabled?: boolean;
  className?: string;
  /** Splits the rows into several files (each saved as "<what> part k of n"), when needed. */
  files?: (rows: readonly T[]) => readonly (readonly T[])[];
}

/**
 * "Export CSV": saves the rows as a CSV file with named headers and unformatted numbers. Its
 * accessible name starts with what it shows ("Export CSV of My Pitches"), so a voice-control
 * user saying the label reaches it and a screen reader tells the page's exports apart.
 */
export function ExportCsvButton<T>({
  what,
  columns,
  rows,
  disabled,
  className,
  files,
}: ExportCsvButtonProps<T>) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();

  const onClick = async () => {
    setBusy(true);
    try {
      const all = typeof rows === 'function' ? await rows() : rows;
      const parts = files ? files(all) : [all];
      if (parts.length <= 1) downloadCsv(what, columns, all);
      else
        for (const [i, part] of parts.entries())
          downloadCsv(`${what} part ${i + 1} of ${parts.length}`, columns, part);
    } catch {
      toast.error('The export could not be made. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={`button button--ghost button--export${className ? ` ${className}` : ''}`}
      aria-label={`${busy ? 'Exporting' : 'Export'} CSV of ${what}`}
      disabled={disabled || busy}
      onClick={() => void onClick()}
    >
      {busy ? 'Exporting…' : 'Export CSV'}
    </button>
  );
}
