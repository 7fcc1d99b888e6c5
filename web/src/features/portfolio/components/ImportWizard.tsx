import { useId, useState, type DragEvent } from 'react';
import {
  CSV_MAX_BYTES,
  CsvFileError,
  decodeCsvBytes,
  guessMapping,
  IMPORT_FIELDS,
  parseCsv,
  type ColumnMapping,
  type ImportField,
} from '../../../../../shared/portfolio/csv-import';
import { ApiError } from '../../../lib/api-client';
import { importTransactions, type ImportResult } from '../api/import';
import { useReloadPortfolios } from '../api/portfolio-api';
import { formatCents, formatQuantity, formatUsd } from '../returns';
import { TableScroll } from './TableScroll';
import { num, TableHead } from './TableHead';

type Step =
  | { step: 'file' }
  | { step: 'mapping'; name: string; csv: string; header: string[]; mapping: ColumnMapping }
  | { step: 'preview'; name: string; csv: string; mapping: ColumnMapping; result: ImportResult }
  | { step: 'done'; created: number };

const FIELD_LABELS: Record<ImportField, string> = {
  date: 'Date',
  type: 'Type',
  symbol: 'Symbol',
  quantity: 'Quantity',
  price: 'Price',
  amount: 'Amount',
  fee: 'Fee',
};

type Row = ImportResult['accepted'][number];

function RowsTable({ label, rows, fees }: { label: string; rows: readonly Row[]; fees: boolean }) {
  return (
    <TableScroll label={label}>
      <table className="portfolio-table portfolio-table--compact" aria-label={label}>
        <TableHead
          columns={[
            'Line',
            'Date',
            'Type',
            'Symbol',
            num('Quantity'),
            num('Price'),
            num('Amount'),
            ...(fees ? [num('Fee')] : []),
          ]}
        />
        <tbody>
          {rows.map((r) => (
            <tr key={r.line}>
              <td>{r.line}</td>
              <td>{r.date}</td>
              <td>{r.type}</td>
              <td>{r.symbol ?? ''}</td>
              <td className="num">{r.quantity === null ? '' : formatQuantity(r.quantity)}</td>
              <td className="num">{r.price === null ? '' : formatUsd(r.price)}</td>
              <td className="num">{formatCents(r.amount_cents)}</td>
              {fees && <td className="num">{r.fee_cents ? formatCents(r.fee_cents) : ''}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/**
 * Import transactions from a CSV file: choose or drop the file, map its columns, preview
 * (rows to create, rows already in the portfolio, rows refused), then commit all at once.
 */
export function ImportWizard({
  portfolioId,
  onClose,
}: {
  portfolioId: string;
  onClose?: () => void;
}) {
  const [state, setState] = useState<Step>({ step: 'file' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  const reload = useReloadPortfolios();

  const readFile = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (file.size > CSV_MAX_BYTES) {
      setError(`The file is larger than ${CSV_MAX_BYTES / 1_000_000} MB`);
      return;
    }
    // Decoded by the file's byte order mark: UTF-8 with or without one, UTF-16 either way round.
    const csv = decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));
    try {
      const { header } = parseCsv(csv, file.size);
      setState({ step: 'mapping', name: file.name, csv, header, mapping: guessMapping(header) });
    } catch (e) {
      setError(e instanceof CsvFileError ? e.message : 'The file could not be read');
    }
  };

  const onDrop = (e: DragEvent<HTMLLabelElement>) => {
    e.preventDefault();
    setDragging(false);
    void readFile(e.dataTransfer.files[0]);
  };

  const send = async (
    mode: 'preview' | 'commit',
    name: string,
    csv: string,
    mapping: ColumnMapping,
  ) => {
    setBusy(true);
    setError(null);
    try {
      const result = await importTransactions({ portfolioId, mode, csv, mapping });
      if (mode === 'preview') setState({ step: 'preview', name, csv, mapping, result });
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
    <div className="portfolio-import">
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {state.step === 'file' && (
        <>
          <label
            className={`dropzone${dragging ? ' is-dragging' : ''}`}
            onDragEnter={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragOver={(e) => e.preventDefault()}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <input
              type="file"
              accept=".csv,text/csv"
              className="visually-hidden"
              aria-describedby={hintId}
              onChange={(e) => void readFile(e.target.files?.[0])}
            />
            <span className="dropzone__title">Choose a CSV file</span>{' '}
            <span className="dropzone__or">or drop it here</span>
          </label>
          <p id={hintId} className="portfolio-hint">
            Columns: date, type (buy, sell, dividend, deposit, withdrawal), symbol, quantity, price,
            amount, fee, separated by commas, semicolons or tabs; up to 1 MB. New rows are merged by
            date into the portfolio; rows it already has (same day, type, symbol, quantity and
            price) are skipped.
          </p>
        </>
      )}
      {state.step === 'mapping' && (
        <form
          className="portfolio-import__mapping"
          onSubmit={(e) => {
            e.preventDefault();
            void send('preview', state.name, state.csv, state.mapping);
          }}
        >
          <p className="portfolio-import__file">{state.name}: which column holds each field?</p>
          <div className="portfolio-import__fields">
            {IMPORT_FIELDS.map((field: ImportField) => (
              <label key={field} className="field">
                <span className="field__label">{FIELD_LABELS[field]}</span>
                <select
                  className="field__input"
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
          </div>
          <div className="portfolio-import__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? 'Checking…' : 'Preview'}
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setState({ step: 'file' })}
            >
              Choose another file
            </button>
          </div>
        </form>
      )}
      {state.step === 'preview' && (
        <>
          <p data-testid="import-summary" className="portfolio-import__summary">
            {state.result.accepted.length} rows will be created,{' '}
            {state.result.duplicates.length > 0
              ? `${state.result.duplicates.length} are already in the portfolio and will be skipped, `
              : ''}
            {state.result.rejected.length} will not.
          </p>
          {state.result.blocker && <p className="notice notice--error">{state.result.blocker}</p>}
          {state.result.accepted.length > 0 && (
            <RowsTable label="Rows to create" rows={state.result.accepted} fees />
          )}
          {state.result.duplicates.length > 0 && (
            <>
              <h4>Already in the portfolio (skipped)</h4>
              <RowsTable
                label="Rows already in the portfolio"
                rows={state.result.duplicates}
                fees={false}
              />
            </>
          )}
          {state.result.rejected.length > 0 && (
            <>
              <h4>Refused</h4>
              <TableScroll label="Refused rows">
                <table
                  className="portfolio-table portfolio-table--compact"
                  aria-label="Rows that will not be created"
                >
                  <TableHead columns={['Line', 'Reason']} />
                  <tbody>
                    {state.result.rejected.map((r) => (
                      <tr key={r.line}>
                        <td>{r.line}</td>
                        <td className="portfolio-import__reason">{r.reason}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            </>
          )}
          <div className="portfolio-import__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={busy || state.result.blocker !== null || state.result.accepted.length === 0}
              onClick={() => void send('commit', state.name, state.csv, state.mapping)}
            >
              {busy ? 'Importing…' : `Import ${state.result.accepted.length} rows`}
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setState({ step: 'file' })}
            >
              Start again
            </button>
          </div>
        </>
      )}
      {state.step === 'done' && (
        <>
          <p role="status" data-testid="import-done" className="notice notice--info">
            Imported {state.created} rows.
          </p>
          {onClose && (
            <div className="portfolio-import__actions">
              <button type="button" className="button button--primary" onClick={onClose}>
                Done
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
