import { formatAmount, formatPercent } from '../../../../../shared/tracking/format';
import type { ValuationRecord } from '../../../../../shared/schemas/valuation-api';
import { pitchName, type PitchFigures } from '../figures';
import { TrashIcon } from '../../../components/TrashIcon';

interface PitchListProps {
  pitches: ReadonlyArray<{ record: ValuationRecord; figures: PitchFigures }>;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onDelete: (record: ValuationRecord) => void;
  busyId: string | null;
}

/** The left pane: one row per pitch, a click opens it in the detail pane. */
export function PitchList({ pitches, selectedId, onSelect, onDelete, busyId }: PitchListProps) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="My Pitches, scrollable">
      <table className="pitch-table">
        <thead>
          <tr>
            <th scope="col">My Pitches</th>
            <th scope="col">Market Price</th>
            <th scope="col">Intrinsic Value</th>
            <th scope="col">Margin of Safety/Premium</th>
            <th scope="col">
              <span className="visually-hidden">Delete</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {pitches.map(({ record, figures }) => {
            const name = pitchName(record);
            const selected = record.id === selectedId;
            return (
              <tr
                key={record.id}
                className={selected ? 'pitch-table__row is-selected' : 'pitch-table__row'}
                onClick={() => onSelect(record.id)}
              >
                <th scope="row">
                  <button
                    type="button"
                    className="pitch-table__open"
                    onClick={(event) => {
                      event.stopPropagation();
                      onSelect(record.id);
                    }}
                  >
                    {name}
                  </button>
                  {name !== record.stock_symbol && (
                    <span className="pitch-table__symbol">{record.stock_symbol}</span>
                  )}
                </th>
                <td data-label="Market Price">${formatAmount(figures.marketPrice)}</td>
                <td data-label="Intrinsic Value">
                  ${formatAmount(figures.intrinsicValuePerShare)}
                </td>
                <td data-label="Margin of Safety/Premium">
                  <span className={figures.marginLabel === 'Premium' ? 'is-premium' : 'is-margin'}>
                    {figures.marginLabel}
                  </span>{' '}
                  {formatPercent(figures.marginPercent)}
                </td>
                <td>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Delete ${name}`}
                    disabled={busyId === record.id}
                    onClick={(event) => {
                      event.stopPropagation();
                      onDelete(record);
                    }}
                  >
                    <TrashIcon />
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
