import { Link } from 'react-router-dom';
import type { TrackedPitchRow } from '../../../../../shared/schemas/valuation-api';
import { REVISIT, type TrackedPitchFigures } from '../../../../../shared/tracking/figures';
import { paths } from '../../../lib/paths';
import { groupIntrinsicInput } from '../intrinsic-input';
import { TrashIcon } from '../../../components/TrashIcon';
import { AlertButton } from '../../alerts';
import { ShareButton } from '../../sharing';

export interface Draft {
  text: string;
  error?: string | undefined;
}

interface TrackedTableProps {
  rows: ReadonlyArray<{ record: TrackedPitchRow; figures: TrackedPitchFigures }>;
  drafts: Readonly<Record<string, Draft>>;
  busyId: string | null;
  onStartEdit: (row: TrackedPitchRow) => void;
  onDraft: (id: string, text: string) => void;
  onCancel: (id: string) => void;
  onUpdate: (row: TrackedPitchRow) => void;
  onDelete: (row: TrackedPitchRow) => void;
}

const nameOf = (r: TrackedPitchRow) => r.stock_name?.trim() || r.stock_symbol;
const money = (text: string) => (text === 'N/A' ? text : `$${text}`);

/** "My Tracked Pitches": every figure of a row computed from that row (shared/tracking). */
export function TrackedTable(props: TrackedTableProps) {
  const { rows, drafts, busyId } = props;
  return (
    <div
      className="tracked-scroll"
      tabIndex={0}
      role="region"
      aria-label="My Tracked Pitches, scrollable"
    >
      <table className="tracked-table" aria-labelledby="tracked-title">
        <thead>
          <tr>
            <th scope="col">Company</th>
            <th scope="col">Cost Per Share</th>
            <th scope="col">Market Price</th>
            <th scope="col">Intrinsic Value Per Share</th>
            <th scope="col">Margin of Safety/Premium</th>
            <th scope="col">Actual Gain/Loss</th>
            <th scope="col">Expected Cumulative Gain/Loss</th>
            <th scope="col">Actual MOIC</th>
            <th scope="col">Expected MOIC</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="sr-text">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ record, figures }) => {
            const d = figures.display;
            const name = nameOf(record);
            const draft = drafts[record.id];
            const busy = busyId === record.id;
            return (
              <tr key={record.id} data-testid={`tracked-row-${record.stock_symbol}`}>
                <th scope="row">
                  <span className="tracked-table__name">{name}</span>
                  {name !== record.stock_symbol && (
                    <span className="tracked-table__symbol">{record.stock_symbol}</span>
                  )}
                </th>
                <td data-col="cost">{money(d.costPerShare)}</td>
                <td data-col="price">{money(d.marketPrice)}</td>
                <td data-col="intrinsic">
                  {draft ? (
                    <form
                      className="tracked-edit"
                      onSubmit={(event) => {
                        event.preventDefault();
                        props.onUpdate(record);
                      }}
                    >
                      <input
                        type="text"
                        inputMode="decimal"
                        aria-label={`Intrinsic Value Per Share of ${name}`}
                        aria-invalid={draft.error ? true : undefined}
                        value={draft.text}
                        disabled={busy}
                        onChange={(e) =>
                          props.onDraft(record.id, groupIntrinsicInput(e.target.value))
                        }
                        onKeyDown={(e) => {
                          if (e.key === 'Escape') props.onCancel(record.id);
                        }}
                      />
                      {draft.error && (
                        <span className="tracked-edit__error" role="alert">
                          {draft.error}
                        </span>
                      )}
                    </form>
                  ) : (
                    <span className="tracked-intrinsic">
                      {money(d.intrinsicValuePerShare)}
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={`Edit intrinsic value of ${name}`}
                        onClick={() => props.onStartEdit(record)}
                      >
                        <PencilIcon />
                      </button>
                    </span>
                  )}
                </td>
                <td data-col="margin">
                  <span className={d.marginLabel === 'Premium' ? 'is-bad' : 'is-good'}>
                    {d.marginLabel}
                  </span>{' '}
                  {d.marginPercent}
                </td>
                <td data-col="actual">
                  <span className={d.actualLabel === 'Loss' ? 'is-bad' : 'is-good'}>
                    {d.actualLabel}
                  </span>{' '}
                  {d.actualPercent}
                </td>
                <td data-col="expected">
                  <span className={d.expectedLabel === 'Loss' ? 'is-bad' : 'is-good'}>
                    {d.expectedLabel}
                  </span>{' '}
                  {d.expectedPercent}
                </td>
                <td data-col="actual-moic">{d.actualMoic}</td>
                <td data-col="expected-moic">{d.expectedMoic}</td>
                <td data-col="status">
                  <span
                    className={
                      d.status === REVISIT ? 'tracked-status is-bad' : 'tracked-status is-good'
                    }
                  >
                    {d.status}
                  </span>
                </td>
                <td className="tracked-actions">
                  <button
                    type="button"
                    className="icon-button icon-button--danger"
                    // It deletes the pitch itself (not only its tracking): the label says so.
                    aria-label={`Delete the pitch ${name}`}
                    title="Delete the pitch (from My Pitches too)"
                    disabled={busy}
                    onClick={() => props.onDelete(record)}
                  >
                    <TrashIcon />
                  </button>
                  <AlertButton
                    target={{
                      symbol: record.stock_symbol,
                      valuationId: record.id,
                      ...(figures.intrinsicValuePerShare !== null
                        ? { intrinsicValue: figures.intrinsicValuePerShare }
                        : {}),
                    }}
                  />
                  <ShareButton valuationId={record.id} label={name} />
                  {draft ? (
                    <>
                      <button
                        type="button"
                        className="button button--primary"
                        disabled={busy}
                        onClick={() => props.onUpdate(record)}
                      >
                        Update
                      </button>
                      <button
                        type="button"
                        className="button button--ghost"
                        disabled={busy}
                        onClick={() => props.onCancel(record.id)}
                      >
                        Cancel
                      </button>
                    </>
                  ) : (
                    <Link
                      className="button button--ghost"
                      to={paths.savedValuation(record.id)}
                      aria-label={`Edit ${name}`}
                    >
                      Edit
                    </Link>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function PencilIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        d="M11 2.5l2.5 2.5L6 12.5 3 13l.5-3z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinejoin="round"
      />
    </svg>
  );
}
