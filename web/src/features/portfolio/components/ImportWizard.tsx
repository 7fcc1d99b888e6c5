import { useState } from 'react';
import {
  CSV_MAX_BYTES,
  CsvFileError,
  guessMapping,
  IMPORT_FIELDS,
  parseCsv,
  type ColumnMapping,
  type ImportField,
} from '../../../../../shared/portfolio/csv-import';
import { ApiError } from '../../../lib/api-client';
import { importTransactions, type ImportResult } from '../api/import';
import { useReloadPortfolios } from '../api/portfolio-api';
import { formatCents } from '../returns';

type Step =
  | { step: 'file' }
  | { step: 'mapping'; csv: string; header: string[]; mapping: ColumnMapping }
  | { step: 'preview'; csv: string; mapping: ColumnMapping; result: ImportResult }
  | { step: 'done'; created: number };

/** Import transactions from a CSV file: choose the file, map its columns, preview, then commit. */
export function ImportWizard({ portfolioId }: { portfolioId: string }) {
  const [state, setState] = useState<Step>({ step: 'file' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = useReloadPortfolios();

  const readFile = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (file.size > CSV_MAX_BYTES) {
      setError(`The file is larger than ${CSV_MAX_BYTES / 1_000_000} MB`);
      return;
    }
    const csv = await file.text();
    try {
      const { header } = parseCsv(csv, file.size);
      setState({ step: 'mapping', csv, header, mapping: guessMapping(header) });
    } catch (e) {
      setError(e instanceof CsvFileError ? e.message : 'The file could not be read');
    }
  };

  const send = async (mode: 'preview' | 'commit', csv: string, mapping: ColumnMapping) => {
    setBusy(true);
    setError(null);
    try {
      const result = await importTransactions({ portfolioId, mode, csv, mapping });
      if (mode === 'preview') setState({ step: 'preview', csv, mapping, result });
      else {
        setState({ step: 'done', created: result.created });
        await reload();
      }
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The import failed. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="portfolio-import" aria-label="Import transactions">
      <h3>Import transactions from CSV</h3>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {state.step === 'file' && (
        <>
          <label>
            CSV file (date, type, symbol, quantity, price, amount, fee){' '}
            <input
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => void readFile(e.target.files?.[0])}
            />
          </label>
          <p className="portfolio-hint">
            Into a portfolio without trades yet. A file with deposits replaces the amount the
            portfolio started with.
          </p>
        </>
      )}
      {state.step === 'mapping' && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void send('preview', state.csv, state.mapping);
          }}
        >
          {IMPORT_FIELDS.map((field: ImportField) => (
            <label key={field} className="portfolio-import__field">
              {field}{' '}
              <select
                value={state.mapping[field] ?? ''}
                onChange={(e) => {
                  const mapping = { ...state.mapping };
                  if (e.target.value === '') delete mapping[field];
                  else mapping[field] = Number(e.target.value);
                  setState({ ...state, mapping });
                }}
              >
                <option value="">(none)</option>
                {state.header.map((h, i) => (
                  <option key={`${h}-${i}`} value={i}>
                    {h}
                  </option>
                ))}
              </select>
            </label>
          ))}
          <button type="submit" disabled={busy}>
            Preview
          </button>
        </form>
      )}
      {state.step === 'preview' && (
        <>
          <p data-testid="import-summary">
            {state.result.accepted.length} rows will be created, {state.result.rejected.length} will
            not.
          </p>
          {state.result.blocker && <p className="notice notice--error">{state.result.blocker}</p>}
          <table aria-label="Rows to create">
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Date</th>
                <th scope="col">Type</th>
                <th scope="col">Symbol</th>
                <th scope="col">Quantity</th>
                <th scope="col">Amount</th>
                <th scope="col">Fee</th>
              </tr>
            </thead>
            <tbody>
              {state.result.accepted.map((r) => (
                <tr key={r.line}>
                  <td>{r.line}</td>
                  <td>{r.date}</td>
                  <td>{r.type}</td>
                  <td>{r.symbol ?? ''}</td>
                  <td>{r.quantity ?? ''}</td>
                  <td>{formatCents(r.amount_cents)}</td>
                  <td>{r.fee_cents ? formatCents(r.fee_cents) : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {state.result.rejected.length > 0 && (
            <table aria-label="Rows that will not be created">
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Reason</th>
                </tr>
              </thead>
              <tbody>
                {state.result.rejected.map((r) => (
                  <tr key={r.line}>
                    <td>{r.line}</td>
                    <td>{r.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <button
            type="button"
            disabled={busy || state.result.blocker !== null}
            onClick={() => void send('commit', state.csv, state.mapping)}
          >
            Import {state.result.accepted.length} rows
          </button>{' '}
          <button type="button" onClick={() => setState({ step: 'file' })}>
            Start again
          </button>
        </>
      )}
      {state.step === 'done' && (
        <p role="status" data-testid="import-done">
          Imported {state.created} rows.
        </p>
      )}
    </section>
  );
}
