import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmDialog, useConfirm } from '../../../components/ConfirmDialog';
import { Loading } from '../../../components/Loading';
import { Page } from '../../../components/Page';
import { paths } from '../../../lib/paths';
import { useToast } from '../../../lib/toast';
import { useAddToWatchList, useRemoveFromWatchList, useWatchList } from '../api/watchlist-api';
import { WatchlistDetail } from './WatchlistDetail';
import { WatchlistSearch } from './WatchlistSearch';
import { WatchlistTable } from './WatchlistTable';
import '../watchlist.css';

/** The company view with the methodology chooser open, for "Value Business". */
export function valueBusinessPath(symbol: string): string {
  return `${paths.market}?symbol=${encodeURIComponent(symbol)}&value=1`;
}

/** My Watchlist: search and add stocks, quotes every 30 s, a detail card per stock. */
export function WatchlistPage() {
  const toast = useToast();
  const navigate = useNavigate();
  const list = useWatchList();
  const add = useAddToWatchList();
  const remove = useRemoveFromWatchList();
  const [selected, setSelected] = useState<string | null>(null);
  // A stock leaves the watchlist only once the user confirms, in a dialog naming it.
  const removing = useConfirm<string>();

  const items = useMemo(() => list.data?.data ?? [], [list.data]);
  const watched = useMemo(() => new Set(items.map((i) => i.stock_symbol)), [items]);
  const selectedItem = items.find((i) => i.stock_symbol === selected) ?? null;

  const onAdd = (symbol: string) =>
    add.mutate(symbol, {
      onSuccess: () => toast.success('Watchlist Added successfully'),
      onError: () => toast.error('Error Adding'),
    });

  const onRemove = (symbol: string, done?: () => void) =>
    remove.mutate(symbol, {
      onSuccess: () => {
        toast.success('Removed successfully');
        setSelected((s) => (s === symbol ? null : s));
      },
      onError: () => toast.error('Error Removing'),
      onSettled: () => done?.(),
    });

  let body;
  if (list.isPending) body = <Loading label="Loading your watchlist…" />;
  else if (list.isError)
    body = (
      <div className="notice notice--error" role="alert">
        <p>Your watchlist could not be loaded. Please try again.</p>
        <button type="button" className="button button--ghost" onClick={() => void list.refetch()}>
          Try again
        </button>
      </div>
    );
  else if (items.length === 0)
    body = (
      <div className="watchlist-empty-state">
        <p className="watchlist-empty-state__title">Your watchlist is empty.</p>
        <p>Search for a stock or share above and add it to follow its price here.</p>
      </div>
    );
  else
    body = (
      <WatchlistTable
        items={items}
        selected={selected}
        onSelect={setSelected}
        onRemove={removing.ask}
        removing={remove.isPending ? (remove.variables ?? null) : null}
      />
    );

  return (
    <Page title="My Watchlist" className="watchlist-page">
      <WatchlistSearch
        watched={watched}
        onAdd={onAdd}
        adding={add.isPending ? (add.variables ?? null) : null}
      />
      {items.length > 0 && (
        <p className="watchlist-compare">
          <Link
            className="button button--ghost"
            to={`${paths.compare}?symbols=${items
              .slice(0, 5)
              .map((i) => encodeURIComponent(i.stock_symbol))
              .join(',')}`}
          >
            {items.length > 5 ? 'Compare the first five' : 'Compare'}
          </Link>
        </p>
      )}
      {list.data?.stale && (
        <p className="watchlist-note">
          Quotes may be out of date: the market data service is not answering.
        </p>
      )}
      <div
        className={selectedItem ? 'watchlist-layout watchlist-layout--detail' : 'watchlist-layout'}
      >
        <div className="watchlist-list">{body}</div>
        {selectedItem && (
          <WatchlistDetail
            key={selectedItem.stock_symbol}
            item={selectedItem}
            onValue={() => void navigate(valueBusinessPath(selectedItem.stock_symbol))}
            onIgnore={() => setSelected(null)}
            onRemove={() => removing.ask(selectedItem.stock_symbol)}
            removing={remove.isPending}
          />
        )}
      </div>
      {removing.asked && (
        <ConfirmDialog
          title={`Remove ${removing.asked} from your watchlist?`}
          confirmLabel="Remove"
          onConfirm={() =>
            new Promise<void>((resolve) => onRemove(removing.asked!, () => resolve()))
          }
          onClose={removing.close}
        >
          <p>
            {items.find((i) => i.stock_symbol === removing.asked)?.name ?? removing.asked} stops
            showing here; you can add it again from the search above.
          </p>
        </ConfirmDialog>
      )}
    </Page>
  );
}
