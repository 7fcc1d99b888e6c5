import { formatDisplayDate } from '../../../../../shared/format/dates';
import type { PortfolioRow } from '../../../../../shared/schemas/portfolio-api';
import { formatReturn, formatUsd, returnNote } from '../returns';
import { num, TableHead } from './TableHead';

interface PortfolioTableProps {
  rows: readonly PortfolioRow[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onAdjust: (id: string) => void;
  onDelete: (row: PortfolioRow) => void;
}

/** The dashboard table: a click on a row selects the portfolio and opens its stock panel. */
export function PortfolioTable({
  rows,
  selectedId,
  onSelect,
  onAdjust,
  onDelete,
}: PortfolioTableProps) {
  return (
    <div className="portfolio-table__scroll">
      <table className="portfolio-table">
        <TableHead
          columns={[
            'Portfolio Name',
            'Inception Date',
            num('Net Asset Value'),
            num('IRR since inception'),
            num('S&P 500'),
            'Actions',
          ]}
        />
        <tbody>
          {rows.map((row) => {
            const selected = row.portfolio_id === selectedId;
            return (
              <tr
                key={row.portfolio_id}
                className={selected ? 'is-selected' : undefined}
                aria-selected={selected}
                onClick={() => onSelect(row.portfolio_id)}
              >
                <th scope="row">
                  <button
                    type="button"
                    className="portfolio-table__name"
                    aria-pressed={selected}
                    onClick={(e) => {
                      e.stopPropagation();
                      onSelect(row.portfolio_id);
                    }}
                  >
                    {row.portfolio_name}
                  </button>
                </th>
                <td>{formatDisplayDate(row.inception_date)}</td>
                <td
                  className="num"
                  title={
                    row.missing_quotes.length
                      ? `No quote for ${row.missing_quotes.join(', ')}`
                      : undefined
                  }
                >
                  {row.net_asset_value === null ? 'unavailable' : formatUsd(row.net_asset_value)}
                  {row.stale && <span className="portfolio-stale"> (delayed)</span>}
                </td>
                <td className="num" title={returnNote(row.irr)} data-kind={row.irr.kind}>
                  {formatReturn(row.irr)}
                </td>
                <td
                  className="num portfolio-table__benchmark"
                  title={returnNote(row.benchmark) ?? `${row.benchmark.name} over the same dates`}
                >
                  {formatReturn(row.benchmark)}
                </td>
                <td className="portfolio-table__actions">
                  <button
                    type="button"
                    className="button button--ghost"
                    aria-label={`Adjust ${row.portfolio_name}`}
                    onClick={(e) => {
                      e.stopPropagation();
                      onAdjust(row.portfolio_id);
                    }}
                  >
                    Adjust
                  </button>
                  <button
                    type="button"
                    className="button button--ghost portfolio-table__delete"
                    aria-label={`Delete ${row.portfolio_name}`}
                    onClick={(e) => {
                      e.stopPropagation();
                      onDelete(row);
                    }}
                  >
                    Delete
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
