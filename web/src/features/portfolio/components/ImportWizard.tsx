import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type DragEvent } from 'react';
import {
  ACTIVITY_DATE_FLOOR,
  CSV_MAX_BYTES,
  CsvFileError,
  decodeCsvBytes,
  guessDateFormat,
  guessMapping,
  IMPORT_FIELDS,
  parseCsv,
  readImportRows,
  readType,
  type ColumnMapping,
  type ImportField,
} from '../../../../../shared/portfolio/csv-import';
import {
  DATE_FORMATS,
  foldTypeWord,
  IMPORT_TYPES,
  type DateFormat,
  type ImportType,
} from '../../../../../shared/portfolio/import-mapping';
import { now as clockNow } from '../../../lib/clock';
import { ApiError } from '../../../lib/api-client';
import {
  importTransactions,
  type ImportPresetView,
  type ImportResult,
  listImportPresets,
  saveImportPreset,
} from '../api/import';
import { useReloadPortfolios } from '../api/portfolio-api';
import { formatCents, formatQuantity, formatUsd } from '../returns';
import { TableScroll } from './TableScroll';
import { num, TableHead } from './TableHead';

/** How the file is read: its columns, dates and type words (decision 183). */
interface Reading {
  mapping: ColumnMapping;
  dateFormat: DateFormat;
  typeWords: Record<string, ImportType>;
}

interface Parsed {
  header: string[];
  rows: string[][];
  lines: number[];
}

type Step =
  | { step: 'file' }
  | ({ step: 'mapping'; name: string; csv: string; parsed: Parsed } & Reading)
  | ({ step: 'preview'; name: string; csv: string; result: ImportResult } & Reading)
  | { step: 'done'; created: number };

/** How many of the file's first rows the mapping step shows as they will be read. */
const FIRST_ROWS = 5;

/** The type column's words no type is known for, in the file's order. */
function unknownTypeWords(parsed: Parsed, mapping: ColumnMapping): string[] {
  if (mapping.type === undefined) return [];
  const seen = new Map<string, string>();
  for (const row of parsed.rows) {
    const word = (row[mapping.type] ?? '').trim();
    if (word && readType(word) === null && !seen.has(foldTypeWord(word)))
      seen.set(foldTypeWord(word), word);
  }
  return [...seen.values()].slice(0, 50);
}

/** A preset applied to a file: each field to the column of the same name, else the same place. */
function applyPreset(preset: ImportPresetView, header: readonly string[]): Reading {
  const mapping: ColumnMapping = {};
  for (const field of IMPORT_FIELDS) {
    const at = preset.mapping[field];
    if (at === undefined) continue;
    const name = (preset.columns[at] ?? '').trim().toLowerCase();
    const same = header.findIndex((h) => h.trim().toLowerCase() === name);
    if (same >= 0) mapping[field] = same;
    else if (at < header.length) mapping[field] = at;
  }
  return { mapping, dateFormat: preset.date_format, typeWords: { ...preset.type_words } };
}

/** Choose a saved mapping, or save this one under a name. */
function Presets({
  header,
  reading,
  onApply,
}: {
  header: string[];
  reading: Reading;
  onApply: (reading: Reading) => void;
}) {
  const client = useQueryClient();
  const presets = useQuery({ queryKey: ['importPresets'], queryFn: listImportPresets });
  const [name, setName] = useState('');
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    setNote(null);
    try {
      await saveImportPreset({
        name: name.trim(),
        columns: header,
        mapping: reading.mapping,
        dateFormat: reading.dateFormat,
        typeWords: reading.typeWords,
      });
      await client.invalidateQueries({ queryKey: ['importPresets'] });
      setNote({ ok: true, text: `Saved the preset “${name.trim()}”` });
    } catch (e) {
      setNote({ ok: false, text: e instanceof ApiError ? e.message : 'The preset was not saved' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="portfolio-import__presets">
      <label className="field">
        <span className="field__label">Preset</span>
        <select
          className="field__input"
          defaultValue=""
          onChange={(e) => {
            const preset = presets.data?.find((p) => p.name === e.target.value);
            if (preset) onApply(applyPreset(preset, header));
          }}
        >
          <option value="">(choose a saved mapping)</option>
          {(presets.data ?? []).map((p) => (
            <option key={p.name} value={p.name}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">Save this mapping as</span>
        <input
          className="field__input"
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <button
        type="button"
        className="button button--ghost"
        disabled={saving || name.trim() === ''}
        onClick={() => void save()}
      >
        Save preset
      </button>
      {note && (
        <p role="status" className={`notice ${note.ok ? 'notice--info' : 'notice--error'}`}>
          {note.text}
        </p>
      )}
    </div>
  );
}

/** The first rows as the import will read them (symbols are checked with the preview). */
function FirstRows({ parsed, reading }: { parsed: Parsed; reading: Reading }) {
  const rows = parsed.rows.slice(0, FIRST_ROWS);
  const symbolAt = reading.mapping.symbol;
  const read = readImportRows({
    rows,
    lines: parsed.lines,
    mapping: reading.mapping,
    dateFormat: reading.dateFormat,
    typeWords: reading.typeWords,
    today: clockNow().toISOString().slice(0, 10),
    floor: ACTIVITY_DATE_FLOOR,
    knownSymbols: new Set(
      symbolAt === undefined ? [] : rows.map((r) => (r[symbolAt] ?? '').trim().toUpperCase()),
    ),
  });
  const label = `The first ${rows.length} rows as they will be read`;
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
            num('Fee'),
          ]}
        />
        <tbody>
          {parsed.lines.slice(0, rows.length).map((line) => {
            const r = read.rows.find((x) => x.line === line);
            const refused = read.rejected.find((x) => x.line === line);
            return r ? (
              <tr key={line}>
                <td>{line}</td>
                <td>{r.date}</td>
                <td>{r.type}</td>
                <td>{r.symbol ?? ''}</td>
                <td className="num">{r.quantity === null ? '' : formatQuantity(r.quantity)}</td>
                <td className="num">{r.price === null ? '' : formatUsd(r.price)}</td>
                <td className="num">{formatCents(r.amountCents)}</td>
                <td className="num">{r.feeCents ? formatCents(r.feeCents) : ''}</td>
              </tr>
            ) : (
              <tr key={line}>
                <td>{line}</td>
                <td colSpan={7} className="portfolio-import__reason">
                  {refused?.reason ?? ''}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}

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
      const { header, rows, lines } = parseCsv(csv, file.size);
      const mapping = guessMapping(header);
      const dates = mapping.date === undefined ? [] : rows.map((r) => r[mapping.date!] ?? '');
      setState({
        step: 'mapping',
        name: file.name,
        csv,
        parsed: { header, rows, lines },
        mapping,
        dateFormat: guessDateFormat(dates.slice(0, 200)),
        typeWords: {},
      });
    } catch (e) {
      setError(e instanceof CsvFileError ? e.message : 'The file could not be read');
    }
  };

  const onDrop = (e: DragEvent<HTMLLabelElement>) => {
    e.preventDefault();
    setDragging(false);
    void readFile(e.dataTransfer.files[0]);
  };

  const send = async (mode: 'preview' | 'commit', name: string, csv: string, from: Reading) => {
    const reading: Reading = {
      mapping: from.mapping,
      dateFormat: from.dateFormat,
      typeWords: from.typeWords,
    };
    setBusy(true);
    setError(null);
    try {
      const result = await importTransactions({ portfolioId, mode, csv, ...reading });
      if (mode === 'preview') setState({ step: 'preview', name, csv, ...reading, result });
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
            void send('preview', state.name, state.csv, state);
          }}
        >
          <p className="portfolio-import__file">{state.name}: which column holds each field?</p>
          <Presets
            header={state.parsed.header}
            reading={state}
            onApply={(reading) => setState({ ...state, ...reading })}
          />
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
                    // Another date column: how its dates are written is guessed again.
                    const dateFormat =
                      field === 'date' && mapping.date !== undefined
                        ? guessDateFormat(
                            state.parsed.rows.slice(0, 200).map((r) => r[mapping.date!] ?? ''),
                          )
                        : state.dateFormat;
                    setState({ ...state, mapping, dateFormat });
                  }}
                >
                  <option value="">(none)</option>
                  {state.parsed.header.map((h, i) => (
                    <option key={`${h}-${i}`} value={i}>
                      {h}
                    </option>
                  ))}
                </select>
              </label>
            ))}
            <label className="field">
              <span className="field__label">Dates written as</span>
              <select
                className="field__input"
                value={state.dateFormat}
                onChange={(e) => setState({ ...state, dateFormat: e.target.value as DateFormat })}
              >
                {DATE_FORMATS.map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {unknownTypeWords(state.parsed, state.mapping).length > 0 && (
            <fieldset className="portfolio-import__words">
              <legend>What the file’s types mean</legend>
              <div className="portfolio-import__fields">
                {unknownTypeWords(state.parsed, state.mapping).map((word) => (
                  <label key={word} className="field">
                    <span className="field__label">{word}</span>
                    <select
                      className="field__input"
                      value={state.typeWords[word] ?? ''}
                      onChange={(e) => {
                        const typeWords = { ...state.typeWords };
                        if (e.target.value === '') delete typeWords[word];
                        else typeWords[word] = e.target.value as ImportType;
                        setState({ ...state, typeWords });
                      }}
                    >
                      <option value="">(not imported)</option>
                      {IMPORT_TYPES.map((t) => (
                        <option key={t} value={t}>
                          {t}
                        </option>
                      ))}
                    </select>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <h3>As the rows will be read</h3>
          <FirstRows parsed={state.parsed} reading={state} />
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
            {state.result.counts.accepted} rows will be created,{' '}
            {state.result.counts.duplicates > 0
              ? `${state.result.counts.duplicates} are already in the portfolio and will be skipped, `
              : ''}
            {state.result.counts.rejected} will not.
          </p>
          {state.result.blocker && <p className="notice notice--error">{state.result.blocker}</p>}
          {state.result.accepted.length > 0 && (
            <RowsTable label="Rows to create" rows={state.result.accepted} fees />
          )}
          {state.result.duplicates.length > 0 && (
            <>
              <h3>Already in the portfolio (skipped)</h3>
              <RowsTable
                label="Rows already in the portfolio"
                rows={state.result.duplicates}
                fees={false}
              />
            </>
          )}
          {state.result.rejected.length > 0 && (
            <>
              <h3>Refused</h3>
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
              onClick={() => void send('commit', state.name, state.csv, state)}
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
