import { lazy, Suspense, useState } from 'react';
import { formatNumber, formatPercent, formatPrice } from '../../../../../shared/format/money';
import type { WatchListItem } from '../../../../../shared/schemas/watchlist';
import { Loading } from '../../../components/Loading';
import { PRICE_RANGES, usePriceRange, type RangeId } from '../api/price-history';

const ClosingPriceChart = lazy(() => import('../../../components/ClosingPriceChart'));

interface WatchlistDetailProps {
  item: WatchListItem;
  onValue: () => void;
  onIgnore: () => void;
  onRemove: () => void;
  removing: boolean;
}

/** The selected stock: quote, a price chart with range tabs, and what to do next. */
export function WatchlistDetail({
  item,
  onValue,
  onIgnore,
  onRemove,
  removing,
}: WatchlistDetailProps) {
  const [range, setRange] = useState<RangeId>('1D');
  const history = usePriceRange(item.stock_symbol, range);
  const label = PRICE_RANGES.find((r) => r.id === range)?.label ?? '';

  let chart;
  if (history.isPending) chart = <Loading label="Loading chart…" />;
  else if (history.isError)
    chart = <p className="watchlist-empty">The price history is not available right now.</p>;
  else if (history.data.length === 0)
    chart = <p className="watchlist-empty">No prices for this range yet.</p>;
  else
    chart = (
      <Suspense fallback={<Loading label="Loading chart…" />}>
        <ClosingPriceChart
          points={history.data}
          label={`${item.stock_symbol} price, ${label}`}
          seriesName="Price"
          area
          height={260}
          className="watchlist-chart"
        />
      </Suspense>
    );

  return (
    <section className="watchlist-detail" aria-label={`${item.stock_symbol} details`}>
      <header className="watchlist-detail__header">
        <div>
          <h2 className="watchlist-detail__title">{item.name ?? item.stock_symbol}</h2>
          <p className="watchlist-detail__symbol">{item.stock_symbol}</p>
        </div>
        <div className="watchlist-detail__quote">
          <strong>{formatPrice(item.price, 'USD')}</strong>
          <span>
            {formatNumber(item.change)} ({formatPercent(item.changesPercentage)})
          </span>
        </div>
      </header>
      <div className="watchlist-ranges" role="tablist" aria-label="Price range">
        {PRICE_RANGES.map((r) => (
          <button
            key={r.id}
            type="button"
            role="tab"
            aria-selected={r.id === range}
            className={r.id === range ? 'is-active' : undefined}
            onClick={() => setRange(r.id)}
          >
            {r.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={`${label} price chart`} className="watchlist-detail__chart">
        {chart}
      </div>
      <div className="watchlist-detail__actions">
        <button type="button" className="button button--primary" onClick={onValue}>
          Value Business
        </button>
        <button type="button" className="button button--ghost" onClick={onIgnore}>
          Ignore
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={removing}
          onClick={onRemove}
        >
          Remove From Watchlist
        </button>
      </div>
    </section>
  );
}
