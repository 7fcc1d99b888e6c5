import { formatNumber, formatPercent, formatPrice } from '../../../../../shared/format/money';
import type { WatchListItem } from '../../../../../shared/schemas/watchlist';
import { AlertButton } from '../../alerts';

interface WatchlistTableProps {
  items: readonly WatchListItem[];
  selected: string | null;
  onSelect: (symbol: string) => void;
  onRemove: (symbol: string) => void;
  removing: string | null;
}

const signClass = (v: number | null) =>
  v === null ? '' : v > 0 ? 'watchlist-up' : v < 0 ? 'watchlist-down' : '';

/** Name, LTP, CHG, CHG % and a Remove button per stock; a row opens its detail card. */
export function WatchlistTable({
  items,
  selected,
  onSelect,
  onRemove,
  removing,
}: WatchlistTableProps) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Watchlist, scrollable">
      <table className="watchlist-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">LTP</th>
            <th scope="col">CHG</th>
            <th scope="col">CHG %</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr
              key={item.stock_symbol}
              data-symbol={item.stock_symbol}
              aria-selected={selected === item.stock_symbol}
              className={selected === item.stock_symbol ? 'is-selected' : undefined}
              onClick={() => onSelect(item.stock_symbol)}
            >
              <th scope="row">
                <button
                  type="button"
                  className="watchlist-table__name"
                  onClick={(e) => {
                    e.stopPropagation();
                    onSelect(item.stock_symbol);
                  }}
                >
                  <strong>{item.stock_symbol}</strong>
                  <span>{item.name ?? item.stock_symbol}</span>
                </button>
              </th>
              <td>{formatPrice(item.price)}</td>
              <td className={signClass(item.change)}>{formatNumber(item.change)}</td>
              <td className={signClass(item.changesPercentage)}>
                {formatPercent(item.changesPercentage)}
              </td>
              <td>
                <button
                  type="button"
                  className="button button--ghost"
                  aria-label={`Remove ${item.stock_symbol}`}
                  disabled={removing === item.stock_symbol}
                  onClick={(e) => {
                    e.stopPropagation();
                    onRemove(item.stock_symbol);
                  }}
                >
                  Remove
                </button>
                {/* The dialog is portaled, but its events still bubble to the row: keep them here. */}
                <span onClick={(e) => e.stopPropagation()}>
                  <AlertButton target={{ symbol: item.stock_symbol }} />
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
